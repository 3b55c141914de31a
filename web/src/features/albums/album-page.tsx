import type { Album, Song } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { ListMusic } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { PageTitle } from '../../ui/page-title';
import { isNotFoundError } from '../../ui/query-errors';
import { ResourceNotFound } from '../../ui/resource-not-found';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { Section } from '../../ui/section';
import { SongList, SongListSkeleton } from '../../ui/song-list';
import { albumQuery, albumSongsQuery } from './api';
import { AlbumHeader, AlbumHeaderSkeleton } from './album-header';

export function AlbumPage() {
  const { id = '' } = useParams();
  const album = useQuery(albumQuery(id));

  if (album.isPending) return <AlbumPageSkeleton />;
  if (album.isError) {
    if (isNotFoundError(album.error)) {
      return <ResourceNotFound title="Album not found" description="The album you're looking for doesn't exist." />;
    }
    return (
      <PageFrame>
        <PageTitle title="Album" />
        <LoadError title="Could not load this album" error={album.error} onRetry={() => void album.refetch()} as="h1" />
      </PageFrame>
    );
  }
  return <AlbumView albumId={id} album={album.data} />;
}

function AlbumView({ albumId, album }: { albumId: string; album: Album }) {
  const songs = useQuery(albumSongsQuery(albumId));
  const { toggleSongPlayback } = usePlayer();
  // Spec: a track plays in the album's context only when the album has more than one song.
  const context = useMemo<PlaybackContext | undefined>(
    () => (songs.data && songs.data.length > 1 ? { type: 'album', id: album.id, songs: songs.data } : undefined),
    [songs.data, album.id],
  );

  function handlePlay(song: Song) {
    toggleSongPlayback(song, context);
  }

  return (
    <PageFrame>
      <PageTitle title={`${album.title} by ${album.artist.name}`} />
      <AlbumHeader album={album} songs={songs.data} context={context} />
      {songs.isPending ? (
        <SongListSkeleton rows={6} label="Loading tracks" />
      ) : songs.isError ? (
        <LoadError title="Could not load the tracks" error={songs.error} onRetry={() => void songs.refetch()} as="h2" />
      ) : songs.data.length === 0 ? (
        <EmptyState icon={ListMusic} title="No tracks" description="This album doesn't have any tracks yet." as="h2" />
      ) : (
        <Section title="Tracks">
          <SongList songs={songs.data} onPlay={handlePlay} fallbackCoverUrl={album.coverUrl} fallbackCoverColor={album.coverColor} label={`Tracks of ${album.title}`} />
        </Section>
      )}
    </PageFrame>
  );
}

function PageFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto grid max-w-7xl gap-8 px-4 py-6 sm:px-6 md:py-8">{children}</div>;
}

function AlbumPageSkeleton() {
  return (
    <PageFrame>
      <PageTitle title="Album" />
      <LoadingRegion label="Loading album">
        <Skeleton className="size-11 rounded-full" />
        <div className="mt-4">
          <AlbumHeaderSkeleton />
        </div>
      </LoadingRegion>
      <SongListSkeleton rows={6} label="Loading tracks" />
    </PageFrame>
  );
}
