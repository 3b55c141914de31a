import { DOWNLOAD_QUALITIES } from '@kora/contracts';
import {
  EQUALIZER_BAND_COUNT,
  EQUALIZER_PRESETS,
  FLAT_GAINS,
  clampBandGain,
  type EqualizerGains,
} from '../../player/equalizer-presets';
import { CROSSFADE_SECONDS } from '../../player/transition-plan';

/** Spec section 3's local-only settings live under this one key, never on the server. */
export const SETTINGS_STORAGE_KEY = 'kora-settings';

/** Every setting with a fixed list of values, the first entry of each list in spec order. */
export const SETTING_CHOICES = {
  streamingQuality: ['low', 'medium', 'high', 'auto'],
  // The spec's mobile data saver, a choice since the extreme saver came (issue 16): each saver is
  // the stream quality it asks for, over the streaming quality.
  dataSaver: ['off', 'data-saver', 'extreme-saver'],
  downloadQuality: DOWNLOAD_QUALITIES,
  equalizerPreset: EQUALIZER_PRESETS,
  crossfade: CROSSFADE_SECONDS,
} as const;

export const SWITCH_SETTINGS = ['wifiOnlyDownloads', 'gapless', 'normalizeVolume'] as const;

export type ChoiceSetting = keyof typeof SETTING_CHOICES;
export type SwitchSetting = (typeof SWITCH_SETTINGS)[number];

export type LocalSettings = { [K in ChoiceSetting]: (typeof SETTING_CHOICES)[K][number] } & {
  [K in SwitchSetting]: boolean;
} & {
  /** The Custom equalizer preset's gain per band, in dB. */
  customEqualizerGains: EqualizerGains;
};

export const DEFAULT_SETTINGS: LocalSettings = {
  // 'auto' lets the server pick the best rendition the listener's plan allows.
  streamingQuality: 'auto',
  // The spec's default; offline downloads use it (offline/downloads).
  downloadQuality: 'high',
  equalizerPreset: 'off',
  dataSaver: 'off',
  wifiOnlyDownloads: false,
  customEqualizerGains: FLAT_GAINS,
  crossfade: 0,
  gapless: true,
  // Songs mastered at different loudness play at one level unless the listener wants them as mastered.
  normalizeVolume: true,
};

function isChoice<K extends ChoiceSetting>(key: K, value: unknown): value is LocalSettings[K] {
  return (SETTING_CHOICES[key] as readonly unknown[]).includes(value);
}

/** Data saver was a switch before the extreme saver: a stored on reads as the data saver it meant. */
function upgradeDataSaver(value: unknown): unknown {
  if (typeof value !== 'boolean') return value;
  return value ? 'data-saver' : 'off';
}

function readGains(value: unknown): EqualizerGains | null {
  if (!Array.isArray(value) || value.length !== EQUALIZER_BAND_COUNT) return null;
  if (!value.every((gain) => typeof gain === 'number')) return null;
  return value.map(clampBandGain);
}

/**
 * The settings stored as JSON: each value that is still valid is kept, anything missing, unknown
 * or corrupt falls back to its default, so a setting added or retired later never breaks the rest.
 */
export function parseLocalSettings(raw: string | null): LocalSettings {
  let stored: unknown;
  try {
    stored = JSON.parse(raw ?? 'null');
  } catch {
    return DEFAULT_SETTINGS;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return DEFAULT_SETTINGS;
  const record: Record<string, unknown> = { ...stored };
  record.dataSaver = upgradeDataSaver(record.dataSaver);

  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(SETTING_CHOICES) as ChoiceSetting[]) {
    if (isChoice(key, record[key])) settings[key] = record[key];
  }
  for (const key of SWITCH_SETTINGS) {
    if (typeof record[key] === 'boolean') settings[key] = record[key];
  }
  settings.customEqualizerGains = readGains(record.customEqualizerGains) ?? DEFAULT_SETTINGS.customEqualizerGains;
  return settings as LocalSettings;
}

export function readLocalSettings(storage: Pick<Storage, 'getItem'> | null): LocalSettings {
  try {
    return parseLocalSettings(storage?.getItem(SETTINGS_STORAGE_KEY) ?? null);
  } catch {
    // A browser that blocks storage reads throws here: the defaults still work.
    return DEFAULT_SETTINGS;
  }
}

/** Writes the changed settings over the stored ones; returns what is now in effect. */
export function writeLocalSettings(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  changes: Partial<LocalSettings>,
): LocalSettings {
  const next = parseLocalSettings(JSON.stringify({ ...readLocalSettings(storage), ...changes }));
  try {
    storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // A full or blocked storage cannot keep it: the dialog then shows the setting unchanged.
  }
  return next;
}
