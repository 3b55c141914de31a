import { songCoverUrl } from '@kora/contracts';
import type { Song } from '@kora/contracts';
import { AudioLines, Pause, Play } from 'lucide-react';
import { Fragment, memo, useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SongOptionsMenu } from '../features/playlists/add-to-playlist-menu';
import { formatDuration } from '../player/format-duration';
import { usePlayableNow } from '../offline/downloads/use-playable-now';
import { usePlayer } from '../player/player-context';
import { artistPath, songArtistPath } from './catalogue-links';
import { cn } from './cn';
import { CoverImage } from './cover-image';
import { describeArtists, formatPlays, formatTrackNumber } from './format';
import { PreviewBadge } from './preview-badge';
import { LoadingRegion, Skeleton } from './skeleton';

interface SongListProps {
  songs: Song[];
  /** What a tap on a row does (the page picks the playback context). */
  onPlay: (song: Song) => void;
  /** The line under the title; the artist with any featured artists unless a page says otherwise. */
  renderSubtitle?: (song: Song) => ReactNode;
  /** Link the artists to their pages: for lists that mix artists (search, the whole library). */
  linkArtists?: boolean;
  /** Cover for songs that have none of their own (an album page passes the album's), and its colour. */
  fallbackCoverUrl?: string | null;
  fallbackCoverColor?: string | null | undefined;
  showPlays?: boolean;
  showDuration?: boolean;
  /** Numbers rows from this position (a list continued elsewhere starts later). */
  startAt?: number;
  label?: string;
}

/**
 * Numbered song rows. A whole row is one button (the title's stretched hit area), so it is a
 * large target on a phone; its name says whether it plays or pauses.
 */
export function SongList({
  songs,
  onPlay,
  renderSubtitle,
  linkArtists = false,
  fallbackCoverUrl = null,
  fallbackCoverColor = null,
  showPlays = true,
  showDuration = true,
  startAt = 1,
  label,
}: SongListProps) {
  const { currentSong, isPlaying } = usePlayer();
  const playableNow = usePlayableNow();
  // The player's state changes at every step of a start (the click, the metadata, play) and every
  // second of play. Rows are memoized so only those whose song starts or stops render again: when all
  // of them did, Library's 51 rows cost 33 ms of rendering per song started, now 10 (issue 20,
  // bench/play-start.ts). The page's handler is read when a row is clicked.
  const latestOnPlay = useRef(onPlay);
  useLayoutEffect(() => {
    latestOnPlay.current = onPlay;
  });
  const play = useCallback((song: Song) => latestOnPlay.current(song), []);
  const subtitle = renderSubtitle ?? (linkArtists ? renderArtistLinks : describeArtists);

  return (
    <ol aria-label={label} className="grid gap-0.5">
      {songs.map((song, index) => {
        const isCurrent = currentSong?.id === song.id;
        return (
          <SongRow
            key={song.id}
            song={song}
            position={startAt + index}
            isCurrent={isCurrent}
            isActive={isCurrent && isPlaying}
            isPlayable={playableNow(song)}
            onPlay={play}
            subtitle={subtitle}
            fallbackCoverUrl={fallbackCoverUrl}
            fallbackCoverColor={fallbackCoverColor}
            showPlays={showPlays}
            showDuration={showDuration}
          />
        );
      })}
    </ol>
  );
}

type SongRowProps = {
  song: Song;
  position: number;
  isCurrent: boolean;
  isActive: boolean;
  isPlayable: boolean;
  onPlay: (song: Song) => void;
  subtitle: (song: Song) => ReactNode;
  fallbackCoverUrl: string | null;
  fallbackCoverColor: string | null | undefined;
  showPlays: boolean;
  showDuration: boolean;
};

const SongRow = memo(function SongRow({
  song,
  position,
  isCurrent,
  isActive,
  isPlayable,
  onPlay,
  subtitle,
  fallbackCoverUrl,
  fallbackCoverColor,
  showPlays,
  showDuration,
}: SongRowProps) {
  const ownCover = songCoverUrl(song);
  return (
    <li
      className={cn(
        // Narrower number column and gaps on a phone leave the title room beside the options button.
        'group relative grid min-h-14 grid-cols-[1.25rem_2.75rem_minmax(0,1fr)_auto] items-center gap-2.5 rounded-control py-1.5 pr-0.5 pl-2 transition-colors sm:grid-cols-[1.75rem_2.75rem_minmax(0,1fr)_auto_auto] sm:gap-3 sm:pr-1.5 sm:pl-3',
        isCurrent ? 'bg-raised' : 'hover:bg-raised/70',
        // Offline and not downloaded: it cannot start until the network returns.
        !isPlayable && 'opacity-45',
      )}
    >
      <RowMarker position={position} isCurrent={isCurrent} isActive={isActive} />
      <CoverImage
        src={ownCover ?? fallbackCoverUrl}
        color={ownCover ? song.coverColor : fallbackCoverColor}
        size={44}
        className="size-11 rounded-md"
      />
      <div className="min-w-0">
        <button
          type="button"
          aria-label={`${isActive ? 'Pause' : 'Play'} ${song.title}`}
          onClick={() => onPlay(song)}
          className={cn(
            'line-clamp-2 max-w-full text-left text-sm font-semibold break-words after:absolute after:inset-0 after:rounded-control focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-gold-400',
            isCurrent && 'text-gold-300',
          )}
        >
          {song.title}
        </button>
        <p className="flex min-w-0 items-center gap-2 text-xs text-ink-subtle">
          {song.isPreview && <PreviewBadge placement="inline" />}
          <span className="truncate">{subtitle(song)}</span>
          {/* On a phone the duration rides under the title, which gets the row's width. */}
          {showDuration && <span className="shrink-0 tabular-nums sm:hidden">· {formatDuration(song.duration)}</span>}
        </p>
      </div>
      <div className="hidden items-center gap-6 text-xs text-ink-subtle tabular-nums sm:flex">
        {showDuration && <span className="order-2 w-10 text-right">{formatDuration(song.duration)}</span>}
        {/* Kora counts plays of its own songs only: a preview has none to show. Not on a phone,
            where the title needs the room (issue 14: 'Prelude I: Akosombo Morning' was 'Prelude I:'). */}
        {showPlays && !song.isExternal && <span className="text-right">{formatPlays(song.playCount)}</span>}
      </div>
      <SongOptionsMenu
        song={song}
        // Above the title's stretched hit area. With a mouse it shows on hover or focus, like the row's play icon.
        className="relative -ml-1 pointer-fine:opacity-0 pointer-fine:group-focus-within:opacity-100 pointer-fine:group-hover:opacity-100 pointer-fine:data-[state=open]:opacity-100"
      />
    </li>
  );
});

const renderArtistLinks = (song: Song) => <ArtistLinks song={song} />;

/** The artist (an external one at /artist/deezer-{id}) and any featured artists, each a link. */
function ArtistLinks({ song }: { song: Song }) {
  const featured = song.featuredArtists ?? [];
  return (
    <>
      <ArtistLink to={songArtistPath(song)} name={song.artist.name} />
      {featured.map((artist, index) => (
        <Fragment key={artist.id}>
          {index === 0 ? ' ft. ' : ', '}
          <ArtistLink to={artistPath(artist.id)} name={artist.name} />
        </Fragment>
      ))}
    </>
  );
}

function ArtistLink({ to, name }: { to: string; name: string }) {
  // Above the title's stretched hit area, so a tap on the name opens the artist instead of playing.
  return (
    <Link to={to} className="relative rounded-sm hover:text-ink hover:underline">
      {name}
    </Link>
  );
}

/** The position, or what the row does when a pointer is over it, or that it is playing. */
function RowMarker({ position, isCurrent, isActive }: { position: number; isCurrent: boolean; isActive: boolean }) {
  return (
    <span aria-hidden className="relative grid h-full place-items-center text-sm text-ink-subtle tabular-nums">
      {isActive ? (
        <AudioLines className="size-4 text-gold-400 group-hover:hidden" />
      ) : (
        <span className={cn('group-hover:hidden', isCurrent && 'text-gold-300')}>{formatTrackNumber(position)}</span>
      )}
      {isActive ? (
        <Pause className="hidden size-4 text-ink group-hover:block" fill="currentColor" />
      ) : (
        <Play className="hidden size-4 text-ink group-hover:block" fill="currentColor" />
      )}
    </span>
  );
}

export function SongListSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <LoadingRegion label={label} className="grid gap-0.5">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="grid min-h-14 grid-cols-[1.75rem_2.75rem_minmax(0,1fr)] items-center gap-3 px-2 sm:px-3">
          <Skeleton className="mx-auto h-3 w-4" />
          <Skeleton className="size-11 rounded-md" />
          <div className="grid gap-1.5">
            <Skeleton className="h-3.5 w-2/3 max-w-64" />
            <Skeleton className="h-3 w-1/3 max-w-40" />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
