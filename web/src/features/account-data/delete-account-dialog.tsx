import { ACCOUNT_DELETION_GRACE_DAYS } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { toast } from '../../ui/use-toast';
import { useSignOut } from '../auth/api';
import { twoFactorStatusQuery } from '../two-factor/api';
import { formatWhen, useDeleteAccount } from './api';

/**
 * Deleting the account: the password and, with two-factor on, a code, because a session left open
 * on a shared phone must not be enough. Once done, this device is signed out (as every other is by
 * the server) and the landing page says until when signing in brings the account back.
 */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const twoFactor = useQuery(twoFactorStatusQuery);
  const deletion = useDeleteAccount();
  const signOut = useSignOut();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const needsCode = twoFactor.data?.enabled === true;

  function handleOpenChange(next: boolean) {
    if (!next) {
      setPassword('');
      setCode('');
      deletion.reset();
    }
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    deletion.mutate(
      { password, ...(needsCode ? { code } : {}) },
      {
        onSuccess: async ({ purgeAt }) => {
          await signOut();
          toast({
            title: 'Your account is deleted',
            description: `You are signed out everywhere. Changed your mind? Sign in before ${formatWhen(purgeAt)} and your account comes back as it was.`,
          });
        },
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title="Delete your account?"
      description={`You will be signed out everywhere and your uploads and playlists hidden at once. Sign in within ${ACCOUNT_DELETION_GRACE_DAYS} days to undo it; after that it is permanent.`}>
      <form className="grid gap-4" onSubmit={handleSubmit}>
        <Field
          id="delete-account-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {needsCode && (
          <Field
            id="delete-account-code"
            label="Code from your authenticator app (or a backup code)"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={20}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        {deletion.isError && (
          <p role="alert" className="rounded-control bg-coral-900 px-3 py-2 text-sm text-coral-300">
            {getErrorMessage(deletion.error)}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={deletion.isPending || password === '' || (needsCode && code.trim() === '')}>
            {deletion.isPending ? 'Deleting…' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
