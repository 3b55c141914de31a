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
  // A download is the rendition the player would stream at that quality (chooseRendition on the server).
  downloadQuality: {
    low: `Low (${STREAM_QUALITY_KBPS.low} kbps)`,
    medium: `Medium (${STREAM_QUALITY_KBPS.medium} kbps)`,
    high: `High (${STREAM_QUALITY_KBPS.high} kbps)`,
  },
  equalizerPreset: EQUALIZER_PRESET_LABELS,
};
