import type { Playlist } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { ListMusic } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePlayer } from '../../player/player-context';
import { playlistPath } from '../../ui/catalogue-links';
import { CoverImage } from '../../ui/cover-image';
import { EmptyState } from '../../ui/empty-state';
import { formatQuantity } from '../../ui/format';
import { LoadError } from '../../ui/load-error';
import { PlayToggleButton } from '../../ui/play-toggle-button';
import { Section } from '../../ui/section';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { likedPlaylistsQuery, usePlayPlaylist } from '../playlists/api';

const TITLE = 'Liked Playlists';

/** Playlists the listener liked, their own or others', each labelled as the spec says. */
export function LikedPlaylistsTab() {
  const { data: playlists, isPending, isError, error, refetch } = useQuery(likedPlaylistsQuery);

  return (
    <Section title={TITLE}>
      {isPending ? (
        <LikedPlaylistsSkeleton />
      ) : isError ? (
        <LoadError title="Could not load your liked playlists" error={error} onRetry={() => void refetch()} />
      ) : playlists.length === 0 ? (
        <EmptyState
          icon={ListMusic}
          title="No liked playlists yet"
          description="Open a playlist and tap its heart to keep it here."
        />
      ) : (
        <ul aria-label={TITLE} className="grid grid-cols-1 gap-1 lg:grid-cols-2 lg:gap-x-4">
          {playlists.map((playlist) => (
            <li key={playlist.id}>
              <LikedPlaylistRow playlist={playlist} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A row that opens the playlist, with a round button that plays it (or pauses it while it plays). */
function LikedPlaylistRow({ playlist }: { playlist: Playlist }) {
  const { context, isPlaying, togglePlay } = usePlayer();
  const playPlaylist = usePlayPlaylist();
  const [isStarting, setIsStarting] = useState(false);
  const isThisPlaylist = context?.type === 'playlist' && String(context.id) === String(playlist.id);

  async function handlePlay() {
    if (isThisPlaylist) {
      togglePlay();
      return;
    }
    setIsStarting(true);
    await playPlaylist(playlist.id);
    setIsStarting(false);
  }

  return (
    <div className="relative flex min-h-18 items-center gap-3 rounded-control p-2 transition-colors hover:bg-raised">
      <CoverImage src={playlist.coverUrl} color={playlist.coverColor} size={56} className="size-14 rounded-md" />
      <div className="min-w-0 flex-1">
        <Link
          to={playlistPath(playlist.id)}
          className="block truncate font-semibold after:absolute after:inset-0 after:rounded-control focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-gold-400"
        >
          {playlist.name}
        </Link>
        <p className="truncate text-sm text-ink-subtle">
          <span className={playlist.isEditorial ? 'text-gold-300' : undefined}>
            {playlist.isEditorial ? 'Editorial Playlist' : 'Playlist'}
          </span>
          {` · ${playlist.createdBy} · ${formatQuantity(playlist.songCount, 'song')}`}
        </p>
      </div>
      <PlayToggleButton
        label={playlist.name}
        isActive={isThisPlaylist && isPlaying}
        isBusy={isStarting}
        disabled={playlist.songCount === 0}
        onClick={() => void handlePlay()}
        // Above the stretched link, so the button plays instead of opening the playlist.
        className="relative z-10"
      />
    </div>
  );
}

function LikedPlaylistsSkeleton() {
  return (
    <LoadingRegion label="Loading liked playlists" className="grid grid-cols-1 gap-1 lg:grid-cols-2 lg:gap-x-4">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="flex min-h-18 items-center gap-3 p-2">
          <Skeleton className="size-14 rounded-md" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
