import type { Release } from '@kora/contracts';

/** While any release is being processed, "My releases" asks again this often. */
export const RELEASES_POLL_MS = 3000;

export function isAnyReleaseProcessing(releases: readonly Release[] | undefined): boolean {
  return releases?.some((release) => release.status === 'processing') ?? false;
}

/**
 * The releases finished since the previous answer: processing then and not now, or new and
 * already finished (a short upload can be reviewed before the list is asked again). These are the
 * moments the rest of the app has something new to show (a live song, a notification). Nothing
 * counts as new on the first answer, which only tells what already was.
 */
export function findFinishedReleases(previous: readonly Release[] | undefined, next: readonly Release[]): Release[] {
  if (!previous) return [];
  const previousStatus = new Map(previous.map((release) => [release.id, release.status]));
  return next.filter((release) => {
    if (release.status === 'processing') return false;
    const before = previousStatus.get(release.id);
    return before === undefined || before === 'processing';
  });
}

export const RELEASE_KIND_LABELS: Record<Release['releaseType'], string> = {
  single: 'Single',
  ep: 'EP',
  album: 'Album',
  library: 'Library upload',
};
