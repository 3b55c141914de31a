import { useQuery } from '@tanstack/react-query';
import { songsQuery } from './api';
import { MusicCard } from './music-card';

/** Shown only when the catalogue answers with songs; a failed request simply leaves it out. */
export function BrowseAll() {
  const { data: songs } = useQuery(songsQuery);
  if (!songs || songs.length === 0) return null;

  return (
    <section aria-labelledby="browse-all-title">
      <h2 id="browse-all-title" className="text-xl font-bold tracking-tight">
        Browse all
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
        {songs.map((song) => (
          <li key={song.id}>
            <MusicCard song={song} />
          </li>
        ))}
      </ul>
    </section>
  );
}
