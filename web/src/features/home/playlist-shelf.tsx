import type { Playlist } from '@kora/contracts';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { CardListSkeleton, cardItemClasses, cardListClasses } from '../../ui/music-grid';
import { PlaylistCard, PlaylistCardSkeleton } from './playlist-card';
import { ShelfSection } from './shelf-section';

interface PlaylistShelfProps {
  title: string;
  query: UseQueryOptions<Playlist[], Error, Playlist[], readonly unknown[]>;
  /** Said when there are no playlists; without it an empty shelf is left out of the page. */
  emptyMessage?: string;
}

export function PlaylistShelf({ title, query, emptyMessage }: PlaylistShelfProps) {
  const { data: playlists, isPending, isError, refetch } = useQuery(query);

  return (
    <ShelfSection
      title={title}
      isPending={isPending}
      isError={isError}
      isEmpty={(playlists?.length ?? 0) === 0}
      onRetry={() => void refetch()}
      emptyMessage={emptyMessage}
      skeleton={
        <CardListSkeleton
          count={4}
          layout="shelf"
          label={`Loading ${title.toLowerCase()}`}
          renderCard={() => <PlaylistCardSkeleton />}
        />
      }
    >
      <ul className={cardListClasses('shelf', 6)}>
        {playlists?.map((playlist) => (
          <li key={playlist.id} className={cardItemClasses('shelf')}>
            <PlaylistCard playlist={playlist} />
          </li>
        ))}
      </ul>
    </ShelfSection>
  );
}
