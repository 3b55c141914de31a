import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderCoverArt } from './cover-art.js';

describe('renderCoverArt', () => {
  it("renders a WebP of a stored cover's size without metadata", async () => {
    const webp = await renderCoverArt({ seed: 1, title: 'Ọkàn Mi', subtitle: 'Ọláolúwa Adébáyọ̀' });
    const meta = await sharp(webp).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(640);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('honours the requested size and round shape', async () => {
    const meta = await sharp(await renderCoverArt({ seed: 2, title: 'Avatar', size: 256, shape: 'round' })).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
  });

  it('is deterministic for a seed and varies between seeds', async () => {
    const a = await renderCoverArt({ seed: 10, title: 'Same', size: 128 });
    const b = await renderCoverArt({ seed: 10, title: 'Same', size: 128 });
    const c = await renderCoverArt({ seed: 11, title: 'Same', size: 128 });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });
});
