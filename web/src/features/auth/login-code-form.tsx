import { SIGN_IN_EXPIRED_MESSAGE } from '@kora/contracts';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { isCompleteCode } from '../two-factor/code-digits';
import { CodeInput } from '../two-factor/code-input';
import { useLoginSecondStepMutation } from './api';

interface LoginCodeFormProps {
  challenge: string;
  /** Back to the e-mail and password step. */
  onCancel: () => void;
}

/** The second step of a sign-in with two-factor on: the app's 6-digit code, or a backup code. */
export function LoginCodeForm({ challenge, onCancel }: LoginCodeFormProps) {
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [code, setCode] = useState('');
  const secondStep = useLoginSecondStepMutation();
  const isComplete = useBackupCode ? code.trim().length > 0 : isCompleteCode(code);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isComplete || secondStep.isPending) return;
    secondStep.mutate(
      { challenge, code: code.trim() },
      {
        onError: (error) => {
          setCode('');
          // The challenge is gone (expired, or too many tries): only the password step can start a new one.
          if (getErrorMessage(error) === SIGN_IN_EXPIRED_MESSAGE) onCancel();
        },
      },
    );
  }

  function handleSwitchKind() {
    setUseBackupCode((current) => !current);
    setCode('');
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold">Two-factor authentication</h2>
        <p className="text-sm text-ink-muted">
          {useBackupCode
            ? 'Enter one of the backup codes you saved when you turned on two-factor. Each works once.'
            : 'Enter the 6-digit code your authenticator app shows for Kora.'}
        </p>
      </div>
      {useBackupCode ? (
        <Field
          id="login-backup-code"
          label="Backup code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="abcd-efgh"
          maxLength={32}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      ) : (
        <CodeInput id="login-code" label="Verification code" value={code} onChange={setCode} autoFocus />
      )}
      <Button type="submit" size="lg" disabled={!isComplete || secondStep.isPending} className="mt-2 w-full">
        {secondStep.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="grid justify-items-center gap-1 sm:-mx-3 sm:flex sm:items-center sm:justify-between">
        <Button variant="ghost" size="sm" onClick={handleSwitchKind}>
          {useBackupCode ? 'Use your authenticator app' : 'Use a backup code'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Back to log in
        </Button>
      </div>
    </form>
  );
}
