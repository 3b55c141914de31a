import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { toast } from '../../ui/use-toast';
import {
  IDENTITY_LABELS,
  LINKED_ACCOUNT_PROVIDERS,
  checkIdentity,
  connectAccount,
  describeLinkedAccount,
  disconnectAccount,
  type LinkedAccountProvider,
  type LinkedAccounts,
} from './linked-accounts';
import { saveLinkedAccounts, useLinkedAccounts } from './use-linked-accounts';

interface LinkedAccountsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function keep(accounts: LinkedAccounts, title: string, description: string): boolean {
  if (!saveLinkedAccounts(accounts)) {
    toast({ title: 'Not Saved', description: 'This browser would not let Kora keep it on this device.', variant: 'destructive' });
    return false;
  }
  toast({ title, description });
  return true;
}

/** The Linked Accounts dialog (spec section 2): eight services, each connected or not, on this device only. */
export function LinkedAccountsDialog({ open, onOpenChange }: LinkedAccountsDialogProps) {
  const accounts = useLinkedAccounts();
  const [connecting, setConnecting] = useState<LinkedAccountProvider['id'] | null>(null);

  function handleOpenChange(next: boolean) {
    if (!next) setConnecting(null);
    onOpenChange(next);
  }

  function handleDisconnect(provider: LinkedAccountProvider) {
    keep(disconnectAccount(accounts, provider.id), 'Account Disconnected', `${provider.name} is no longer linked.`);
  }

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title="Linked Accounts"
      description="Kept on this device only: Kora does not sign in to these services or share anything with them."
    >
      <ul className="grid divide-y divide-line">
        {LINKED_ACCOUNT_PROVIDERS.map((provider) => {
          const connectedAs = describeLinkedAccount(provider, accounts[provider.id]);
          return (
            <li key={provider.id} className="grid gap-3 py-3">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden
                  className="grid size-10 shrink-0 place-items-center rounded-full bg-raised text-sm font-bold text-gold-300"
                >
                  {provider.name.charAt(0)}
                </span>
                <div className="grid min-w-0 flex-1">
                  <p className="text-sm font-semibold">{provider.name}</p>
                  <p className="truncate text-xs text-ink-subtle">{connectedAs ? `Connected as ${connectedAs}` : 'Not connected'}</p>
                </div>
                {connectedAs ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Disconnect ${provider.name}`}
                    onClick={() => handleDisconnect(provider)}
                  >
                    Disconnect
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Connect ${provider.name}`}
                    aria-expanded={connecting === provider.id}
                    onClick={() => setConnecting(connecting === provider.id ? null : provider.id)}
                  >
                    Connect
                  </Button>
                )}
              </div>
              {connecting === provider.id && !connectedAs && (
                <ConnectForm
                  provider={provider}
                  onCancel={() => setConnecting(null)}
                  onConnect={(value) => {
                    const kept = keep(
                      connectAccount(accounts, provider, value),
                      'Account Connected',
                      `${provider.name} is linked to your Kora account on this device.`,
                    );
                    if (kept) setConnecting(null);
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}

interface ConnectFormProps {
  provider: LinkedAccountProvider;
  onCancel: () => void;
  onConnect: (value: string) => void;
}

/** Asks for the identity the service uses: an e-mail (Google, Apple), a channel (YouTube) or a username. */
function ConnectForm({ provider, onCancel, onConnect }: ConnectFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const label = `${provider.name} ${IDENTITY_LABELS[provider.identity].toLowerCase()}`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkIdentity(provider.identity, value);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    onConnect(check.value);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-2 rounded-control bg-raised p-3">
      <label htmlFor={inputId} className="text-sm font-medium text-ink-muted">
        {label}
      </label>
      <input
        id={inputId}
        // The form opens because the listener asked to type here.
        autoFocus
        type={provider.identity === 'email' ? 'email' : 'text'}
        autoComplete={provider.identity === 'email' ? 'email' : 'off'}
        autoCapitalize="none"
        spellCheck={false}
        placeholder={provider.identity === 'username' ? '@username' : provider.identity === 'email' ? 'you@example.com' : 'Channel name'}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-12 w-full rounded-control border border-line bg-canvas px-3.5 text-base text-ink placeholder:text-ink-subtle transition-colors hover:border-line-strong focus-visible:border-gold-400 focus-visible:outline-1 focus-visible:outline-offset-0"
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-coral-300">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm">
          Connect
        </Button>
      </div>
    </form>
  );
}
