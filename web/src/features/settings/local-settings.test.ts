import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  SETTINGS_STORAGE_KEY,
  parseLocalSettings,
  readLocalSettings,
  writeLocalSettings,
} from './local-settings';

function createMemoryStorage(initial: string | null = null) {
  const items = new Map<string, string>();
  if (initial !== null) items.set(SETTINGS_STORAGE_KEY, initial);
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('local settings defaults', () => {
  it("holds the spec's defaults", () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      equalizerPreset: 'off',
      streamingQuality: 'auto',
      dataSaver: 'off',
      crossfade: 0,
      gapless: true,
      normalizeVolume: true,
    });
    expect(DEFAULT_SETTINGS.customEqualizerGains.every((gain) => gain === 0)).toBe(true);
  });

  it('gives the defaults when nothing is stored or storage is unavailable', () => {
    expect(readLocalSettings(createMemoryStorage())).toEqual(DEFAULT_SETTINGS);
    expect(readLocalSettings(null)).toEqual(DEFAULT_SETTINGS);
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readLocalSettings(throwing)).toEqual(DEFAULT_SETTINGS);
  });
});

describe('parseLocalSettings', () => {
  it('keeps every valid stored value', () => {
    const settings = parseLocalSettings(
      JSON.stringify({
        streamingQuality: 'low',
        downloadQuality: 'medium',
        equalizerPreset: 'hip-hop',
        dataSaver: 'extreme-saver',
        wifiOnlyDownloads: true,
        customEqualizerGains: [1, 2, 3, 4, 5, 6],
        crossfade: 5,
        gapless: false,
        normalizeVolume: false,
      }),
    );
    expect(settings).toEqual({
      streamingQuality: 'low',
      downloadQuality: 'medium',
      equalizerPreset: 'hip-hop',
      dataSaver: 'extreme-saver',
      wifiOnlyDownloads: true,
      customEqualizerGains: [1, 2, 3, 4, 5, 6],
      crossfade: 5,
      gapless: false,
      normalizeVolume: false,
    });
  });

  it('replaces corrupt or unknown values by their defaults, one by one', () => {
    const settings = parseLocalSettings(
      JSON.stringify({
        streamingQuality: 'ultra',
        equalizerPreset: 9,
        dataSaver: 'yes',
        customEqualizerGains: [1, 2],
        // A crossfade the setting does not offer, or as text, is not taken as a number of seconds.
        crossfade: 3,
        gapless: 'on',
        normalizeVolume: 1,
        somethingRetired: true,
      }),
    );
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(settings).not.toHaveProperty('somethingRetired');
  });

  it('reads the data saver switch an older version stored as the data saver or off, keeping the rest', () => {
    const on = { streamingQuality: 'high', dataSaver: true, wifiOnlyDownloads: true, equalizerPreset: 'jazz' };
    expect(parseLocalSettings(JSON.stringify(on))).toEqual({ ...DEFAULT_SETTINGS, ...on, dataSaver: 'data-saver' });
    const off = { streamingQuality: 'low', dataSaver: false };
    expect(parseLocalSettings(JSON.stringify(off))).toEqual({ ...DEFAULT_SETTINGS, ...off, dataSaver: 'off' });
  });

  it('drops the retired settings an older version stored, keeping the rest', () => {
    const settings = parseLocalSettings(
      JSON.stringify({ streamingQuality: 'high', emailNotifications: false, crossfadeSeconds: 5, language: 'yoruba' }),
    );
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, streamingQuality: 'high' });
  });

  it('clamps custom equalizer gains to whole decibels within ±12', () => {
    const settings = parseLocalSettings(JSON.stringify({ customEqualizerGains: [40, -40, 2.4, -0.6, 0, 12] }));
    expect(settings.customEqualizerGains).toEqual([12, -12, 2, -1, 0, 12]);
    expect(parseLocalSettings(JSON.stringify({ customEqualizerGains: [1, 2, 3, 4, 5, 'x'] })).customEqualizerGains).toEqual(
      DEFAULT_SETTINGS.customEqualizerGains,
    );
  });

  it('gives the defaults for text that is not a settings object', () => {
    for (const raw of ['not json', '"high"', '[1,2]', 'null', '42', '{']) {
      expect(parseLocalSettings(raw)).toEqual(DEFAULT_SETTINGS);
    }
  });
});

describe('writeLocalSettings', () => {
  it('stores an older data saver switch as the choice it now reads as', () => {
    const storage = createMemoryStorage('{"dataSaver":true}');
    writeLocalSettings(storage, { streamingQuality: 'low' });
    expect(JSON.parse(storage.items.get(SETTINGS_STORAGE_KEY) ?? '')).toMatchObject({ dataSaver: 'data-saver', streamingQuality: 'low' });
  });

  it('merges the change into what is stored and returns the result', () => {
    const storage = createMemoryStorage('{"equalizerPreset":"jazz"}');
    const next = writeLocalSettings(storage, { streamingQuality: 'low' });
    expect(next).toMatchObject({ equalizerPreset: 'jazz', streamingQuality: 'low' });
    expect(JSON.parse(storage.items.get(SETTINGS_STORAGE_KEY) ?? '')).toMatchObject({
      equalizerPreset: 'jazz',
      streamingQuality: 'low',
    });
    expect(readLocalSettings(storage)).toEqual(next);
  });

  it('cleans up a corrupt stored value while writing', () => {
    const storage = createMemoryStorage('{"streamingQuality":"mars"');
    expect(writeLocalSettings(storage, { dataSaver: 'data-saver' })).toEqual({ ...DEFAULT_SETTINGS, dataSaver: 'data-saver' });
  });

  it('does not let an invalid change in', () => {
    const storage = createMemoryStorage();
    const invalid = { streamingQuality: 'ultra' } as unknown as Parameters<typeof writeLocalSettings>[1];
    expect(writeLocalSettings(storage, invalid).streamingQuality).toBe('auto');
  });

  it('survives a full storage', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(writeLocalSettings(full, { dataSaver: 'extreme-saver' }).dataSaver).toBe('extreme-saver');
  });
});
