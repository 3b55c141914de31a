import type { Playlist } from '@kora/contracts';
import { Link } from 'react-router';
import { playlistPath } from '../../ui/catalogue-links';
import { cn } from '../../ui/cn';
import { CoverImage } from '../../ui/cover-image';
import { cardCoverSizes } from '../../ui/image-sizes';
import { formatQuantity } from '../../ui/format';
import { PlayToggleButton } from '../../ui/play-toggle-button';
import { Skeleton } from '../../ui/skeleton';
import { usePickPlayback } from './use-pick-playback';

/** A playlist on the home page: the card opens it, the round button plays its first song. */
/** `coverSizes`: the cover's shown width at each breakpoint (its grid's columns, see cardCoverSizes). */
export function PlaylistCard({ playlist, coverSizes = cardCoverSizes() }: { playlist: Playlist; coverSizes?: string }) {
  const { isCurrent: isThisPlaylist, isActive, isStarting, toggle } = usePickPlayback(playlist.id);

  return (
    <article className="group relative min-w-0 rounded-card bg-surface p-2.5 transition-colors hover:bg-raised sm:p-3">
      <div className="relative">
        <CoverImage src={playlist.coverUrl} color={playlist.coverColor} size={200} sizes={coverSizes} className="w-full rounded-control shadow-lg shadow-black/40" />
        <PlayToggleButton
          label={playlist.name}
          isActive={isActive}
          isBusy={isStarting}
          disabled={playlist.songCount === 0}
          onClick={toggle}
          // Above the stretched link, so the button plays instead of opening the playlist.
          className={cn(
            'absolute right-2 bottom-2 z-10',
            !isThisPlaylist &&
              'pointer-fine:translate-y-1 pointer-fine:opacity-0 pointer-fine:group-focus-within:translate-y-0 pointer-fine:group-focus-within:opacity-100 pointer-fine:group-hover:translate-y-0 pointer-fine:group-hover:opacity-100',
          )}
        />
      </div>
      <h3 className="mt-3 line-clamp-2 text-sm font-semibold break-words">
        <Link
          to={playlistPath(playlist.id)}
          className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-gold-400"
        >
          {playlist.name}
        </Link>
      </h3>
      <p className="mt-0.5 truncate text-xs text-ink-subtle">
        {playlist.description || formatQuantity(playlist.songCount, 'song')}
      </p>
    </article>
  );
}

export function PlaylistCardSkeleton() {
  return (
    <div className="rounded-card bg-surface p-2.5 sm:p-3">
      <Skeleton className="aspect-square w-full" />
      <Skeleton className="mt-3 h-4 w-3/4" />
      <Skeleton className="mt-1.5 h-3 w-2/5" />
    </div>
  );
}
