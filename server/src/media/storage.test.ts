import { describe, expect, it } from 'vitest';
import { baseKeyOf, coverVariantKey, hasVariants, isValidKey, isVariantKey } from './storage.js';

const sha = 'ab'.repeat(32);
const cover = `ab/${sha}.webp`;

describe('media keys', () => {
  it('derives a variant key from an image key, and the image key back from it', () => {
    expect(coverVariantKey(cover, 160)).toBe(`ab/${sha}.w160.webp`);
    expect(coverVariantKey(`ab/${sha}.jpg`, 320)).toBe(`ab/${sha}.w320.jpg`);
    expect(baseKeyOf(`ab/${sha}.w160.webp`)).toBe(cover);
    expect(baseKeyOf(`ab/${sha}.w320.jpg`)).toBe(`ab/${sha}.jpg`);
  });

  it('takes any other key as its own base', () => {
    expect(baseKeyOf(cover)).toBe(cover);
    expect(baseKeyOf(`ab/${sha}.mp3`)).toBe(`ab/${sha}.mp3`);
  });

  it('accepts image, audio and variant keys, and nothing that could leave the store', () => {
    for (const key of [cover, `ab/${sha}.mp3`, `ab/${sha}.w160.webp`, `ab/${sha}.w320.jpg`]) expect(isValidKey(key), key).toBe(true);
    for (const key of [
      `ab/${sha}.w160.mp3`,
      `ab/${sha}.w0160.webp`,
      `ab/${sha}.w5.webp`,
      `ab/${sha}.w160.w160.webp`,
      `ab/${sha}.wabc.webp`,
      `../${sha}.w160.webp`,
      `ab/${sha.slice(1)}.w160.webp`,
    ]) {
      expect(isValidKey(key), key).toBe(false);
    }
  });

  it('tells variants and images with variants apart', () => {
    expect(isVariantKey(`ab/${sha}.w160.webp`)).toBe(true);
    expect(isVariantKey(cover)).toBe(false);
    expect(hasVariants(cover)).toBe(true);
    expect(hasVariants(`ab/${sha}.jpg`)).toBe(true);
    expect(hasVariants(`ab/${sha}.mp3`)).toBe(false);
    expect(hasVariants(`ab/${sha}.w160.webp`)).toBe(false);
  });

  it('refuses to derive a variant of a key that has none', () => {
    expect(() => coverVariantKey(`ab/${sha}.mp3`, 160)).toThrow('Not an image key with variants');
    expect(() => coverVariantKey(`ab/${sha}.w160.webp`, 160)).toThrow('Not an image key with variants');
    expect(() => coverVariantKey(cover, 5)).toThrow('Invalid variant width');
  });
});
