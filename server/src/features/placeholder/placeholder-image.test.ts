import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createPlaceholderCache, renderPlaceholder } from './placeholder-image.js';

describe('renderPlaceholder', () => {
  it('draws a PNG of the asked size, the same bytes every time', async () => {
    const first = await renderPlaceholder(80, 50);
    const metadata = await sharp(first).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 80, height: 50 });
    expect((await renderPlaceholder(80, 50)).equals(first)).toBe(true);
  });

  it('is a dark tile with a lighter motif in the middle', async () => {
    const { data, info } = await sharp(await renderPlaceholder(100, 100)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const brightness = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return data[i]! + data[i + 1]! + data[i + 2]!;
    };
    expect(brightness(2, 2)).toBeLessThan(3 * 60);
    // The left stem of the note crosses the centre row.
    const centreRow = Array.from({ length: 100 }, (_, x) => brightness(x, 50));
    expect(Math.max(...centreRow)).toBeGreaterThan(brightness(2, 2) + 60);
  });
});

describe('createPlaceholderCache', () => {
  const counting = () => {
    const calls: string[] = [];
    const render = async (w: number, h: number) => {
      calls.push(`${w}x${h}`);
      return Buffer.from(`${w}x${h}`);
    };
    return { calls, render };
  };

  it('renders a size once', async () => {
    const { calls, render } = counting();
    const cache = createPlaceholderCache(4, render);
    await Promise.all([cache.get(50, 50), cache.get(50, 50)]);
    expect((await cache.get(50, 50)).toString()).toBe('50x50');
    expect(calls).toEqual(['50x50']);
  });

  it('keeps at most its bound, dropping the least recently used size', async () => {
    const { calls, render } = counting();
    const cache = createPlaceholderCache(2, render);
    await cache.get(16, 16);
    await cache.get(32, 32);
    await cache.get(16, 16);
    await cache.get(64, 64);
    expect(cache.size).toBe(2);
    await cache.get(16, 16);
    await cache.get(32, 32);
    expect(calls).toEqual(['16x16', '32x32', '64x64', '32x32']);
  });

  it('forgets a failed render so the next request tries again', async () => {
    let fail = true;
    const cache = createPlaceholderCache(2, async () => {
      if (fail) throw new Error('boom');
      return Buffer.from('ok');
    });
    await expect(cache.get(20, 20)).rejects.toThrow('boom');
    fail = false;
    expect((await cache.get(20, 20)).toString()).toBe('ok');
  });
});
