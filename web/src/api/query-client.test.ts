// @vitest-environment node
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getErrorMessage } from './error-message';
import { apiRequest, createQueryClient, getQueryFn } from './query-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function runQueryFn<T>(queryFn: QueryFunction<T>, queryKey: string[]) {
  const client = new QueryClient();
  return client.fetchQuery({ queryKey, queryFn, retry: false });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with credentials and returns the response', async () => {
    const fetchMock = stubFetch(Response.json({ id: 1 }, { status: 201 }));

    const res = await apiRequest('POST', '/api/auth/signup', { email: 'ada@example.com' });

    expect(await res.json()).toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/signup');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"ada@example.com"}',
    });
  });

  it('sends no body and no content type when there is nothing to send', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 200 }));

    await apiRequest('POST', '/api/auth/logout');

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({});
  });

  it("throws 'status: body' for a non-OK answer", async () => {
    stubFetch(Response.json({ message: 'Invalid email or password' }, { status: 401 }));

    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow(
      '401: {"message":"Invalid email or password"}',
    );
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));

    await expect(apiRequest('GET', '/api/songs')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('GETs the path formed by joining the key segments, with credentials', async () => {
    const fetchMock = stubFetch(Response.json([{ id: 7 }]));

    const data = await runQueryFn(getQueryFn<unknown[]>({ on401: 'throw' }), ['/api/playlists', '7']);

    expect(data).toEqual([{ id: 7 }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/playlists/7');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('returns null on 401 when told to', async () => {
    stubFetch(Response.json({ message: 'Not signed in' }, { status: 401 }));

    const data = await runQueryFn(getQueryFn({ on401: 'returnNull' }), ['/api/auth/user']);

    expect(data).toBeNull();
  });

  it('throws on 401 when told to', async () => {
    stubFetch(Response.json({ message: 'Not signed in' }, { status: 401 }));

    await expect(runQueryFn(getQueryFn({ on401: 'throw' }), ['/api/auth/user'])).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    );
  });

  it('still throws other errors when 401 returns null', async () => {
    stubFetch(new Response('', { status: 500, statusText: 'Internal Server Error' }));

    await expect(runQueryFn(getQueryFn({ on401: 'returnNull' }), ['/api/auth/user'])).rejects.toThrow(
      '500: Internal Server Error',
    );
  });
});

describe('createQueryClient', () => {
  it('applies the cache defaults of spec section 7', () => {
    const queries = createQueryClient().getDefaultOptions().queries;

    expect(queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    });
    expect(queries?.queryFn).toBeTypeOf('function');
  });
});

describe('getErrorMessage', () => {
  it("shows only the server's message", () => {
    expect(getErrorMessage(new Error('409: {"message":"An account with this email already exists"}'))).toBe(
      'An account with this email already exists',
    );
  });

  it('shows a plain status text as it is', () => {
    expect(getErrorMessage(new Error('503: Service Unavailable'))).toBe('Service Unavailable');
  });

  it('never shows raw JSON or HTML', () => {
    expect(getErrorMessage(new Error('500: {"error":"boom"}'))).toBe('Something went wrong. Please try again.');
    expect(getErrorMessage(new Error('502: <html><body>Bad gateway</body></html>'))).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('explains a network failure', () => {
    expect(getErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Could not reach Kora. Check your connection and try again.',
    );
  });
});
