import type { Playlist } from '@kora/contracts';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { CardListSkeleton, cardItemClasses, cardListClasses } from '../../ui/music-grid';
import { Section } from '../../ui/section';
import { PlaylistCard, PlaylistCardSkeleton } from './playlist-card';
import { QuietLine, SectionLoadError } from './quiet-line';

interface PlaylistShelfProps {
  title: string;
  query: UseQueryOptions<Playlist[], Error, Playlist[], readonly unknown[]>;
  /** Said when there are no playlists; without it an empty shelf is left out of the page. */
  emptyMessage?: string;
}

export function PlaylistShelf({ title, query, emptyMessage }: PlaylistShelfProps) {
  const { data: playlists, isPending, isError, refetch } = useQuery(query);

  if (isPending) {
    return (
      <Section title={title}>
        <CardListSkeleton
          count={4}
          layout="shelf"
          label={`Loading ${title.toLowerCase()}`}
          renderCard={() => <PlaylistCardSkeleton />}
        />
      </Section>
    );
  }
  if (isError) {
    return (
      <Section title={title}>
        <SectionLoadError what={title.toLowerCase()} onRetry={() => void refetch()} />
      </Section>
    );
  }
  if (playlists.length === 0) {
    if (!emptyMessage) return null;
    return (
      <Section title={title}>
        <QuietLine>{emptyMessage}</QuietLine>
      </Section>
    );
  }
  return (
    <Section title={title}>
      <ul className={cardListClasses('shelf', 6)}>
        {playlists.map((playlist) => (
          <li key={playlist.id} className={cardItemClasses('shelf')}>
            <PlaylistCard playlist={playlist} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
