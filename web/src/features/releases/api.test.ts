// @vitest-environment node
import type { Release } from '@kora/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { myReleasesQuery } from './api';
import { RELEASES_POLL_MS } from './release-status';

function release(status: Release['status']): Release {
  return {
    id: 7,
    title: 'Lagos Nights',
    releaseType: 'ep',
    artist: { id: 1, name: 'Asa' },
    status,
    rejectionReason: null,
    progress: status === 'processing' ? 50 : 100,
    coverUrl: null,
    createdAt: '2026-06-01T10:00:00.000Z',
    reviewedAt: null,
    tracks: [],
  };
}

function stubReleases(...answers: Release[][]) {
  const fetchMock = vi.fn(async () => Response.json(answers.shift() ?? []));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The interval the query asks for with the data it now holds. */
function pollInterval(client: QueryClient) {
  const query = client.getQueryCache().find({ queryKey: myReleasesQuery.queryKey });
  const { refetchInterval } = myReleasesQuery;
  if (typeof refetchInterval !== 'function' || !query) throw new Error('refetchInterval should depend on the data');
  return refetchInterval(query as never);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('myReleasesQuery', () => {
  it('polls while a release is processing and stops once none is', async () => {
    const client = new QueryClient();
    stubReleases([release('processing')], [release('live')]);

    await client.fetchQuery(myReleasesQuery);
    expect(pollInterval(client)).toBe(RELEASES_POLL_MS);

    await client.fetchQuery({ ...myReleasesQuery, staleTime: 0 });
    expect(pollInterval(client)).toBe(false);
  });

  it('asks again on mount while the cached list has a release processing', async () => {
    const client = new QueryClient();
    stubReleases([release('processing')], [release('live')]);
    await client.fetchQuery(myReleasesQuery);
    const query = client.getQueryCache().find({ queryKey: myReleasesQuery.queryKey });
    const { refetchOnMount } = myReleasesQuery;
    if (typeof refetchOnMount !== 'function' || !query) throw new Error('refetchOnMount should depend on the data');
    expect(refetchOnMount(query as never)).toBe('always');

    await client.fetchQuery({ ...myReleasesQuery, staleTime: 0 });
    expect(refetchOnMount(query as never)).toBe(true);
  });

  it('refreshes the song lists when a release goes live, and only then', async () => {
    const client = new QueryClient();
    client.setQueryData(['/api/songs'], []);
    client.setQueryData(['/api/notifications'], []);
    stubReleases([release('processing')], [release('processing')], [release('live')]);

    await client.fetchQuery(myReleasesQuery);
    await client.fetchQuery({ ...myReleasesQuery, staleTime: 0 });
    expect(client.getQueryState(['/api/songs'])?.isInvalidated).toBe(false);

    await client.fetchQuery({ ...myReleasesQuery, staleTime: 0 });
    expect(client.getQueryState(['/api/songs'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/api/notifications'])?.isInvalidated).toBe(true);
  });

  it('refreshes notifications but not songs when a release is rejected', async () => {
    const client = new QueryClient();
    client.setQueryData(['/api/songs'], []);
    client.setQueryData(['/api/notifications'], []);
    stubReleases([release('processing')], [release('rejected')]);

    await client.fetchQuery(myReleasesQuery);
    await client.fetchQuery({ ...myReleasesQuery, staleTime: 0 });
    expect(client.getQueryState(['/api/songs'])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['/api/notifications'])?.isInvalidated).toBe(true);
  });
});
