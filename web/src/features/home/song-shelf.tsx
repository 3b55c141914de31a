import type { Song } from '@kora/contracts';
import { useMemo, type ReactNode } from 'react';
import type { PlaybackContext } from '../../player/player-types';
import { MusicGrid, type CardLayout } from '../../ui/music-grid';
import { Section } from '../../ui/section';
import { cardsToShow } from './shelf-fit';
import { useCardColumns } from './use-card-columns';

interface SongShelfProps {
  title: string;
  /** Names the playback context, so next and previous stay within the songs shown. */
  contextId: string;
  songs: Song[];
  maxColumns?: 5 | 6;
  layout?: CardLayout;
  /** Rows of cards at most, where the cards form a grid. */
  maxRows?: number;
  /** No more songs will come: the last row may be short. */
  isComplete?: boolean;
  /** Below the cards: 'Show more'. */
  footer?: ReactNode;
}

/** A titled grid of song cards cut to whole rows at every screen width; left out when it has no songs. */
export function SongShelf({ title, contextId, songs, maxColumns = 6, layout = 'grid', maxRows, isComplete, footer }: SongShelfProps) {
  const columns = useCardColumns(layout, maxColumns);
  const shown = cardsToShow({ total: songs.length, columns, maxRows, isComplete });
  const visible = useMemo(() => songs.slice(0, shown), [songs, shown]);
  const context = useMemo<PlaybackContext>(() => ({ type: 'home', id: contextId, songs: visible }), [contextId, visible]);

  if (songs.length === 0) return null;
  return (
    <Section title={title}>
      <div className="min-w-0">
        <MusicGrid songs={visible} maxColumns={maxColumns} layout={layout} context={context} />
      </div>
      {footer}
    </Section>
  );
}
