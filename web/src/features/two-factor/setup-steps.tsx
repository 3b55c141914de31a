import type { TwoFactorSetup } from '@kora/contracts';
import { ShieldCheck, Smartphone } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { isCompleteCode } from './code-digits';
import { CodeInput } from './code-input';
import { CopyButton } from './copy-button';

export type CopyTarget = 'key' | 'backup-codes';

/** Cancel or Back on the left of a phone's full-width row, the step's action on the right. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">{children}</div>;
}

export function IntroStep({ isStarting, onStart, onCancel }: { isStarting: boolean; onStart: () => void; onCancel: () => void }) {
  return (
    <>
      <div className="flex gap-3 rounded-control border border-line bg-raised p-4">
        <Smartphone aria-hidden className="mt-0.5 size-6 shrink-0 text-gold-400" />
        <div className="grid gap-2 text-sm text-ink-muted">
          <p>
            Add a second step to signing in: after your password, Kora asks for a 6-digit code from an authenticator
            app on your phone, such as Google Authenticator, Microsoft Authenticator or Authy.
          </p>
          <p>Someone who learns your password still cannot get into your account without your phone.</p>
        </div>
      </div>
      <StepActions>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onStart} disabled={isStarting}>
          {isStarting ? 'Starting...' : 'Get Started'}
        </Button>
      </StepActions>
    </>
  );
}

interface SetupStepProps {
  setup: TwoFactorSetup;
  copied: boolean;
  onCopied: () => void;
  onNext: () => void;
  onCancel: () => void;
}

export function SetupStep({ setup, copied, onCopied, onNext, onCancel }: SetupStepProps) {
  return (
    <>
      <ol className="grid gap-4 text-sm text-ink-muted">
        <li className="grid gap-3">
          <p>
            <span className="font-semibold text-ink">1.</span> Scan this QR code with your authenticator app.
          </p>
          <img
            src={setup.qrCode}
            alt="QR code to add Kora to your authenticator app"
            width={200}
            height={200}
            className="mx-auto size-50 rounded-control bg-white p-2"
          />
        </li>
        <li className="grid gap-2">
          <p>
            <span className="font-semibold text-ink">2.</span> Or enter this key in the app by hand:
          </p>
          <div className="flex items-center justify-between gap-2 rounded-control border border-line bg-canvas p-2 pl-3">
            {/* 19ch: four groups of four a line, so the key always reads as two even rows. */}
            <code className="max-w-[19ch] min-w-0 flex-1 font-mono text-sm text-ink" data-testid="manual-entry-key">
              {setup.manualEntryKey}
            </code>
            <CopyButton text={setup.manualEntryKey.replaceAll(' ', '')} label="Copy setup key" copied={copied} onCopied={onCopied} />
          </div>
        </li>
      </ol>
      <StepActions>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onNext}>Next</Button>
      </StepActions>
    </>
  );
}

/** The account's password, asked again to turn two-factor on or off: a session alone is not enough. */
export function CurrentPasswordField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field
      id={id}
      label="Current password"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface VerifyStepProps {
  code: string;
  onCodeChange: (code: string) => void;
  currentPassword: string;
  onCurrentPasswordChange: (password: string) => void;
  isVerifying: boolean;
  onVerify: () => void;
  onBack: () => void;
}

export function VerifyStep({
  code,
  onCodeChange,
  currentPassword,
  onCurrentPasswordChange,
  isVerifying,
  onVerify,
  onBack,
}: VerifyStepProps) {
  const canVerify = isCompleteCode(code) && currentPassword !== '' && !isVerifying;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canVerify) onVerify();
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-5">
      <p className="text-sm text-ink-muted">
        <span className="font-semibold text-ink">3.</span> Enter the 6-digit code your authenticator app now shows for
        Kora, and your password to confirm it is you.
      </p>
      <CodeInput id="two-factor-verify-code" label="Verification code" value={code} onChange={onCodeChange} autoFocus />
      <CurrentPasswordField id="two-factor-verify-password" value={currentPassword} onChange={onCurrentPasswordChange} />
      <StepActions>
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" disabled={!canVerify}>
          {isVerifying ? 'Verifying...' : 'Verify'}
        </Button>
      </StepActions>
    </form>
  );
}

interface SuccessStepProps {
  backupCodes: string[];
  copied: boolean;
  onCopied: () => void;
  onDone: () => void;
}

export function SuccessStep({ backupCodes, copied, onCopied, onDone }: SuccessStepProps) {
  return (
    <>
      <div className="flex items-center gap-3 rounded-control border border-jade-700 bg-jade-900 p-4 text-sm text-jade-300">
        <ShieldCheck aria-hidden className="size-6 shrink-0" />
        <p>Two-factor authentication is on. Signing in now also asks for a code.</p>
      </div>
      <div className="grid gap-3">
        <div className="flex items-center justify-between gap-3">
          <h3 className="text-sm font-semibold">Backup codes</h3>
          <CopyButton text={backupCodes.join('\n')} label="Copy backup codes" copied={copied} onCopied={onCopied} />
        </div>
        <p className="text-sm text-ink-muted">
          Store these somewhere safe, such as a password manager or on paper. If you lose your phone, each code lets you
          sign in once. They will not be shown again.
        </p>
        <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-control border border-line bg-canvas p-3">
          {backupCodes.map((code) => (
            <li key={code} className="text-center font-mono text-base tracking-wide text-ink">
              {code}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone} className="w-full sm:w-auto">
          Done
        </Button>
      </div>
    </>
  );
}
