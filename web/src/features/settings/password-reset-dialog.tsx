import { PASSWORD_MIN_LENGTH } from '@kora/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { toast } from '../../ui/use-toast';

interface PasswordResetDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Password Reset in Settings: a signed-in listener sets a new password after giving the current one
 * (Kora sends no e-mail, so there is no reset link). The server signs every other device out.
 */
export function PasswordResetDialog({ open, onOpenChange }: PasswordResetDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Password Reset"
      description="Choose a new password. Other devices signed in to your account will be signed out."
    >
      <PasswordForm onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

/** Mounted with the dialog's content, so each opening starts empty. */
function PasswordForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/password', { currentPassword, newPassword }),
    onSuccess: () => {
      toast({ title: 'Password Changed', description: 'Your new password is set. Other devices were signed out.' });
      onDone();
    },
    onError: (error) => toast({ title: 'Password Not Changed', description: getErrorMessage(error), variant: 'destructive' }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!currentPassword) return setProblem('Please enter your current password.');
    if (newPassword.length < PASSWORD_MIN_LENGTH) return setProblem(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    if (newPassword !== confirmation) return setProblem('The new passwords do not match.');
    setProblem(null);
    change.mutate();
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4">
      <Field
        id={`${id}-current`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <Field
        id={`${id}-new`}
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <Field
        id={`${id}-confirm`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      {problem && (
        <p role="alert" className="text-sm text-coral-300">
          {problem}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
