import type { Song } from '@kora/contracts';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PlaybackContext } from '../../player/player-types';
import { CardListSkeleton, MusicGrid, type CardLayout } from '../../ui/music-grid';
import { ShelfSection } from './shelf-section';

interface SongShelfProps {
  title: string;
  /** Names the playback context, so next and previous stay within this shelf's songs. */
  contextId: string;
  query: UseQueryOptions<Song[], Error, Song[], readonly unknown[]>;
  maxColumns?: 5 | 6;
  layout?: CardLayout;
  /** Shows at most this many of the songs the server sent. */
  limit?: number;
  /** Said when there are no songs; without it an empty shelf is left out of the page. */
  emptyMessage?: string;
}

/** A titled list of song cards fed by one query, with its loading, empty and failed states. */
export function SongShelf({ title, contextId, query, maxColumns = 6, layout = 'grid', limit, emptyMessage }: SongShelfProps) {
  const { data, isPending, isError, refetch } = useQuery(query);
  const songs = useMemo(() => (data && limit !== undefined ? data.slice(0, limit) : (data ?? [])), [data, limit]);
  const context = useMemo<PlaybackContext>(() => ({ type: 'home', id: contextId, songs }), [contextId, songs]);

  return (
    <ShelfSection
      title={title}
      isPending={isPending}
      isError={isError}
      isEmpty={songs.length === 0}
      onRetry={() => void refetch()}
      emptyMessage={emptyMessage}
      skeleton={
        <CardListSkeleton count={maxColumns} maxColumns={maxColumns} layout={layout} label={`Loading ${title.toLowerCase()}`} />
      }
    >
      <MusicGrid songs={songs} maxColumns={maxColumns} layout={layout} context={context} />
    </ShelfSection>
  );
}
