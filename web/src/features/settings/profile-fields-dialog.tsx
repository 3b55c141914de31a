import type { User } from '@kora/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { TextareaField } from '../../ui/textarea-field';
import { useUpdateProfile } from './api';
import {
  isNewEmail,
  pickProfileChanges,
  withCurrentPassword,
  type EditableProfileField,
  type ProfileFormValues,
} from './profile-changes';

const FIELD_INPUTS: Record<EditableProfileField, { label: string; type: string; autoComplete: string; multiline?: boolean }> = {
  firstName: { label: 'First name', type: 'text', autoComplete: 'given-name' },
  lastName: { label: 'Last name', type: 'text', autoComplete: 'family-name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  phone: { label: 'Phone', type: 'tel', autoComplete: 'tel' },
  bio: { label: 'Bio', type: 'text', autoComplete: 'off', multiline: true },
};

interface ProfileFieldsDialogProps {
  user: User;
  fields: readonly EditableProfileField[];
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Edits some of the account's profile fields; a form left empty or unchanged closes without a call.
 * A new e-mail address also asks for the current password, as the server does.
 */
export function ProfileFieldsDialog({ user, fields, title, description, open, onOpenChange }: ProfileFieldsDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <ProfileFieldsForm user={user} fields={fields} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

/** Mounted with the dialog's content: each opening starts from the account as it is. */
function ProfileFieldsForm({ user, fields, onDone }: { user: User; fields: readonly EditableProfileField[]; onDone: () => void }) {
  const idPrefix = useId();
  const [values, setValues] = useState<ProfileFormValues>(() =>
    Object.fromEntries(fields.map((field) => [field, user[field] ?? ''])),
  );
  const [currentPassword, setCurrentPassword] = useState('');
  const updateProfile = useUpdateProfile();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes = pickProfileChanges(user, values);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    updateProfile.mutate(withCurrentPassword(changes, currentPassword), { onSuccess: onDone });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4">
      {fields.map((field) => {
        const input = FIELD_INPUTS[field];
        const common = {
          id: `${idPrefix}-${field}`,
          label: input.label,
          value: values[field] ?? '',
          autoComplete: input.autoComplete,
        };
        return input.multiline ? (
          <TextareaField
            key={field}
            {...common}
            maxLength={500}
            onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
          />
        ) : (
          <Field
            key={field}
            {...common}
            type={input.type}
            maxLength={field === 'email' ? 254 : 100}
            onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
          />
        );
      })}
      {values.email !== undefined && isNewEmail(user, values.email) && (
        <Field
          id={`${idPrefix}-current-password`}
          label="Current password"
          type="password"
          value={currentPassword}
          autoComplete="current-password"
          placeholder="Needed to change your email"
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
      )}
      <p className="text-xs text-ink-subtle">A field left empty keeps its current value.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={updateProfile.isPending}>
          {updateProfile.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
