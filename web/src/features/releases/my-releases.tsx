import { useQuery } from '@tanstack/react-query';
import { Disc3 } from 'lucide-react';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { Section } from '../../ui/section';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { myReleasesQuery } from './api';
import { ReleaseCard } from './release-card';

const TITLE = 'My releases';

interface MyReleasesProps {
  /** The Library shows the section only to listeners who have uploaded something. */
  hideWhenEmpty?: boolean;
}

/**
 * The listener's uploads with their status. The query polls while one is processing, so a
 * release turning live or rejected shows here without a reload.
 */
export function MyReleases({ hideWhenEmpty = false }: MyReleasesProps) {
  const { data: releases, isPending, isError, error, refetch } = useQuery(myReleasesQuery);

  if (hideWhenEmpty && (isPending || releases?.length === 0)) return null;

  return (
    <Section title={TITLE}>
      {isPending ? (
        <LoadingRegion label="Loading your releases" className="grid gap-3">
          {Array.from({ length: 2 }, (_, index) => (
            <Skeleton key={index} className="h-24 rounded-card" />
          ))}
        </LoadingRegion>
      ) : isError ? (
        <LoadError title="Could not load your releases" error={error} onRetry={() => void refetch()} />
      ) : releases.length === 0 ? (
        <EmptyState
          icon={Disc3}
          title="No releases yet"
          description="What you upload shows here while it is checked, and once it is live."
        />
      ) : (
        <ul aria-label={TITLE} className="grid gap-3">
          {releases.map((release) => (
            <li key={release.id}>
              <ReleaseCard release={release} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
