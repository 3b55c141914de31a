import { DEFAULT_VOLUME } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import {
  VOLUME_STORAGE_KEY,
  clampVolume,
  getElementVolumeToWrite,
  getVolumeToAdopt,
  readStoredVolume,
  storeVolume,
} from './volume';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('clampVolume', () => {
  it('rounds into 0..100 and falls back to the default for nonsense', () => {
    expect(clampVolume(42.4)).toBe(42);
    expect(clampVolume(-5)).toBe(0);
    expect(clampVolume(180)).toBe(100);
    expect(clampVolume(Number.NaN)).toBe(DEFAULT_VOLUME);
  });
});

describe('remembered volume', () => {
  it('is 75 until one is stored', () => {
    expect(readStoredVolume(memoryStorage())).toBe(75);
    expect(readStoredVolume(null)).toBe(75);
    expect(readStoredVolume(memoryStorage({ [VOLUME_STORAGE_KEY]: 'loud' }))).toBe(75);
  });

  it('reads back what was stored, including silence', () => {
    const storage = memoryStorage();
    storeVolume(storage, 30);
    expect(readStoredVolume(storage)).toBe(30);
    storeVolume(storage, 0);
    expect(readStoredVolume(storage)).toBe(0);
  });

  it('survives a storage that refuses writes', () => {
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => storeVolume(full, 50)).not.toThrow();
  });
});

describe('volume sync thresholds', () => {
  it('writes to the element on a change of 1 point or more', () => {
    expect(getElementVolumeToWrite(76, 0.75)).toBe(0.76);
    expect(getElementVolumeToWrite(75, 0.755)).toBeNull();
    expect(getElementVolumeToWrite(0, 0.75)).toBe(0);
  });

  it("adopts the element's volume only past 2 points", () => {
    expect(getVolumeToAdopt(75, 0.76)).toBeNull();
    expect(getVolumeToAdopt(75, 0.77)).toBe(77);
    expect(getVolumeToAdopt(75, 0.2)).toBe(20);
  });
});
