import { describe, expect, it } from 'vitest';
import { saveFlashToast, takeFlashToast } from './flash-toast';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('flash toast', () => {
  it('gives back the saved toast once', () => {
    const storage = memoryStorage();
    saveFlashToast({ title: 'Success', description: 'Playlist deleted successfully!' }, storage);
    expect(takeFlashToast(storage)).toEqual({ title: 'Success', description: 'Playlist deleted successfully!' });
    expect(takeFlashToast(storage)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('keeps only the latest toast', () => {
    const storage = memoryStorage();
    saveFlashToast({ title: 'First' }, storage);
    saveFlashToast({ title: 'Second', variant: 'destructive' }, storage);
    expect(takeFlashToast(storage)).toEqual({ title: 'Second', variant: 'destructive' });
  });

  it('ignores and clears what is not a toast', () => {
    for (const saved of ['not json', '"text"', 'null', '{"title":3}', '{"title":"A","variant":"loud"}']) {
      const storage = memoryStorage();
      storage.setItem('kora-flash-toast', saved);
      expect(takeFlashToast(storage)).toBeNull();
      expect(storage.items.size).toBe(0);
    }
  });

  it('does nothing when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => saveFlashToast({ title: 'Success' }, blocked)).not.toThrow();
    expect(takeFlashToast(blocked)).toBeNull();
    expect(takeFlashToast(null)).toBeNull();
  });
});
