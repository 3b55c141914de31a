import type { Playlist } from '@kora/contracts';
import { cardCoverSizes } from '../../ui/image-sizes';
import { cardItemClasses, cardListClasses } from '../../ui/music-grid';
import { Section } from '../../ui/section';
import { PlaylistCard } from './playlist-card';
import { cardsToShow } from './shelf-fit';
import { useCardColumns } from './use-card-columns';

interface PlaylistShelfProps {
  title: string;
  playlists: Playlist[];
  maxColumns?: 5 | 6;
}

/** One row of playlist cards (a sideways scroller on a phone); left out when there are none. */
export function PlaylistShelf({ title, playlists, maxColumns = 6 }: PlaylistShelfProps) {
  const columns = useCardColumns('shelf', maxColumns);
  const shown = playlists.slice(0, cardsToShow({ total: playlists.length, columns, maxRows: 1 }));

  if (playlists.length === 0) return null;
  return (
    <Section title={title}>
      <div className="min-w-0">
        <ul className={cardListClasses('shelf', maxColumns)}>
          {shown.map((playlist) => (
            <li key={playlist.id} className={cardItemClasses('shelf')}>
              <PlaylistCard playlist={playlist} coverSizes={cardCoverSizes({ widestColumns: maxColumns, phoneShelf: true })} />
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
