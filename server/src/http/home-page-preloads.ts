import { coverSrcSet, type Home, QUICK_PICK_COVER_SIZES, quickPickCoverUrl, quickPicksOf } from '@kora/contracts';

/**
 * How many of the quick picks' covers come with home.html. Each is 6-9 KB that shares a slow link
 * with the app's script: measured on the phone profile (bench/phone-first.ts), one brings Home's
 * first playable tile 0.3 s sooner than two, and the rest arrive once the page asks for them.
 */
export const PRELOADED_COVERS = 1;

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Preload links for the first quick picks' covers, so they arrive while the app's script does
 * instead of after it has run and rendered Home. They carry the tiles' own srcset and sizes
 * (web/src/features/home/quick-picks.tsx), or the browser would fetch a second copy.
 */
export function firstCoverPreloads(home: Pick<Home, 'recentlyPlayed' | 'starterPicks'>): string {
  return quickPicksOf(home.recentlyPlayed, home.starterPicks)
    .slice(0, PRELOADED_COVERS)
    .flatMap((pick) => {
      const url = quickPickCoverUrl(pick);
      if (url === null) return [];
      const srcSet = coverSrcSet(url);
      const source = srcSet
        ? `imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${QUICK_PICK_COVER_SIZES}"`
        : `href="${escapeAttribute(url)}"`;
      return [`<link rel="preload" as="image" fetchpriority="high" ${source}>`];
    })
    .join('');
}
