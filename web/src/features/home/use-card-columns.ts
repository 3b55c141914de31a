import { useSyncExternalStore } from 'react';
import { BREAKPOINTS, type Breakpoint, cardGridColumns } from '../../ui/image-sizes';
import type { CardLayout } from '../../ui/music-grid';

const WIDEST_FIRST = (Object.keys(BREAKPOINTS) as Array<keyof typeof BREAKPOINTS>).reverse();
// In rem, as Tailwind writes its breakpoints: a media query's rem is the browser's default font
// size, so these match the CSS for a reader who has made that larger.
const queryOf = (at: keyof typeof BREAKPOINTS) => `(min-width: ${BREAKPOINTS[at] / 16}rem)`;

function subscribe(onChange: () => void): () => void {
  const lists = WIDEST_FIRST.map((at) => window.matchMedia(queryOf(at)));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

function breakpointNow(): Breakpoint {
  return WIDEST_FIRST.find((at) => window.matchMedia(queryOf(at)).matches) ?? 'base';
}

/**
 * The columns a card list (ui/music-grid.tsx) has at this screen width, from the breakpoints its
 * grid classes follow, or undefined where it is a sideways scroller (a shelf on a phone). Read
 * from media queries, not the laid-out grid: measuring the grid forced a style and layout pass
 * in every shelf's first commit, and the re-render it set off, on a slow phone's busiest moment.
 */
export function useCardColumns(layout: CardLayout, maxColumns: 5 | 6): number | undefined {
  const at = useSyncExternalStore(subscribe, breakpointNow, () => 'base' as const);
  return layout === 'shelf' && at === 'base' ? undefined : cardGridColumns(maxColumns)[at];
}
