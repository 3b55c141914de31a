/** Spec section 9: the eight presets, in the order the Settings dialog lists them (choice 1 to 8). */
export const EQUALIZER_PRESETS = ['off', 'pop', 'rock', 'jazz', 'classical', 'hip-hop', 'electronic', 'custom'] as const;
export type EqualizerPreset = (typeof EQUALIZER_PRESETS)[number];

export const EQUALIZER_PRESET_LABELS: Record<EqualizerPreset, string> = {
  off: 'Off',
  pop: 'Pop',
  rock: 'Rock',
  jazz: 'Jazz',
  classical: 'Classical',
  'hip-hop': 'Hip-Hop',
  electronic: 'Electronic',
  custom: 'Custom',
};

/**
 * The bands, low to high: a shelf at each end and peaks between, an octave and a bit apart,
 * so six sliders fit a phone and still reach bass, voice and air separately.
 */
export const EQUALIZER_BANDS = [
  { frequency: 60, type: 'lowshelf', label: '60 Hz' },
  { frequency: 230, type: 'peaking', label: '230 Hz' },
  { frequency: 910, type: 'peaking', label: '910 Hz' },
  { frequency: 2_500, type: 'peaking', label: '2.5 kHz' },
  { frequency: 6_000, type: 'peaking', label: '6 kHz' },
  { frequency: 14_000, type: 'highshelf', label: '14 kHz' },
] as const satisfies ReadonlyArray<{ frequency: number; type: BiquadFilterType; label: string }>;

export const EQUALIZER_BAND_COUNT = EQUALIZER_BANDS.length;
/** The Custom sliders' range, in decibels. */
export const EQUALIZER_GAIN_LIMIT_DB = 12;

export type EqualizerGains = readonly number[];

export const FLAT_GAINS: EqualizerGains = EQUALIZER_BANDS.map(() => 0);

/** Gains in dB per band for each fixed preset; modest curves, so no preset turns a song into another. */
const PRESET_GAINS: Record<Exclude<EqualizerPreset, 'custom'>, EqualizerGains> = {
  off: FLAT_GAINS,
  pop: [-1, 2, 4, 3, 1, -1],
  rock: [5, 3, -2, -1, 3, 5],
  jazz: [3, 2, -1, 1, 2, 3],
  classical: [4, 2, 0, 0, 2, 4],
  'hip-hop': [6, 4, 0, -1, 1, 2],
  electronic: [5, 3, 0, -2, 2, 5],
};

export function isEqualizerPreset(value: unknown): value is EqualizerPreset {
  return typeof value === 'string' && (EQUALIZER_PRESETS as readonly string[]).includes(value);
}

/** One band's gain made safe: a number within the sliders' range, whole decibels. */
export function clampBandGain(gain: number): number {
  if (!Number.isFinite(gain)) return 0;
  return Math.round(Math.min(EQUALIZER_GAIN_LIMIT_DB, Math.max(-EQUALIZER_GAIN_LIMIT_DB, gain)));
}

/** The gain of every band for a preset; Custom uses the listener's own gains. */
export function getPresetGains(preset: EqualizerPreset, customGains: EqualizerGains): EqualizerGains {
  if (preset !== 'custom') return PRESET_GAINS[preset];
  return EQUALIZER_BANDS.map((_, index) => clampBandGain(customGains[index] ?? 0));
}

/**
 * The level cut before the filters, in dB: as much as the largest boost, so a boosted band
 * lifts the sound's shape without pushing loud passages past full scale (which would clip).
 */
export function getHeadroomDb(gains: EqualizerGains): number {
  return -Math.max(0, ...gains);
}

export function decibelsToGain(decibels: number): number {
  return 10 ** (decibels / 20);
}

export function isFlat(gains: EqualizerGains): boolean {
  return gains.every((gain) => gain === 0);
}
