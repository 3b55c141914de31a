/**
 * Which built HTML file answers a page request (web/scripts/prerender.mjs writes them). A signed-out
 * visitor gets the landing and sign-in pages already rendered; a listener gets the app with the
 * shell's chunks, and on Home its chunks and API answers, preloaded. Any other page, or a build
 * without the variants, gets index.html, which works everywhere.
 */
export const FALLBACK_PAGE = 'index.html';
export const HOME_PAGE = 'home.html';

export function webPageFile(pathname: string, tab: string | undefined, signedIn: boolean): string {
  if (signedIn) return pathname === '/' ? HOME_PAGE : 'app.html';
  if (pathname === '/') return 'landing.html';
  if (pathname === '/auth') return tab === 'signup' ? 'auth-signup.html' : 'auth.html';
  return FALLBACK_PAGE;
}
