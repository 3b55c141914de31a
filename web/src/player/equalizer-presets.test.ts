import { describe, expect, it } from 'vitest';
import {
  EQUALIZER_BANDS,
  EQUALIZER_PRESETS,
  EQUALIZER_PRESET_LABELS,
  decibelsToGain,
  getHeadroomDb,
  getPresetGains,
  isEqualizerPreset,
  isFlat,
} from './equalizer-presets';

const NO_CUSTOM = EQUALIZER_BANDS.map(() => 0);

describe('equalizer presets', () => {
  it("lists the spec's eight presets in order", () => {
    expect(EQUALIZER_PRESETS.map((preset) => EQUALIZER_PRESET_LABELS[preset])).toEqual([
      'Off',
      'Pop',
      'Rock',
      'Jazz',
      'Classical',
      'Hip-Hop',
      'Electronic',
      'Custom',
    ]);
  });

  it('accepts only those eight', () => {
    expect(isEqualizerPreset('rock')).toBe(true);
    expect(isEqualizerPreset('Rock')).toBe(false);
    expect(isEqualizerPreset(3)).toBe(false);
  });

  it("is flat for 'Off'", () => {
    expect(isFlat(getPresetGains('off', [5, 5, 5, 5, 5, 5]))).toBe(true);
  });

  it('gives every other fixed preset one gain per band, shaped and within ±12 dB', () => {
    for (const preset of EQUALIZER_PRESETS.filter((name) => name !== 'off' && name !== 'custom')) {
      const gains = getPresetGains(preset, NO_CUSTOM);
      expect(gains).toHaveLength(EQUALIZER_BANDS.length);
      expect(isFlat(gains)).toBe(false);
      expect(gains.every((gain) => Math.abs(gain) <= 12)).toBe(true);
    }
  });

  it('boosts the bass for Hip-Hop and both ends for Rock', () => {
    const hipHop = getPresetGains('hip-hop', NO_CUSTOM);
    expect(hipHop[0]).toBeGreaterThan(hipHop[3] ?? 0);
    const rock = getPresetGains('rock', NO_CUSTOM);
    expect(rock[0]).toBeGreaterThan(rock[2] ?? 0);
    expect(rock.at(-1)).toBeGreaterThan(rock[2] ?? 0);
  });

  it("uses the listener's gains for Custom, made safe", () => {
    expect(getPresetGains('custom', [3, -2, 0, 1, 20, -30])).toEqual([3, -2, 0, 1, 12, -12]);
    expect(getPresetGains('custom', [4])).toEqual([4, 0, 0, 0, 0, 0]);
  });
});

describe('headroom', () => {
  it('cuts the level by the largest boost so boosted bands do not clip', () => {
    expect(getHeadroomDb([6, 4, 0, -1, 1, 2])).toBe(-6);
    expect(getHeadroomDb([-3, -2, 0, 0, 0, -1])).toBe(-0);
    expect(decibelsToGain(0)).toBe(1);
    expect(decibelsToGain(-6)).toBeCloseTo(0.501, 3);
  });
});
