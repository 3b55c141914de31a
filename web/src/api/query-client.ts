import { QueryClient, type QueryFunction } from '@tanstack/react-query';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Spec section 8: a non-OK answer becomes `Error('{status}: {body text or status text}')`. */
async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const bodyText = await res.text();
  throw new Error(`${res.status}: ${bodyText || res.statusText}`);
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** Multipart calls (playlist covers): the browser sets the boundary, so no Content-Type here. */
export async function apiFormRequest(method: string, url: string, form: FormData): Promise<Response> {
  const res = await fetch(url, { method, body: form, credentials: 'include' });
  await throwIfResNotOk(res);
  return res;
}

/** GET of a URL the key cannot express (paged lists with ?limit=&offset=). */
export async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** Spec section 7: no retries, no refetch on focus, no polling, data never stale unless a query says so. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
