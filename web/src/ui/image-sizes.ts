/**
 * `sizes` attributes: how wide an image is shown at each screen width, so the browser takes the
 * smallest stored copy that is sharp there (a 360 px phone at 2x takes the 320 px copy of a card,
 * not the 640 px original). They follow the page layout below; change them with it.
 */

/** Tailwind's breakpoints (min-width, px). */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;
export type Breakpoint = 'base' | keyof typeof BREAKPOINTS;

/**
 * The page around every grid: the shell's sidebar (w-64, from md: features/shell/app-shell.tsx) and
 * the pages' container (`mx-auto max-w-7xl px-4 sm:px-6`).
 */
const SIDEBAR = 256;
const PAGE_MAX = 1280;
const pagePadding = (at: Breakpoint) => (at === 'base' ? 16 : 24);
const pageOffset = (at: Breakpoint) => (at === 'base' || at === 'sm' ? 0 : SIDEBAR) + 2 * pagePadding(at);
/** From this width the container stops growing (max-w-7xl): every grid's images have a fixed size. */
const PAGE_CAPPED_FROM = PAGE_MAX + SIDEBAR;

export type GridColumns = Record<Breakpoint, number>;

export interface GridImage {
  /** Columns of the grid at each breakpoint (its grid-cols classes). */
  columns: GridColumns;
  /** The gap between columns, px. */
  gap: number;
  /** What each cell takes around its image (padding on both sides), px, from the given breakpoint on. */
  inset: Partial<Record<Breakpoint, number>> & { base: number };
  /** The image's own max-width, px, if it has one. */
  max?: number;
}

const ORDER: Breakpoint[] = ['base', 'sm', 'md', 'lg', 'xl'];

function insetAt(image: GridImage, at: Breakpoint): number {
  let inset = image.inset.base;
  for (const step of ORDER.slice(0, ORDER.indexOf(at) + 1)) inset = image.inset[step] ?? inset;
  return inset;
}

/** The image's width at viewport width `vw` (exact, as the layout renders it). */
function widthAt(image: GridImage, at: Breakpoint, vw: number): number {
  const columns = image.columns[at];
  const content = Math.min(vw - pageOffset(at), PAGE_MAX - 2 * pagePadding(at));
  const width = (content - image.gap * (columns - 1)) / columns - insetAt(image, at);
  return image.max === undefined ? width : Math.min(image.max, width);
}

const px = (value: number) => `${Math.ceil(value)}px`;

/** The length of one breakpoint: fixed when the image is at its max width from there on, else a calc of the viewport. */
function lengthAt(image: GridImage, at: Breakpoint, from: number): string {
  if (image.max !== undefined && widthAt(image, at, from) >= image.max) return px(image.max);
  const columns = image.columns[at];
  const minus = pageOffset(at) + image.gap * (columns - 1);
  return `calc((100vw - ${minus}px) / ${columns} - ${insetAt(image, at)}px)`;
}

/**
 * The `sizes` of an image that fills a cell of a grid, at every breakpoint; `phone` replaces the
 * length below sm (a shelf's fixed-width cards).
 */
export function gridImageSizes(image: GridImage, phone = lengthAt(image, 'base', 0)): string {
  const steps: Array<[number, string]> = [
    [PAGE_CAPPED_FROM, px(widthAt(image, 'xl', PAGE_CAPPED_FROM))],
    ...ORDER.slice(1)
      .reverse()
      .map((at): [number, string] => {
        const from = BREAKPOINTS[at as keyof typeof BREAKPOINTS];
        return [from, lengthAt(image, at, from)];
      }),
  ];
  return joinSteps(steps, phone);
}

/** `(min-width: …) length` widest first, then the default; a step with the same length as the next one is left out. */
function joinSteps(steps: Array<[number, string]>, fallback: string): string {
  const lengths = [...steps.map(([, length]) => length), fallback];
  const kept = steps.filter(([, length], index) => length !== lengths[index + 1]);
  return [...kept.map(([from, length]) => `(min-width: ${from}px) ${length}`), fallback].join(', ');
}

/** The `sizes` of an image whose size is set per breakpoint (size-44 sm:size-48 lg:size-56): widest first. */
export function steppedImageSizes(widths: Partial<Record<Breakpoint, number>> & { base: number }): string {
  const steps = ORDER.slice(1)
    .reverse()
    .filter((at) => widths[at] !== undefined)
    .map((at): [number, string] => [BREAKPOINTS[at as keyof typeof BREAKPOINTS], `${widths[at]}px`]);
  return joinSteps(steps, `${widths.base}px`);
}

/** Card grids (ui/music-grid.tsx): 2 columns on a phone, 3, 4, 5, then 5 or 6; cards padded p-2.5 sm:p-3. */
const CARD_GAP = 12;
const CARD_INSET = { base: 20, sm: 24 };
/** A shelf's card on a phone (w-36): the same at every phone width, so the third card peeks in. */
export const SHELF_CARD_WIDTH = 144;

export function cardGridColumns(maxColumns: 5 | 6): GridColumns {
  return { base: 2, sm: 3, md: 4, lg: 5, xl: maxColumns };
}

/**
 * The `sizes` of a card's cover in a card grid or shelf (ui/music-grid.tsx cardListClasses) whose
 * widest screens show `widestColumns` columns; `phoneShelf` for a shelf, one sideways row on a phone.
 */
export function cardCoverSizes({ widestColumns = 5, phoneShelf = false }: { widestColumns?: 5 | 6; phoneShelf?: boolean } = {}): string {
  const grid = { columns: cardGridColumns(widestColumns), gap: CARD_GAP, inset: CARD_INSET };
  // A shelf is the same grid from sm; below, each card is w-36 whatever the phone's width.
  return phoneShelf ? gridImageSizes(grid, `${SHELF_CARD_WIDTH - CARD_INSET.base}px`) : gridImageSizes(grid);
}

/** Artist grids (search results, the library's artists): 3 to 6 columns, gap-2, p-2 cells, avatars up to max-w-28. */
export const ARTIST_GRID_AVATAR_SIZES = gridImageSizes({
  columns: { base: 3, sm: 4, md: 5, lg: 6, xl: 6 },
  gap: 8,
  inset: { base: 16 },
  max: 112,
});

/** Album and playlist page headers' covers: size-44 sm:size-48 lg:size-56. */
export const HEADER_COVER_SIZES = steppedImageSizes({ base: 176, sm: 192, lg: 224 });
/** The artist page header's picture: size-36 sm:size-44 lg:size-52. */
export const ARTIST_HEADER_SIZES = steppedImageSizes({ base: 144, sm: 176, lg: 208 });
