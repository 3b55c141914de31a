import { describe, expect, it } from 'vitest';
import { ARTIST_GRID_AVATAR_SIZES, cardCoverSizes, HEADER_COVER_SIZES } from './image-sizes';

/** The width a `sizes` attribute names at viewport width `vw`, as a browser reads it (min-width conditions, calc of vw and px). */
function widthAt(sizes: string, vw: number): number {
  for (const entry of sizes.split(', ')) {
    const match = /^\(min-width: (\d+)px\) (.+)$/.exec(entry);
    if (match && vw < Number(match[1])) continue;
    const length = match ? match[2]! : entry;
    const calc = /^calc\(\(100vw - (\d+)px\) \/ (\d+) - (\d+)px\)$/.exec(length);
    if (calc) return (vw - Number(calc[1])) / Number(calc[2]) - Number(calc[3]);
    return Number(/^(\d+)px$/.exec(length)![1]);
  }
  throw new Error(`no length for ${vw}`);
}

describe('cardCoverSizes', () => {
  // Rendered widths of a card's cover in Chromium at 360, 768, 1024 and 1440 (e2e cards-and-images.spec.ts
  // measures them against these sizes), and what the layout gives between them.
  it.each([
    [360, 138],
    [412, 164],
    [640, 165.33],
    [768, 83],
    [1024, 110.4],
    [1280, 128.67],
    [1440, 155.33],
    // From 1536 the page stops growing: the width is fixed, rounded up.
    [1920, 172],
  ])('names a 6-column grid card cover at %i px wide as %f px', (vw, rendered) => {
    expect(widthAt(cardCoverSizes({ widestColumns: 6 }), vw)).toBeCloseTo(rendered, 0);
  });

  it('keeps 5 columns on wide screens when the grid stops at 5', () => {
    expect(widthAt(cardCoverSizes({ widestColumns: 5 }), 1440)).toBeCloseTo((1440 - 304 - 48) / 5 - 24, 5);
    expect(widthAt(cardCoverSizes({ widestColumns: 5 }), 1920)).toBe(213);
  });

  it("gives a phone's shelf its fixed card (w-36 less padding) and the grid from sm up", () => {
    const shelf = cardCoverSizes({ widestColumns: 6, phoneShelf: true });
    expect(widthAt(shelf, 360)).toBe(124);
    expect(widthAt(shelf, 600)).toBe(124);
    expect(widthAt(shelf, 1440)).toBe(widthAt(cardCoverSizes({ widestColumns: 6 }), 1440));
  });

  it('takes the 320 px copy on a 360 px phone at 2x, never the 640 px one', () => {
    for (const phoneShelf of [false, true]) expect(widthAt(cardCoverSizes({ widestColumns: 6, phoneShelf }), 360) * 2).toBeLessThanOrEqual(320);
  });
});

describe('fixed-step sizes', () => {
  it('names the header covers per breakpoint and artist avatars up to their 112 px', () => {
    expect(HEADER_COVER_SIZES).toBe('(min-width: 1024px) 224px, (min-width: 640px) 192px, 176px');
    expect(widthAt(ARTIST_GRID_AVATAR_SIZES, 360)).toBe(88);
    expect(widthAt(ARTIST_GRID_AVATAR_SIZES, 700)).toBe(112);
    expect(widthAt(ARTIST_GRID_AVATAR_SIZES, 1440)).toBe(112);
    expect(widthAt(ARTIST_GRID_AVATAR_SIZES, 1024)).toBeCloseTo((1024 - 344) / 6 - 16, 5);
  });
});
