/** The query parameter that carries where a signed-out visitor was going, through sign-in. */
export const RETURN_PARAM = 'next';

/**
 * A path inside the app to go to after signing in, or '/' when `next` is missing or could leave
 * the app: only a single-slash path counts ('//host' and '/\host' are other sites to a browser).
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const resolved = new URL(next, 'http://kora.invalid');
    if (resolved.origin !== 'http://kora.invalid') return '/';
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return '/';
  }
}

/** The sign-in page, remembering the page a signed-out visitor opened. */
export function signInPathFor(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return next === '/' ? '/auth' : `/auth?${new URLSearchParams({ [RETURN_PARAM]: next })}`;
}
