import type { Playlist, Song } from '@kora/contracts';
import { Heart } from 'lucide-react';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { playlistSongs } from '../../offline/downloads/collection-songs';
import { DownloadButton } from '../../offline/downloads/download-button';
import { BackButton } from '../../ui/back-button';
import { cn } from '../../ui/cn';
import { CoverImage } from '../../ui/cover-image';
import { HEADER_COVER_SIZES } from '../../ui/image-sizes';
import { formatQuantity } from '../../ui/format';
import { PlayToggleButton } from '../../ui/play-toggle-button';
import { Skeleton } from '../../ui/skeleton';
import { Tooltip } from '../../ui/tooltip';
import { usePlaylistLike } from './api';
import { PlaylistOwnerMenu } from './playlist-owner-menu';

interface PlaylistHeaderProps {
  playlist: Playlist;
  /** The songs loaded so far; the first one starts the playlist. */
  songs: Song[];
  context: PlaybackContext;
  canEdit: boolean;
  isReordering: boolean;
  onToggleReorder: () => void;
}

export function PlaylistHeader({ playlist, songs, context, canEdit, isReordering, onToggleReorder }: PlaylistHeaderProps) {
  const { context: playingContext, isPlaying, playSong, togglePlay } = usePlayer();
  const isThisPlaylist = playingContext?.type === 'playlist' && String(playingContext.id) === String(playlist.id);
  const [firstSong] = songs;

  function handlePlay() {
    if (isThisPlaylist) togglePlay();
    else if (firstSong) playSong(firstSong, context);
  }

  return (
    <header className="glow-top -mx-4 -mt-6 px-4 pt-6 sm:-mx-6 sm:px-6 md:-mt-8 md:pt-8">
      <div className="flex items-center gap-3">
        <BackButton />
        <p className="text-sm font-semibold text-ink-muted">{playlist.isEditorial ? 'Made for you' : 'Playlist'}</p>
      </div>
      <div className="mt-4 flex flex-col items-center gap-5 text-center sm:flex-row sm:items-end sm:gap-7 sm:text-left">
        <CoverImage
          src={playlist.coverUrl}
          color={playlist.coverColor}
          size={224}
          sizes={HEADER_COVER_SIZES}
          priority
          className="size-44 rounded-card shadow-2xl shadow-black/60 sm:size-48 lg:size-56"
        />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wider text-gold-300 uppercase">
            {playlist.isEditorial ? 'Editorial Playlist' : 'Playlist'}
          </p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance break-words sm:text-4xl lg:text-5xl">
            {playlist.name}
          </h1>
          {playlist.description && (
            <p className="mt-3 max-w-2xl text-sm break-words text-ink-muted sm:text-base">{playlist.description}</p>
          )}
          <p className="mt-3 flex flex-wrap items-center justify-center gap-x-2 text-sm text-ink-muted sm:justify-start">
            <span>
              Created by <span className="font-semibold text-ink">{playlist.createdBy}</span>
            </span>
            <span aria-hidden>•</span>
            <span>{formatQuantity(playlist.songCount, 'song')}</span>
          </p>
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-3 sm:justify-start">
        <PlayToggleButton
          label={playlist.name}
          size="lg"
          isActive={isThisPlaylist && isPlaying}
          disabled={!firstSong}
          onClick={handlePlay}
        />
        <PlaylistLikeButton playlistId={playlist.id} />
        <DownloadButton
          target={{ key: `playlist:${playlist.id}`, title: playlist.name, coverUrl: playlist.coverUrl, songs: playlistSongs(playlist.id) }}
        />
        {canEdit && (
          <PlaylistOwnerMenu
            playlist={playlist}
            canReorder={playlist.songCount > 1}
            isReordering={isReordering}
            onToggleReorder={onToggleReorder}
          />
        )}
      </div>
    </header>
  );
}

/** The heart (spec section 4): filled when liked; a press while a like or unlike is on its way does nothing. */
function PlaylistLikeButton({ playlistId }: { playlistId: number }) {
  const { isLiked, isPending, isKnown, toggle } = usePlaylistLike(playlistId);
  return (
    <Tooltip label={isLiked ? 'Remove from your favorites' : 'Add to your favorites'}>
      <button
        type="button"
        aria-label="Like playlist"
        aria-pressed={isLiked}
        aria-busy={isPending || undefined}
        disabled={isPending || !isKnown}
        onClick={toggle}
        className="grid size-12 shrink-0 place-items-center rounded-full border border-line-strong text-ink transition-colors hover:border-ink-subtle hover:bg-raised disabled:opacity-40"
      >
        <Heart
          aria-hidden
          className={cn('size-6', isLiked && 'text-coral-400')}
          fill={isLiked ? 'currentColor' : 'none'}
        />
      </button>
    </Tooltip>
  );
}

export function PlaylistHeaderSkeleton() {
  return (
    <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-end sm:gap-7">
      <Skeleton className="size-44 rounded-card sm:size-48 lg:size-56" />
      <div className="grid w-full max-w-md justify-items-center gap-3 sm:justify-items-start">
        <Skeleton className="h-3 w-16" />
        <Skeleton className="h-10 w-64 max-w-full" />
        <Skeleton className="h-4 w-48" />
      </div>
    </div>
  );
}
