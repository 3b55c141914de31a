import { PRODUCT_NAME } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Mic2 } from 'lucide-react';
import { Link } from 'react-router';
import { ArtistAvatar } from '../../ui/artist-avatar';
import { artistPath } from '../../ui/catalogue-links';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { Section } from '../../ui/section';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { artistsQuery } from './api';

const GRID = 'grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6';

/** Following artists is not here yet (spec section 2: "says coming soon"); meanwhile, every artist of the catalogue. */
export function ArtistsTab() {
  const { data: artists, isPending, isError, error, refetch } = useQuery(artistsQuery);

  return (
    <div className="grid grid-cols-1 gap-6">
      <p className="flex items-center gap-3 rounded-card border border-dashed border-line-strong bg-surface/60 p-4 text-sm text-ink-muted">
        <Mic2 aria-hidden className="size-5 shrink-0 text-gold-400" />
        Following artists is coming soon: the artists you follow will be kept here. Until then, here is every artist on{' '}
        {PRODUCT_NAME}.
      </p>
      <Section title="All Artists">
        {isPending ? (
          <ArtistsSkeleton />
        ) : isError ? (
          <LoadError title="Could not load the artists" error={error} onRetry={() => void refetch()} />
        ) : artists.length === 0 ? (
          <EmptyState icon={Mic2} title="No artists yet" description={`Artists appear here once their music is on ${PRODUCT_NAME}.`} />
        ) : (
          <ul aria-label="All artists" className={GRID}>
            {artists.map((artist) => (
              <li key={artist.id} className="min-w-0">
                <Link
                  to={artistPath(artist.id)}
                  className="flex flex-col items-center gap-2 rounded-card p-2 text-center transition-colors hover:bg-raised"
                >
                  <ArtistAvatar name={artist.name} imageUrl={artist.imageUrl} size={160} className="w-full max-w-28 text-3xl" />
                  <span className="line-clamp-2 w-full text-sm font-semibold break-words">{artist.name}</span>
                  <span className="-mt-1.5 text-xs text-ink-subtle">Artist</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function ArtistsSkeleton() {
  return (
    <LoadingRegion label="Loading artists" className={GRID}>
      {Array.from({ length: 12 }, (_, index) => (
        <div key={index} className="flex flex-col items-center gap-2 p-2">
          <Skeleton className="aspect-square w-full max-w-28 rounded-full" />
          <Skeleton className="h-3.5 w-3/4" />
        </div>
      ))}
    </LoadingRegion>
  );
}
