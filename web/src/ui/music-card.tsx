import { songCoverUrl } from '@kora/contracts';
import type { Song } from '@kora/contracts';
import { memo, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SongOptionsMenu } from '../features/playlists/add-to-playlist-menu';
import type { PlaybackContext, PlayerApi } from '../player/player-types';
import { songArtistPath } from './catalogue-links';
import { cn } from './cn';
import { CoverImage } from './cover-image';
import { cardCoverSizes } from './image-sizes';
import { PlayToggleButton } from './play-toggle-button';
import { PreviewBadge } from './preview-badge';
import { Skeleton } from './skeleton';

interface MusicCardProps {
  song: Song;
  /** The songs next and previous move through once this one plays. */
  context: PlaybackContext | undefined;
  /** This song is the player's current one. */
  isCurrent: boolean;
  /** ...and it is playing: the button shows pause. */
  isActive: boolean;
  onToggle: PlayerApi['toggleSongPlayback'];
  /**
   * A control over the cover's top-right corner (the liked-songs heart). Pass a function that
   * keeps its identity between renders, or every card renders again.
   */
  renderCoverAction?: ((song: Song) => ReactNode) | undefined;
  /** The cover's shown width at each breakpoint (its grid's columns): cardCoverSizes. */
  coverSizes?: string;
}

/** Touch screens have no hover: the control is always there. With a mouse it appears on hover or focus. */
const SHOWN_ON_HOVER =
  'pointer-fine:opacity-0 pointer-fine:group-focus-within:opacity-100 pointer-fine:group-hover:opacity-100 pointer-fine:data-[state=open]:opacity-100';

/**
 * A song in a grid. The round button is the control for keyboards and screen readers; a tap
 * anywhere else on the card does the same (spec section 4: card or play button toggles).
 * Memoised and fed by its grid: the player's state changes every second while a song plays,
 * and only the cards whose state changed should render again.
 */
export const MusicCard = memo(function MusicCard({
  song,
  context,
  isCurrent,
  isActive,
  onToggle,
  renderCoverAction,
  coverSizes = cardCoverSizes(),
}: MusicCardProps) {
  function handleCardClick(event: MouseEvent<HTMLElement>) {
    // React passes clicks up from portals (the options menu, its dialog): only the card itself plays.
    if (!(event.target instanceof Element) || !event.currentTarget.contains(event.target)) return;
    if (event.target.closest('a, button')) return;
    onToggle(song, context);
  }

  return (
    <article
      onClick={handleCardClick}
      className={cn(
        'group relative min-w-0 cursor-pointer rounded-card p-2.5 transition-colors sm:p-3',
        isCurrent ? 'bg-raised' : 'bg-surface hover:bg-raised',
      )}
    >
      <div className="relative">
        <CoverImage
          src={songCoverUrl(song)}
          color={song.coverColor}
          size={200}
          sizes={coverSizes}
          className="w-full rounded-control shadow-lg shadow-black/40"
        />
        {song.isPreview && <PreviewBadge placement="cover" />}
        {renderCoverAction && <div className="absolute top-2 left-2">{renderCoverAction(song)}</div>}
        {/* Over the cover's corner, so the title below has the card's whole width. */}
        <SongOptionsMenu
          song={song}
          className={cn('absolute top-1 right-1 size-11 bg-canvas/70 text-ink backdrop-blur-sm hover:bg-canvas/90', SHOWN_ON_HOVER)}
        />
        <PlayToggleButton
          label={song.title}
          isActive={isActive}
          onClick={() => onToggle(song, context)}
          className={cn(
            'absolute right-2 bottom-2',
            !isCurrent &&
              'pointer-fine:translate-y-1 pointer-fine:group-focus-within:translate-y-0 pointer-fine:group-hover:translate-y-0',
            !isCurrent && SHOWN_ON_HOVER,
          )}
        />
      </div>
      <div className="mt-3 min-w-0">
        {/* Two lines before it is cut: long Yoruba titles stay readable on a 360 px phone. */}
        <h3 className={cn('line-clamp-2 text-sm font-semibold break-words', isCurrent && 'text-gold-300')} title={song.title}>
          {song.title}
        </h3>
        <p className="mt-0.5 truncate text-xs text-ink-subtle">
          <Link
            to={songArtistPath(song)}
            // The pseudo-element widens the tap area to about 44 px without taking space in the card.
            className="relative hover:text-ink hover:underline after:absolute after:-inset-y-3.5 after:inset-x-0"
          >
            {song.artist.name}
          </Link>
        </p>
      </div>
    </article>
  );
});

export function MusicCardSkeleton() {
  return (
    <div className="rounded-card bg-surface p-2.5 sm:p-3">
      <Skeleton className="aspect-square w-full" />
      <Skeleton className="mt-3 h-4 w-4/5" />
      <Skeleton className="mt-1.5 h-3 w-1/2" />
    </div>
  );
}
