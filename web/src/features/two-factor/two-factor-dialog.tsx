import type { TwoFactorSetup } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { getErrorMessage } from '../../api/error-message';
import { twoFactorStatusQuery, useTwoFactorDisable, useTwoFactorSetup, useTwoFactorVerify } from './api';
import { COPIED_INDICATOR_MS } from './copy-button';
import { DisableForm } from './disable-form';
import { IntroStep, SetupStep, SuccessStep, VerifyStep, type CopyTarget } from './setup-steps';

type Step = 'initial' | 'setup' | 'verify' | 'success';

const STEP_DESCRIPTIONS: Record<Step, string> = {
  initial: 'Protect your account with a code from your phone.',
  setup: 'Add Kora to your authenticator app.',
  verify: 'Check that the app and Kora agree.',
  success: 'Your account is now better protected.',
};

/**
 * The Two-factor dialog of spec section 2: initial (or, when already on, a disable form), setup
 * (QR code and manual key), verify and success. Turning it on or off also asks for the current
 * password. Closing resets the step, code, password, setup data and copied flag, so the next
 * opening starts over.
 */
export function TwoFactorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [step, setStep] = useState<Step>('initial');
  const [code, setCode] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [setupData, setSetupData] = useState<TwoFactorSetup | null>(null);
  const [copied, setCopied] = useState<CopyTarget | null>(null);
  const copiedTimer = useRef<number | undefined>(undefined);
  const status = useQuery({ ...twoFactorStatusQuery, enabled: open });
  const setup = useTwoFactorSetup();
  const verify = useTwoFactorVerify();
  const disable = useTwoFactorDisable();

  useEffect(() => () => window.clearTimeout(copiedTimer.current), []);

  function handleCopied(target: CopyTarget) {
    setCopied(target);
    window.clearTimeout(copiedTimer.current);
    copiedTimer.current = window.setTimeout(() => setCopied(null), COPIED_INDICATOR_MS);
  }

  function handleOpenChange(next: boolean) {
    if (!next) {
      setStep('initial');
      setCode('');
      setCurrentPassword('');
      setSetupData(null);
      setCopied(null);
      window.clearTimeout(copiedTimer.current);
    }
    onOpenChange(next);
  }

  const close = () => handleOpenChange(false);

  function handleStart() {
    setup.mutate(undefined, {
      onSuccess: (data) => {
        setSetupData(data);
        setStep('setup');
      },
    });
  }

  function handleVerify() {
    if (!setupData) return;
    verify.mutate(
      { token: code, tempSecret: setupData.tempSecret, backupCodes: setupData.backupCodes, currentPassword },
      {
        onSuccess: () => {
          setCode('');
          setCurrentPassword('');
          setStep('success');
        },
        onError: () => setCode(''),
      },
    );
  }

  function handleDisable() {
    disable.mutate({ token: code, currentPassword }, { onSuccess: close, onError: () => setCode('') });
  }

  function renderStep() {
    if (step === 'setup' && setupData) {
      return (
        <SetupStep
          setup={setupData}
          copied={copied === 'key'}
          onCopied={() => handleCopied('key')}
          onNext={() => setStep('verify')}
          onCancel={close}
        />
      );
    }
    if (step === 'verify' && setupData) {
      return (
        <VerifyStep
          code={code}
          onCodeChange={setCode}
          currentPassword={currentPassword}
          onCurrentPasswordChange={setCurrentPassword}
          isVerifying={verify.isPending}
          onVerify={handleVerify}
          onBack={() => setStep('setup')}
        />
      );
    }
    if (step === 'success' && setupData) {
      return (
        <SuccessStep
          backupCodes={setupData.backupCodes}
          copied={copied === 'backup-codes'}
          onCopied={() => handleCopied('backup-codes')}
          onDone={close}
        />
      );
    }
    if (status.isPending) return <p className="py-6 text-center text-sm text-ink-muted">Loading...</p>;
    if (status.isError) {
      return (
        <div className="grid gap-3 text-sm text-ink-muted">
          <p>Could not load your two-factor settings. {getErrorMessage(status.error)}</p>
          <Button variant="outline" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    if (status.data.enabled) {
      return (
        <DisableForm
          code={code}
          onCodeChange={setCode}
          currentPassword={currentPassword}
          onCurrentPasswordChange={setCurrentPassword}
          isDisabling={disable.isPending}
          onDisable={handleDisable}
          onCancel={close}
        />
      );
    }
    return <IntroStep isStarting={setup.isPending} onStart={handleStart} onCancel={close} />;
  }

  const description = step === 'initial' && status.data?.enabled ? 'Turn off the code at sign-in.' : STEP_DESCRIPTIONS[step];

  return (
    <Modal open={open} onOpenChange={handleOpenChange} title="Two-Factor Authentication" description={description}>
      {renderStep()}
    </Modal>
  );
}
