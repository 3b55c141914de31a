import { ShieldCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '../../ui/button';
import { isCompleteCode } from './code-digits';
import { CodeInput } from './code-input';
import { CurrentPasswordField, StepActions } from './setup-steps';

interface DisableFormProps {
  code: string;
  onCodeChange: (code: string) => void;
  currentPassword: string;
  onCurrentPasswordChange: (password: string) => void;
  isDisabling: boolean;
  onDisable: () => void;
  onCancel: () => void;
}

/** The initial step when two-factor is already on: a current code and the password turn it off. */
export function DisableForm({
  code,
  onCodeChange,
  currentPassword,
  onCurrentPasswordChange,
  isDisabling,
  onDisable,
  onCancel,
}: DisableFormProps) {
  const canDisable = isCompleteCode(code) && currentPassword !== '' && !isDisabling;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canDisable) onDisable();
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-5">
      <div className="flex items-center gap-3 rounded-control border border-jade-700 bg-jade-900 p-4 text-sm text-jade-300">
        <ShieldCheck aria-hidden className="size-6 shrink-0" />
        <p>Two-factor authentication is on for your account.</p>
      </div>
      <p className="text-sm text-ink-muted">
        To turn it off, enter the 6-digit code your authenticator app shows for Kora and your password. Signing in will
        then need only your password.
      </p>
      <CodeInput id="two-factor-disable-code" label="Verification code" value={code} onChange={onCodeChange} />
      <CurrentPasswordField id="two-factor-disable-password" value={currentPassword} onChange={onCurrentPasswordChange} />
      <StepActions>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!canDisable}>
          {isDisabling ? 'Disabling...' : 'Disable 2FA'}
        </Button>
      </StepActions>
    </form>
  );
}
