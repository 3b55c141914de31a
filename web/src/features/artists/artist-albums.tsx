import { ARTIST_ALBUMS_LIMIT, type Album } from '@kora/contracts';
import { useId, useState } from 'react';
import { Button } from '../../ui/button';
import { Section } from '../../ui/section';
import { AlbumCard } from '../albums/album-card';

/** The artist's albums: the first six, and 'Show all' for the rest when there are more. */
export function ArtistAlbums({ albums }: { albums: Album[] }) {
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const hasMore = albums.length > ARTIST_ALBUMS_LIMIT;
  const shown = showAll ? albums : albums.slice(0, ARTIST_ALBUMS_LIMIT);

  return (
    <Section
      title="Albums"
      action={
        hasMore && (
          <Button variant="ghost" size="sm" aria-expanded={showAll} aria-controls={listId} onClick={() => setShowAll(!showAll)}>
            {showAll ? 'Show fewer' : 'Show all'}
          </Button>
        )
      }
    >
      <ul id={listId} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
        {shown.map((album) => (
          <li key={album.id} className="min-w-0">
            <AlbumCard album={album} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
