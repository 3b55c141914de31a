import type { Artist, Song } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Music } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { artistPath } from '../../ui/catalogue-links';
import { EmptyState } from '../../ui/empty-state';
import { formatQuantity } from '../../ui/format';
import { LoadError } from '../../ui/load-error';
import { PageTitle } from '../../ui/page-title';
import { isNotFoundError } from '../../ui/query-errors';
import { ResourceNotFound } from '../../ui/resource-not-found';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { Section } from '../../ui/section';
import { SongList, SongListSkeleton } from '../../ui/song-list';
import { artistQuery, artistSongsQuery } from './api';
import { splitArtistSongs } from './artist-songs';

function albumOrSingle(song: Song): string {
  return song.album?.title ?? 'Single';
}

export function DiscographyPage() {
  const { id = '' } = useParams();
  const artist = useQuery(artistQuery(id));
  const songs = useQuery(artistSongsQuery(id));

  if (artist.isError && isNotFoundError(artist.error)) {
    return <ResourceNotFound title="Artist not found" description="The artist you're looking for doesn't exist." />;
  }
  if (artist.isError || songs.isError) {
    const failed = artist.isError ? artist : songs;
    return (
      <PageFrame>
        <PageTitle title="Discography" />
        <LoadError
          title="Could not load this discography"
          error={failed.error}
          onRetry={() => void failed.refetch()}
          as="h1"
        />
      </PageFrame>
    );
  }
  if (artist.isPending || songs.isPending) return <DiscographySkeleton />;
  return <Discography artist={artist.data} songs={songs.data} />;
}

function Discography({ artist, songs }: { artist: Artist; songs: Song[] }) {
  const { toggleSongPlayback } = usePlayer();
  const { original, featured, context } = useMemo(() => {
    const split = splitArtistSongs(songs);
    const playback: PlaybackContext = { type: 'artist', id: artist.id, songs: [...split.original, ...split.featured] };
    return { ...split, context: playback };
  }, [songs, artist.id]);
  const title = `${artist.name} - Complete Discography`;

  function handlePlay(song: Song) {
    toggleSongPlayback(song, context);
  }

  return (
    <PageFrame>
      <PageTitle title={title} />
      <header className="grid gap-4">
        <Link
          to={artistPath(artist.id)}
          aria-label={`Back to ${artist.name}`}
          className="inline-flex h-11 w-fit max-w-full items-center gap-2 rounded-control pr-3 text-sm font-semibold text-ink-muted transition-colors hover:text-ink"
        >
          <ArrowLeft aria-hidden className="size-5 shrink-0" />
          <span className="truncate">{artist.name}</span>
        </Link>
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-balance break-words sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-ink-subtle">{formatQuantity(songs.length, 'song')} in total</p>
        </div>
      </header>

      {songs.length === 0 ? (
        <EmptyState icon={Music} title="No songs found" />
      ) : (
        <>
          {original.length > 0 && (
            <Section title={`Original Songs (${original.length})`}>
              <SongList songs={original} onPlay={handlePlay} renderSubtitle={albumOrSingle} label="Original songs" />
            </Section>
          )}
          {featured.length > 0 && (
            <Section title={`Featured Appearances (${featured.length})`}>
              <SongList
                songs={featured}
                onPlay={handlePlay}
                renderSubtitle={(song) => `${song.artist.name} • ${albumOrSingle(song)}`}
                label="Featured appearances"
              />
            </Section>
          )}
        </>
      )}
    </PageFrame>
  );
}

function PageFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto grid max-w-7xl gap-8 px-4 py-6 sm:px-6 md:py-8">{children}</div>;
}

function DiscographySkeleton() {
  return (
    <PageFrame>
      <PageTitle title="Discography" />
      <LoadingRegion label="Loading discography" className="grid gap-4">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-9 w-full max-w-lg" />
        <Skeleton className="h-4 w-28" />
      </LoadingRegion>
      <SongListSkeleton rows={8} label="Loading songs" />
    </PageFrame>
  );
}
