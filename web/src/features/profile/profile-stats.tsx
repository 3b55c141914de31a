import type { UserStats } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Clock, Heart, ListMusic, PlayCircle, UserCheck, Users } from 'lucide-react';
import { formatCount } from '../../ui/format';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { likedPlaylistsCountQuery } from '../playlists/api';
import { ProfileSection } from './profile-section';

/** Music Stats, Social & Following and My Playlists, from GET /api/user/stats. */
export function ProfileStats({ stats }: { stats: UserStats }) {
  const likedPlaylists = useQuery(likedPlaylistsCountQuery).data?.count;
  return (
    <div className="grid gap-6">
      <ProfileSection title="Music Stats">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <StatTile icon={PlayCircle} label="Total Plays" value={stats.totalPlayCount} />
          <StatTile icon={Clock} label="Minutes Streamed" value={stats.minutesStreamed} />
          <StatTile icon={Heart} label="Songs Liked" value={stats.songsLiked} />
          <StatTile icon={ListMusic} label="Playlists Created" value={stats.playlistsCreated} />
        </dl>
      </ProfileSection>
      <div className="grid gap-6 sm:grid-cols-2">
        <ProfileSection title="Social & Following">
          <dl className="grid grid-cols-2 gap-2">
            <StatTile icon={UserCheck} label="Following" value={stats.followingCount} />
            <StatTile icon={Users} label="Followers" value={stats.followersCount} />
          </dl>
        </ProfileSection>
        <ProfileSection title="My Playlists">
          <dl className="grid grid-cols-2 gap-2">
            <StatTile icon={ListMusic} label="Created" value={stats.playlistsCreated} />
            <StatTile icon={Heart} label="Liked" value={likedPlaylists} />
          </dl>
        </ProfileSection>
      </div>
    </div>
  );
}

/** One figure: the label names it for screen readers too (dt/dd). Undefined while it loads. */
function StatTile({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: number | undefined }) {
  return (
    <div className="grid gap-1 rounded-card bg-raised p-3">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-ink-subtle">
        <Icon aria-hidden className="size-4 shrink-0 text-gold-400" />
        {label}
      </dt>
      <dd className="text-2xl font-extrabold tabular-nums">{value === undefined ? '–' : formatCount(value)}</dd>
    </div>
  );
}

export function ProfileStatsSkeleton() {
  return (
    <LoadingRegion label="Loading your stats" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} className="h-[4.5rem] rounded-card" />
      ))}
    </LoadingRegion>
  );
}
