import { describe, expect, it } from 'vitest';
import { coverSrcSet } from './cover-srcset.js';

const sha = 'ab'.repeat(32);

describe('coverSrcSet', () => {
  it('lists every stored width of a stored cover, the cover itself as the largest', () => {
    const src = `/api/media/ab/${sha}.webp`;
    expect(coverSrcSet(src)).toBe(
      `/api/media/ab/${sha}.w160.webp 160w, /api/media/ab/${sha}.w320.webp 320w, /api/media/ab/${sha}.webp 640w`,
    );
  });

  it('keeps the format of a JPEG cover (the demo catalogue)', () => {
    expect(coverSrcSet(`/api/media/ab/${sha}.jpg`)).toBe(
      `/api/media/ab/${sha}.w160.jpg 160w, /api/media/ab/${sha}.w320.jpg 320w, /api/media/ab/${sha}.jpg 640w`,
    );
  });

  it.each([
    ['an external cover', 'https://cdn-images.dzcdn.net/images/cover/abc/250x250.jpg'],
    ['a stored audio file', `/api/media/ab/${sha}.mp3`],
    ['a variant already', `/api/media/ab/${sha}.w160.webp`],
    ['a local preview', 'blob:http://localhost/1234'],
    ['a look-alike path', `/other/api/media/ab/${sha}.webp`],
  ])('has none for %s', (_case, src) => {
    expect(coverSrcSet(src)).toBeUndefined();
  });
});
