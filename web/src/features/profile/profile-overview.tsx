import type { User } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, LogOut, Mail, Pencil } from 'lucide-react';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { useSignOut } from '../auth/api';
import { userStatsQuery } from './api';
import { ProfileBadges } from './profile-badges';
import { formatJoinMonth, profileHandle, profileInitials } from './profile-identity';
import { ProfileStats, ProfileStatsSkeleton } from './profile-stats';

export function ProfileOverview({ user, onEdit }: { user: User; onEdit: () => void }) {
  const stats = useQuery(userStatsQuery);
  const signOut = useSignOut();

  return (
    <div className="grid gap-6">
      <ProfileIdentity user={user} />
      {stats.isPending ? (
        <ProfileStatsSkeleton />
      ) : stats.isError ? (
        <LoadError title="Could not load your stats" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <ProfileStats stats={stats.data} />
      )}
      {stats.data && <ProfileBadges stats={stats.data} />}
      <div className="flex flex-col-reverse gap-2 border-t border-line pt-5 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => void signOut()}>
          <LogOut aria-hidden />
          Sign Out
        </Button>
        <Button onClick={onEdit}>
          <Pencil aria-hidden />
          Edit Profile
        </Button>
      </div>
    </div>
  );
}

function ProfileIdentity({ user }: { user: User }) {
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
      <span
        aria-hidden
        className="grid size-20 shrink-0 place-items-center rounded-full bg-linear-to-br from-gold-400 to-coral-500 text-2xl font-extrabold text-on-gold"
      >
        {profileInitials(user)}
      </span>
      <div className="grid min-w-0 gap-1">
        <h3 className="text-2xl font-extrabold tracking-tight break-words">{name}</h3>
        <p className="text-sm font-medium break-all text-gold-300">{profileHandle(user.email)}</p>
        <p className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-sm text-ink-muted sm:justify-start">
          <span className="inline-flex min-w-0 items-center gap-1.5 break-all">
            <Mail aria-hidden className="size-4 shrink-0" />
            {user.email}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden className="size-4 shrink-0" />
            Joined {formatJoinMonth(user.createdAt)}
          </span>
        </p>
        <p className="mt-1 text-sm break-words text-ink-muted">{user.bio?.trim() || 'No bio yet. Tell listeners about yourself.'}</p>
      </div>
    </div>
  );
}
