import type { FastifyRequest } from 'fastify';

/**
 * Whether a path names the API, judged the way a lenient server or proxy might read it: the
 * router's decoded path, with repeated slashes collapsed, dot segments resolved, `;` parameters
 * dropped and case ignored. The SPA fallback uses it so that `/API/songs`, `//api/songs`,
 * `/x/../api/songs` or `/api` never answer as a web page.
 */
export function isApiPath(decodedPath: string): boolean {
  const segments: string[] = [];
  for (const raw of decodedPath.split('/')) {
    const segment = raw.split(';')[0]!;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments[0]?.toLowerCase() === 'api';
}

/** The decoded path the router matched a wildcard route with (`/*`): its `*` parameter. */
export function wildcardPath(request: FastifyRequest): string {
  return (request.params as { '*'?: string })['*'] ?? '';
}
