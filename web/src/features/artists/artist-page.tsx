import { ARTIST_SONGS_PAGE_SIZE, type Artist } from '@kora/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { PlaybackContext } from '../../player/player-types';
import { LoadError } from '../../ui/load-error';
import { CardListSkeleton } from '../../ui/music-grid';
import { PageTitle } from '../../ui/page-title';
import { failedAsWhole, isNotFoundError } from '../../ui/query-errors';
import { ResourceNotFound } from '../../ui/resource-not-found';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { SongListSkeleton } from '../../ui/song-list';
import { artistAlbumsQuery, artistAppearancesQuery, artistQuery, artistSongPagesQuery } from './api';
import { ArtistHeader, ArtistHeaderSkeleton } from './artist-header';
import { ArtistSections } from './artist-sections';
import { appearancesFromLoaded, artistSongCounts, splitArtistSongs } from './artist-songs';

export function ArtistPage() {
  const { id = '' } = useParams();
  const artist = useQuery(artistQuery(id));

  if (artist.isPending) return <ArtistPageSkeleton />;
  if (artist.isError) {
    if (isNotFoundError(artist.error)) {
      return <ResourceNotFound title="Artist not found" description="The artist you're looking for doesn't exist." />;
    }
    return (
      <PageFrame>
        <PageTitle title="Artist" />
        <LoadError title="Could not load this artist" error={artist.error} onRetry={() => void artist.refetch()} as="h1" />
      </PageFrame>
    );
  }
  return <ArtistView key={id} artistId={id} artist={artist.data} />;
}

function ArtistView({ artistId, artist }: { artistId: string; artist: Artist }) {
  const songs = useInfiniteQuery(artistSongPagesQuery(artistId, ARTIST_SONGS_PAGE_SIZE));
  const albums = useQuery(artistAlbumsQuery(artistId));
  const loaded = useMemo(() => songs.data?.pages.flat(), [songs.data]);
  const counts = loaded && artistSongCounts(artist, loaded);
  const appearancesLoaded = loaded && counts && appearancesFromLoaded(loaded, counts.featuredSongCount);
  const appearances = useQuery({ ...artistAppearancesQuery(artistId), enabled: counts !== undefined && appearancesLoaded === undefined });
  const appearsOn = appearancesLoaded ?? appearances.data;

  // Own songs first, then appearances: the order the page lists them and playback follows.
  const context = useMemo<PlaybackContext>(() => {
    const { original, featured } = splitArtistSongs(loaded ?? []);
    return { type: 'artist', id: artist.id, songs: [...original, ...featured] };
  }, [loaded, artist.id]);

  const failed = [songs, albums, appearances].find(failedAsWhole);
  return (
    <PageFrame>
      <PageTitle title={artist.name} />
      <ArtistHeader artist={artist} counts={counts} albums={albums.data} context={context} />
      {failed ? (
        <LoadError
          title="Could not load this artist's music"
          error={failed.error}
          onRetry={() => {
            for (const query of [songs, albums, appearances]) if (query.isError) void query.refetch();
          }}
          as="h2"
        />
      ) : !counts || !albums.data || !appearsOn ? (
        <SectionsSkeleton />
      ) : (
        <ArtistSections
          artist={artist}
          counts={counts}
          appearsOn={appearsOn}
          albums={albums.data}
          context={context}
          more={songs}
        />
      )}
    </PageFrame>
  );
}

function PageFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto grid max-w-7xl gap-10 px-4 py-6 sm:px-6 md:py-8">{children}</div>;
}

function SectionsSkeleton() {
  return (
    <div className="grid gap-10">
      <div className="grid gap-4">
        <Skeleton className="h-6 w-28" />
        <SongListSkeleton rows={5} label="Loading songs" />
      </div>
      <div className="grid gap-4">
        <Skeleton className="h-6 w-24" />
        <CardListSkeleton count={6} label="Loading albums" />
      </div>
    </div>
  );
}

function ArtistPageSkeleton() {
  return (
    <PageFrame>
      <PageTitle title="Artist" />
      <LoadingRegion label="Loading artist">
        <Skeleton className="size-11 rounded-full" />
        <div className="mt-4">
          <ArtistHeaderSkeleton />
        </div>
      </LoadingRegion>
      <SectionsSkeleton />
    </PageFrame>
  );
}
