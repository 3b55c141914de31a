import { STREAM_QUALITY_KBPS } from '@kora/contracts';
import type { ChoiceSetting, LocalSettings } from './local-settings';
import { EQUALIZER_PRESET_LABELS } from '../../player/equalizer-presets';

type ChoiceLabels = { [K in ChoiceSetting]: Record<LocalSettings[K] & (string | number), string> };

/** What the Settings dialog shows for each value of each choice. */
export const CHOICE_LABELS: ChoiceLabels = {
  streamingQuality: {
    low: `Low (${STREAM_QUALITY_KBPS.low} kbps)`,
    medium: `Medium (${STREAM_QUALITY_KBPS.medium} kbps)`,
    high: `High (${STREAM_QUALITY_KBPS.high} kbps)`,
    auto: 'Auto',
  },
  downloadQuality: { low: 'Low', medium: 'Medium', high: 'High' },
  audioQuality: { low: 'Low', medium: 'Medium', high: 'High' },
  crossfadeSeconds: { 0: 'Off', 2: '2 seconds', 5: '5 seconds', 10: '10 seconds' },
  language: { english: 'English', yoruba: 'Yoruba', hausa: 'Hausa', igbo: 'Igbo', pidgin: 'Pidgin' },
  region: { nigeria: 'Nigeria', ghana: 'Ghana', kenya: 'Kenya', 'south-africa': 'South Africa', global: 'Global' },
  whoCanFollow: { everyone: 'Everyone', friends: 'Friends', 'no-one': 'No one' },
  equalizerPreset: EQUALIZER_PRESET_LABELS,
};
