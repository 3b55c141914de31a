import {
  type AudioCodec,
  OPUS_RENDITION_BITRATES_KBPS,
  type OptionalCodec,
  PLAN_MAX_BITRATE_KBPS,
  STREAM_QUALITY_KBPS,
  type StreamQuality,
} from '@kora/contracts';
import type { ListenerPlan } from '../subscription/listener-plan.js';

type SaverQuality = Extract<StreamQuality, 'extreme-saver' | 'data-saver'>;

const SAVER_OPUS_KBPS: Record<SaverQuality, number> = {
  'extreme-saver': OPUS_RENDITION_BITRATES_KBPS.extremeSaver,
  'data-saver': OPUS_RENDITION_BITRATES_KBPS.dataSaver,
};

const QUALITY_MAX_KBPS: Record<Exclude<StreamQuality, SaverQuality>, number> = {
  low: STREAM_QUALITY_KBPS.low,
  medium: STREAM_QUALITY_KBPS.medium,
  high: STREAM_QUALITY_KBPS.high,
  auto: STREAM_QUALITY_KBPS.high,
};

const isSaver = (quality: StreamQuality): quality is SaverQuality => quality in SAVER_OPUS_KBPS;

/**
 * Picks the rendition to stream, within the plan's cap:
 * - a saver: its Opus rendition where the player plays Opus (`playable`), else the lowest
 *   rendition the player can play (the other Opus, or the lowest MP3), so a song whose Opus
 *   encoding failed still plays;
 * - any other quality: the best MP3 within it.
 * undefined means no rendition fits and the original upload is served.
 */
export function chooseRendition<R extends { codec: AudioCodec; bitrateKbps: number }>(
  renditions: readonly R[],
  plan: ListenerPlan,
  quality: StreamQuality,
  playable: ReadonlySet<OptionalCodec> = new Set(),
): R | undefined {
  const allowed = renditions
    .filter((rendition) => rendition.bitrateKbps <= PLAN_MAX_BITRATE_KBPS[plan])
    .filter((rendition) => rendition.codec === 'mp3' || playable.has(rendition.codec))
    .sort((a, b) => a.bitrateKbps - b.bitrateKbps);
  if (isSaver(quality)) {
    return allowed.find((rendition) => rendition.codec === 'opus' && rendition.bitrateKbps === SAVER_OPUS_KBPS[quality]) ?? allowed[0];
  }
  return allowed.filter((rendition) => rendition.codec === 'mp3' && rendition.bitrateKbps <= QUALITY_MAX_KBPS[quality]).at(-1);
}

/**
 * Whether the original upload may be streamed on this plan, as it is while a song has no rendition
 * the plan allows (its renditions are still being made, or ffmpeg is missing). Free's cap holds for
 * the original too. Its bitrate is estimated from size and duration: an upper bound, since tags and
 * embedded art only add bytes, so an original that passes is within the cap. Premium gets it whatever
 * its bitrate: above 320 kbps it is only a lossless file, nothing another plan pays for.
 */
export function originalFitsPlan(original: { sizeBytes: number; durationSeconds: number | null }, plan: ListenerPlan): boolean {
  if (plan === 'premium') return true;
  if (!original.durationSeconds) return false;
  return (original.sizeBytes * 8) / 1000 / original.durationSeconds <= PLAN_MAX_BITRATE_KBPS[plan];
}
