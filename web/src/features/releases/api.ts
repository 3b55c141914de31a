import type { Release } from '@kora/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchJson } from '../../api/query-client';
import { findFinishedReleases, isAnyReleaseProcessing, RELEASES_POLL_MS } from './release-status';

const RELEASES_KEY = ['/api/releases'] as const;

/**
 * GET /api/releases: the caller's releases, newest first. It polls only while something is
 * processing (spec section 7 has no polling by default), so a release going live or being
 * rejected shows without a reload, and the polling stops by itself once all are finished.
 */
export const myReleasesQuery = queryOptions<Release[]>({
  queryKey: RELEASES_KEY,
  queryFn: async ({ client, signal }) => {
    const previous = client.getQueryData<Release[]>(RELEASES_KEY);
    const releases = await fetchJson<Release[]>('/api/releases', signal);
    const finished = findFinishedReleases(previous, releases);
    if (finished.length > 0) {
      void refreshAfterReview(
        client,
        finished.some((release) => release.status === 'live'),
      );
    }
    return releases;
  },
  refetchInterval: (query) => (isAnyReleaseProcessing(query.state.data) ? RELEASES_POLL_MS : false),
  // Coming back to a page whose cached list still says "processing" asks at once, not a poll later.
  refetchOnMount: (query) => (isAnyReleaseProcessing(query.state.data) ? 'always' : true),
});

/**
 * A review always notifies the uploader; a live release also brings new songs, and maybe a new
 * artist and album, into every list and search (search keys hold their query in the path).
 */
function refreshAfterReview(queryClient: QueryClient, anyLive: boolean) {
  const refreshes = [queryClient.invalidateQueries({ queryKey: ['/api/notifications'] })];
  if (anyLive) {
    refreshes.push(
      queryClient.invalidateQueries({ queryKey: ['/api/songs'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/artists'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/albums'] }),
      queryClient.invalidateQueries({
        predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/search'),
      }),
    );
  }
  return Promise.all(refreshes);
}

/** After an upload: the new release joins "My releases" (and starts its polling), and the song lists refresh. */
export function refreshAfterUpload(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: RELEASES_KEY }),
    queryClient.invalidateQueries({ queryKey: ['/api/songs'] }),
  ]);
}
