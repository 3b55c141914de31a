import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { formatQuantity } from '../../ui/format';
import { LoadError } from '../../ui/load-error';
import { cardItemClasses, cardListClasses } from '../../ui/music-grid';
import { Section } from '../../ui/section';
import { Skeleton } from '../../ui/skeleton';
import { PlaylistCard, PlaylistCardSkeleton } from '../home/playlist-card';
import { likedSongsCountQuery } from '../likes/api';
import { myPlaylistsQuery } from '../playlists/api';
import { MyReleases } from '../releases/my-releases';
import { AllSongs } from './all-songs';
import { CreatePlaylistCard } from './create-playlist-card';
import { libraryTabPath } from './library-tabs';

/**
 * The Library's main view: Liked Songs, the listener's own playlists (newest first), their
 * releases (only once they have uploaded something), then every song.
 */
export function LibraryOverview() {
  return (
    <div className="grid grid-cols-1 gap-8 md:gap-10">
      <Section title="Your playlists">
        <ul className={cardListClasses('grid', 6)}>
          <li className="col-span-2 min-w-0">
            <LikedSongsTile />
          </li>
          <li className={cardItemClasses('grid')}>
            <CreatePlaylistCard />
          </li>
          <OwnPlaylists />
        </ul>
      </Section>
      <MyReleases hideWhenEmpty />
      <AllSongs />
    </div>
  );
}

function LikedSongsTile() {
  const { data, isPending, isError } = useQuery(likedSongsCountQuery);

  return (
    <Link
      to={libraryTabPath('liked')}
      className="flex h-full min-h-36 flex-col justify-end gap-1 rounded-card bg-linear-to-br from-gold-500 via-coral-500 to-coral-700 p-4 text-on-gold shadow-lg shadow-black/40 transition hover:brightness-110 sm:p-5"
    >
      <Heart aria-hidden className="mb-auto size-8" fill="currentColor" />
      <span className="text-2xl font-extrabold tracking-tight">Liked Songs</span>
      {isPending ? (
        <Skeleton className="h-4 w-20 bg-on-gold/20" />
      ) : (
        <span className="text-sm font-semibold">
          {isError ? 'Songs you like' : formatQuantity(data.count, 'song')}
        </span>
      )}
    </Link>
  );
}

/** The listener's playlists as cards after Liked Songs and Create Playlist; the server sends the newest first. */
function OwnPlaylists() {
  const { data: playlists, isPending, isError, error, refetch } = useQuery(myPlaylistsQuery);

  if (isPending) {
    return Array.from({ length: 3 }, (_, index) => (
      <li key={index} className={cardItemClasses('grid')} aria-hidden>
        <PlaylistCardSkeleton />
      </li>
    ));
  }
  if (isError) {
    return (
      <li className="col-span-full">
        <LoadError title="Could not load your playlists" error={error} onRetry={() => void refetch()} />
      </li>
    );
  }
  return playlists.map((playlist) => (
    <li key={playlist.id} className={cardItemClasses('grid')}>
      <PlaylistCard playlist={playlist} />
    </li>
  ));
}
