import type { Song } from '@kora/contracts';
import type { ReactNode } from 'react';
import { usePlayer } from '../player/player-context';
import type { PlaybackContext } from '../player/player-types';
import { cn } from './cn';
import { cardCoverSizes } from './image-sizes';
import { MusicCard, MusicCardSkeleton } from './music-card';
import { LoadingRegion } from './skeleton';

/** Spec section 9: grids show 2 to 6 columns; some (trending) stop at 5. */
type MaxColumns = 5 | 6;

const widerColumnClasses: Record<MaxColumns, string> = {
  5: 'sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5',
  6: 'sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6',
};

/**
 * 'grid' wraps at every width. 'shelf' is one sideways-scrolling row on a phone, so a short list
 * does not push the rest of the page ten screens down, and the same grid from the small breakpoint.
 */
export type CardLayout = 'grid' | 'shelf';

export function cardListClasses(layout: CardLayout, maxColumns: MaxColumns): string {
  if (layout === 'grid') return cn('grid grid-cols-2 gap-3', widerColumnClasses[maxColumns]);
  return cn(
    '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1',
    'sm:mx-0 sm:grid sm:overflow-visible sm:px-0 sm:pb-0',
    widerColumnClasses[maxColumns],
  );
}

export function cardItemClasses(layout: CardLayout): string {
  // 144 px on a 360 px phone leaves a sliver of the third card showing, so the row reads as scrollable.
  return layout === 'grid' ? 'min-w-0' : 'w-36 shrink-0 snap-start sm:w-auto sm:min-w-0';
}

interface MusicGridProps {
  songs: Song[];
  context?: PlaybackContext;
  maxColumns?: MaxColumns;
  layout?: CardLayout;
  /** A control over each cover's corner; a function defined once (module level), like the context. */
  renderCoverAction?: (song: Song) => ReactNode;
}

/** Song cards; pass a context that keeps its identity between renders (useMemo), so cards can skip renders. */
export function MusicGrid({ songs, context, maxColumns = 6, layout = 'grid', renderCoverAction }: MusicGridProps) {
  const { currentSong, isPlaying, toggleSongPlayback } = usePlayer();
  const coverSizes = cardCoverSizes({ widestColumns: maxColumns, phoneShelf: layout === 'shelf' });
  return (
    <ul className={cardListClasses(layout, maxColumns)}>
      {songs.map((song) => {
        const isCurrent = currentSong?.id === song.id;
        return (
          <li key={song.id} className={cardItemClasses(layout)}>
            <MusicCard
              song={song}
              context={context}
              isCurrent={isCurrent}
              isActive={isCurrent && isPlaying}
              onToggle={toggleSongPlayback}
              renderCoverAction={renderCoverAction}
              coverSizes={coverSizes}
            />
          </li>
        );
      })}
    </ul>
  );
}

interface CardListSkeletonProps {
  count: number;
  label: string;
  maxColumns?: MaxColumns;
  layout?: CardLayout;
  renderCard?: () => ReactNode;
}

export function CardListSkeleton({
  count,
  label,
  maxColumns = 6,
  layout = 'grid',
  renderCard = () => <MusicCardSkeleton />,
}: CardListSkeletonProps) {
  return (
    <LoadingRegion label={label} className={cardListClasses(layout, maxColumns)}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={cardItemClasses(layout)}>
          {renderCard()}
        </div>
      ))}
    </LoadingRegion>
  );
}
