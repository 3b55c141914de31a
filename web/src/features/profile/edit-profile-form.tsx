import type { User } from '@kora/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { TextareaField } from '../../ui/textarea-field';
import { isNewEmail, pickProfileChanges, withCurrentPassword } from '../settings/profile-changes';
import { useUpdateProfile } from '../settings/api';

/**
 * The Edit Profile form, prefilled. Only real edits are sent (spec section 5: an empty or
 * unchanged field is ignored), with the same mutation as the Settings dialog's profile fields.
 * A new e-mail address also asks for the current password, as the server does.
 */
export function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [email, setEmail] = useState(user.email);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const update = useUpdateProfile();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes = pickProfileChanges(user, { firstName, lastName, email, phone, bio });
    if (Object.keys(changes).length === 0) return onDone();
    update.mutate(withCurrentPassword(changes, currentPassword), { onSuccess: onDone });
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-first-name" label="First name" value={firstName} onChange={(e) => setFirstName(e.target.value)} maxLength={100} autoComplete="given-name" />
        <Field id="profile-last-name" label="Last name" value={lastName} onChange={(e) => setLastName(e.target.value)} maxLength={100} autoComplete="family-name" />
      </div>
      <Field id="profile-email" label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} autoComplete="email" />
      {isNewEmail(user, email) && (
        <Field
          id="profile-current-password"
          label="Current password"
          type="password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          autoComplete="current-password"
          placeholder="Needed to change your email"
        />
      )}
      <Field id="profile-phone" label="Phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} maxLength={20} autoComplete="tel" placeholder="+234 800 000 0000" />
      <TextareaField id="profile-bio" label="Bio" value={bio} onChange={(e) => setBio(e.target.value)} maxLength={500} placeholder="Tell listeners about yourself" />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
