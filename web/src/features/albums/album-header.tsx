import type { Album, Song } from '@kora/contracts';
import { Music } from 'lucide-react';
import { Link } from 'react-router';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { DownloadButton } from '../../offline/downloads/download-button';
import { BackButton } from '../../ui/back-button';
import { artistPath } from '../../ui/catalogue-links';
import { CoverImage } from '../../ui/cover-image';
import { HEADER_COVER_SIZES } from '../../ui/image-sizes';
import { formatQuantity } from '../../ui/format';
import { PlayToggleButton } from '../../ui/play-toggle-button';
import { Skeleton } from '../../ui/skeleton';

interface AlbumHeaderProps {
  album: Album;
  /** Undefined while the tracks load. */
  songs: Song[] | undefined;
  /** Undefined when the album has a single track (spec: no album context then). */
  context: PlaybackContext | undefined;
}

export function AlbumHeader({ album, songs, context }: AlbumHeaderProps) {
  const { currentSong, isPlaying, playSong, togglePlay } = usePlayer();
  const isAlbumCurrent = currentSong?.album?.id === album.id;
  const firstSong = songs?.[0];

  function handlePlay() {
    if (isAlbumCurrent) togglePlay();
    else if (firstSong) playSong(firstSong, context);
  }

  return (
    <header className="glow-top -mx-4 -mt-6 px-4 pt-6 sm:-mx-6 sm:px-6 md:-mt-8 md:pt-8">
      <BackButton />
      <div className="mt-4 flex flex-col items-center gap-5 text-center sm:flex-row sm:items-end sm:gap-7 sm:text-left">
        {album.coverUrl ? (
          <CoverImage
            src={album.coverUrl}
            color={album.coverColor}
            size={224}
            sizes={HEADER_COVER_SIZES}
            priority
            className="size-44 rounded-card shadow-2xl shadow-black/60 sm:size-48 lg:size-56"
          />
        ) : (
          <span className="grid size-44 shrink-0 place-items-center rounded-card bg-linear-to-br from-overlay to-raised text-ink-subtle shadow-2xl shadow-black/60 sm:size-48 lg:size-56">
            <Music aria-hidden className="size-16" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wider text-gold-300 uppercase">Album</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance break-words sm:text-4xl lg:text-5xl">
            {album.title}
          </h1>
          <p className="mt-3 flex flex-wrap items-center justify-center gap-x-2 text-sm text-ink-muted sm:justify-start">
            <Link
              to={artistPath(album.artist.id)}
              className="-my-3 inline-flex min-h-11 items-center font-semibold text-ink hover:underline"
            >
              {album.artist.name}
            </Link>
            <span aria-hidden>•</span>
            <span>{album.releaseYear ?? 'Album'}</span>
            <span aria-hidden>•</span>
            {songs ? <span>{formatQuantity(songs.length, 'song')}</span> : <Skeleton className="h-4 w-16" />}
          </p>
          {album.description && <p className="mt-3 max-w-2xl text-sm text-ink-muted sm:text-base">{album.description}</p>}
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-3 sm:justify-start">
        <PlayToggleButton
          label={album.title}
          size="lg"
          isActive={isAlbumCurrent && isPlaying}
          disabled={!firstSong}
          onClick={handlePlay}
        />
        {songs && (
          <DownloadButton target={{ key: `album:${album.id}`, title: album.title, coverUrl: album.coverUrl, songs: async () => songs }} />
        )}
      </div>
    </header>
  );
}

export function AlbumHeaderSkeleton() {
  return (
    <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-end sm:gap-7">
      <Skeleton className="size-44 rounded-card sm:size-48 lg:size-56" />
      <div className="grid w-full max-w-md justify-items-center gap-3 sm:justify-items-start">
        <Skeleton className="h-3 w-14" />
        <Skeleton className="h-10 w-64 max-w-full" />
        <Skeleton className="h-4 w-48" />
      </div>
    </div>
  );
}
