import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordPlay, toMinutesPlayed } from './play-recording';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function spyOnInvalidations() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  return { queryClient, invalidatedKeys: () => invalidate.mock.calls.map(([filters]) => filters?.queryKey) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('recordPlay', () => {
  it('posts minutesPlayed, kept alive past the page, and refreshes what a play changes', async () => {
    const fetchMock = stubFetch(Response.json({ recorded: true, playCount: 4, secondsCounted: 95 }));
    const { queryClient, invalidatedKeys } = spyOnInvalidations();

    await recordPlay(queryClient, { songId: 12, secondsPlayed: 95 });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/songs/12/play');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', keepalive: true, body: '{"minutesPlayed":1.58}' });
    expect(invalidatedKeys()).toEqual([
      ['/api/songs', 'recently-played'],
      ['/api/songs', 'trending'],
      ['/api/user/stats'],
      ['/api/songs'],
    ]);
  });

  it('refreshes nothing when the server did not count the play', async () => {
    stubFetch(Response.json({ recorded: false, playCount: 3, secondsCounted: 0 }));
    const { queryClient, invalidatedKeys } = spyOnInvalidations();

    await recordPlay(queryClient, { songId: 'deezer-5', secondsPlayed: 31 });

    expect(invalidatedKeys()).toEqual([]);
  });

  it("throws 'status: body' when the server refuses", async () => {
    stubFetch(Response.json({ message: 'Song not found' }, { status: 404 }));

    await expect(recordPlay(new QueryClient(), { songId: 999, secondsPlayed: 40 })).rejects.toThrow(
      '404: {"message":"Song not found"}',
    );
  });
});

describe('toMinutesPlayed', () => {
  it('turns seconds into minutes to two decimals', () => {
    expect(toMinutesPlayed(30)).toBe(0.5);
    expect(toMinutesPlayed(95)).toBe(1.58);
    expect(toMinutesPlayed(3600)).toBe(60);
  });
});
