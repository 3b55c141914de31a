import { COLLECTION_PAGE_SIZE, type Artist, type Song } from '@kora/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Music } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { artistPath } from '../../ui/catalogue-links';
import { EmptyState } from '../../ui/empty-state';
import { formatCount, formatQuantity } from '../../ui/format';
import { LoadError } from '../../ui/load-error';
import { LoadMoreButton, type MorePages } from '../../ui/load-more-button';
import { PageTitle } from '../../ui/page-title';
import { failedAsWhole, isNotFoundError } from '../../ui/query-errors';
import { ResourceNotFound } from '../../ui/resource-not-found';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { Section } from '../../ui/section';
import { SongList, SongListSkeleton } from '../../ui/song-list';
import { artistQuery, artistSongPagesQuery } from './api';
import { artistSongCounts, isExternalArtistRoute, splitArtistSongs } from './artist-songs';

function albumOrSingle(song: Song): string {
  return song.album?.title ?? 'Single';
}

export function DiscographyPage() {
  const { id = '' } = useParams();
  const artist = useQuery(artistQuery(id));
  // A catalogue's artist comes whole in one answer, the artist page's: asked once, split here.
  const isExternal = isExternalArtistRoute(id);
  const own = useInfiniteQuery(artistSongPagesQuery(id, COLLECTION_PAGE_SIZE, isExternal ? undefined : 'own'));
  const featured = useInfiniteQuery({ ...artistSongPagesQuery(id, COLLECTION_PAGE_SIZE, 'featured'), enabled: !isExternal });

  if (artist.isError && isNotFoundError(artist.error)) {
    return <ResourceNotFound title="Artist not found" description="The artist you're looking for doesn't exist." />;
  }
  const failed = [artist, own, featured].find(failedAsWhole);
  if (failed) {
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
  if (!artist.data || !own.data || (!isExternal && !featured.data)) return <DiscographySkeleton />;
  const songs = isExternal
    ? splitArtistSongs(own.data.pages.flat())
    : { original: own.data.pages.flat(), featured: featured.data?.pages.flat() ?? [] };
  return <Discography artist={artist.data} {...songs} moreOriginal={own} moreFeatured={featured} />;
}

interface DiscographyProps {
  artist: Artist;
  /** The loaded pages of each part: the counts say how many there are in all. */
  original: Song[];
  featured: Song[];
  moreOriginal: MorePages;
  moreFeatured: MorePages;
}

function Discography({ artist, original, featured, moreOriginal, moreFeatured }: DiscographyProps) {
  const { toggleSongPlayback } = usePlayer();
  const context = useMemo<PlaybackContext>(
    () => ({ type: 'artist', id: artist.id, songs: [...original, ...featured] }),
    [original, featured, artist.id],
  );
  const { songCount, featuredSongCount } = artistSongCounts(artist, context.songs);
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
          <p className="mt-2 text-sm text-ink-subtle">{formatQuantity(songCount + featuredSongCount, 'song')} in total</p>
        </div>
      </header>

      {songCount + featuredSongCount === 0 ? (
        <EmptyState icon={Music} title="No songs found" />
      ) : (
        <>
          {original.length > 0 && (
            <Section title={`Original Songs (${formatCount(songCount)})`}>
              <SongList songs={original} onPlay={handlePlay} renderSubtitle={albumOrSingle} label="Original songs" />
              <LoadMoreButton label="Show more original songs" pages={moreOriginal} failedText="Could not load more songs." />
            </Section>
          )}
          {featured.length > 0 && (
            <Section title={`Featured Appearances (${formatCount(featuredSongCount)})`}>
              <SongList
                songs={featured}
                onPlay={handlePlay}
                renderSubtitle={(song) => `${song.artist.name} • ${albumOrSingle(song)}`}
                label="Featured appearances"
              />
              <LoadMoreButton label="Show more featured appearances" pages={moreFeatured} failedText="Could not load more songs." />
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
