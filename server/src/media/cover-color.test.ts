import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { averageColor } from './cover-color.js';

const LIMIT = 1_000_000;
const solid = (width: number, height: number, background: string | { r: number; g: number; b: number; alpha: number }) =>
  sharp({ create: { width, height, channels: 4, background } });

describe('averageColor', () => {
  it('gives a flat image its own colour as #rrggbb', async () => {
    expect(await averageColor(await solid(50, 30, '#336699').png().toBuffer(), LIMIT)).toBe('#336699');
  });

  it('averages every pixel, not the most common one', async () => {
    const blueHalf = await solid(320, 640, '#0000ff').png().toBuffer();
    const image = await solid(640, 640, '#ff0000').composite([{ input: blueHalf, left: 0, top: 0 }]).png().toBuffer();
    // Half 255 and half 0 is 127.5 a channel, which rounds either way; the most common colour would be pure red.
    expect(await averageColor(image, LIMIT)).toMatch(/^#(7f|80)00\1$/);
  });

  it('counts transparent parts as black and reads greyscale images', async () => {
    expect(await averageColor(await solid(10, 10, { r: 255, g: 0, b: 0, alpha: 0 }).png().toBuffer(), LIMIT)).toBe('#000000');
    const grey = await solid(20, 20, '#808080').toColourspace('b-w').png().toBuffer();
    expect(await averageColor(grey, LIMIT)).toBe('#808080');
  });

  it('refuses an image over the pixel limit', async () => {
    await expect(averageColor(await solid(200, 200, '#000000').png().toBuffer(), 100)).rejects.toThrow();
  });
});
