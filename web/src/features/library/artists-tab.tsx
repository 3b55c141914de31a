import { PRODUCT_NAME, type Artist } from '@kora/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Mic2, UserPlus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ArtistAvatar } from '../../ui/artist-avatar';
import { artistPath } from '../../ui/catalogue-links';
import { EmptyState } from '../../ui/empty-state';
import { ARTIST_GRID_AVATAR_SIZES } from '../../ui/image-sizes';
import { LoadError } from '../../ui/load-error';
import { Section } from '../../ui/section';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { artistsQuery, followedArtistsQuery } from './api';
import { LoadMoreButton } from '../../ui/load-more-button';
import { failedAsWhole } from '../../ui/query-errors';

const GRID = 'grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6';

/** The artists the listener follows (most recent first), then every artist of the catalogue to find more. */
export function ArtistsTab() {
  return (
    <div className="grid grid-cols-1 gap-10">
      <FollowedArtists />
      <AllArtists />
    </div>
  );
}

function FollowedArtists() {
  const followed = useInfiniteQuery(followedArtistsQuery);
  const artists = useMemo(() => followed.data?.pages.flat() ?? [], [followed.data]);

  return (
    <Section title="Artists You Follow">
      {followed.isPending ? (
        <ArtistsSkeleton label="Loading the artists you follow" count={6} />
      ) : failedAsWhole(followed) ? (
        <LoadError title="Could not load the artists you follow" error={followed.error} onRetry={() => void followed.refetch()} />
      ) : artists.length === 0 ? (
        <EmptyState
          icon={UserPlus}
          title="You're not following any artists yet"
          description="Open an artist's page and tap Follow: they will be kept here."
          className="rounded-card border border-dashed border-line-strong py-8"
        />
      ) : (
        <>
          <ArtistGrid artists={artists} label="Artists you follow" />
          <LoadMoreButton label="Show more artists" pages={followed} failedText="Could not load more artists." />
        </>
      )}
    </Section>
  );
}

function AllArtists() {
  const { data: artists, isPending, isError, error, refetch } = useQuery(artistsQuery);
  return (
    <Section title="All Artists">
      {isPending ? (
        <ArtistsSkeleton label="Loading artists" count={12} />
      ) : isError ? (
        <LoadError title="Could not load the artists" error={error} onRetry={() => void refetch()} />
      ) : artists.length === 0 ? (
        <EmptyState icon={Mic2} title="No artists yet" description={`Artists appear here once their music is on ${PRODUCT_NAME}.`} />
      ) : (
        <ArtistGrid artists={artists} label="All artists" />
      )}
    </Section>
  );
}

function ArtistGrid({ artists, label }: { artists: Artist[]; label: string }) {
  return (
    <ul aria-label={label} className={GRID}>
      {artists.map((artist) => (
        <li key={artist.id} className="min-w-0">
          <Link
            to={artistPath(artist.id)}
            className="flex flex-col items-center gap-2 rounded-card p-2 text-center transition-colors hover:bg-raised"
          >
            <ArtistAvatar
              name={artist.name}
              imageUrl={artist.imageUrl}
              size={112}
              sizes={ARTIST_GRID_AVATAR_SIZES}
              className="w-full max-w-28 text-3xl"
            />
            <span className="line-clamp-2 w-full text-sm font-semibold break-words">{artist.name}</span>
            <span className="-mt-1.5 text-xs text-ink-subtle">Artist</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ArtistsSkeleton({ label, count }: { label: string; count: number }) {
  return (
    <LoadingRegion label={label} className={GRID}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex flex-col items-center gap-2 p-2">
          <Skeleton className="aspect-square w-full max-w-28 rounded-full" />
          <Skeleton className="h-3.5 w-3/4" />
        </div>
      ))}
    </LoadingRegion>
  );
}
