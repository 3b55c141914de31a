import { OPUS_RENDITION_BITRATES_KBPS, RENDITION_BITRATES_KBPS, STREAM_QUALITY_KBPS } from '@kora/contracts';
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
  dataSaver: {
    off: 'Off',
    'data-saver': 'Data saver',
    'extreme-saver': 'Extreme data saver',
  },
  // A download is the rendition the player would stream at that quality (chooseRendition on the server).
  downloadQuality: {
    low: `Low (${STREAM_QUALITY_KBPS.low} kbps)`,
    medium: `Medium (${STREAM_QUALITY_KBPS.medium} kbps)`,
    high: `High (${STREAM_QUALITY_KBPS.high} kbps)`,
  },
  equalizerPreset: EQUALIZER_PRESET_LABELS,
  crossfade: { 0: 'Off', 2: '2 seconds', 5: '5 seconds', 10: '10 seconds' },
};

type Saver = Exclude<LocalSettings['dataSaver'], 'off'>;

const SAVER_OPUS_KBPS: Record<Saver, number> = {
  'data-saver': OPUS_RENDITION_BITRATES_KBPS.dataSaver,
  'extreme-saver': OPUS_RENDITION_BITRATES_KBPS.extremeSaver,
};

/** What a saver really streams: its Opus rendition where the browser plays Opus, else the lowest MP3 for both. */
export function describeSaverRendition(saver: Saver, playsOpus: boolean): string {
  return playsOpus ? `Opus ${SAVER_OPUS_KBPS[saver]} kbps` : `MP3 ${RENDITION_BITRATES_KBPS.dataSaver} kbps`;
}
