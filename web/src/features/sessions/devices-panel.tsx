import type { DeviceSession } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Globe, Laptop, type LucideIcon, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { LoadError } from '../../ui/load-error';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { sessionsQuery, useSignOutOtherSessions, useSignOutSession } from './api';
import { describeSession, deviceKind, formatFirstSeen, formatLastSeen } from './session-labels';

const KIND_ICONS: Record<ReturnType<typeof deviceKind>, LucideIcon> = { phone: Smartphone, computer: Laptop, unknown: Globe };

/**
 * The Settings dialog's "Where you're signed in" sub-view (issue 18): every session of the account
 * with its browser and system, when it signed in and was last active, this device marked; any
 * other can be signed out, or all of them at once.
 */
export function DevicesPanel() {
  const { data, isPending, isError, error, refetch } = useQuery(sessionsQuery);
  if (isPending) {
    return (
      <LoadingRegion label="Loading where you're signed in" className="grid gap-2">
        <Skeleton className="h-20 rounded-card" />
        <Skeleton className="h-20 rounded-card" />
      </LoadingRegion>
    );
  }
  if (isError) return <LoadError title="Could not load your devices" error={error} onRetry={() => void refetch()} as="p" />;

  const others = data.sessions.filter((session) => !session.isCurrent);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-ink-muted">
        If you do not recognise a device, sign it out and change your password.
      </p>
      <ul aria-label="Signed-in devices" className="grid gap-2">
        {data.sessions.map((session) => (
          <SessionItem key={session.id} session={session} />
        ))}
      </ul>
      {others.length > 0 ? (
        <SignOutOthersButton count={others.length} />
      ) : (
        <p className="text-sm text-ink-subtle">You are not signed in anywhere else.</p>
      )}
    </div>
  );
}

function SessionItem({ session }: { session: DeviceSession }) {
  const signOut = useSignOutSession();
  const name = describeSession(session);
  const Icon = KIND_ICONS[deviceKind(session)];
  return (
    <li className="flex items-center gap-3 rounded-card border border-line bg-raised p-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-gold-400/15 text-gold-400">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 text-sm font-semibold break-words text-ink">{name}</p>
          {session.isCurrent && (
            <span className="rounded-full bg-gold-400/15 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-gold-300">This device</span>
          )}
        </div>
        <p className="text-xs text-ink-muted">{formatLastSeen(session)}</p>
        <p className="text-xs text-ink-subtle">
          Signed in <span className="whitespace-nowrap">{formatFirstSeen(session)}</span>
        </p>
      </div>
      {!session.isCurrent && (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Sign out ${name}`}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(session)}>
          {signOut.isPending ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}

function SignOutOthersButton({ count }: { count: number }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const signOutOthers = useSignOutOtherSessions();
  return (
    <>
      <Button variant="outline" onClick={() => setIsConfirming(true)}>
        Sign out all other devices
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Sign out all other devices?"
        description={`${count === 1 ? 'The other device' : `The ${count} other devices`} will need your password to sign in again. This device stays signed in.`}
        confirmLabel="Sign out others"
        pendingLabel="Signing out..."
        isPending={signOutOthers.isPending}
        onConfirm={() => signOutOthers.mutate(undefined, { onSettled: () => setIsConfirming(false) })}
      />
    </>
  );
}
