import { PLAN_MAX_BITRATE_KBPS, STREAM_QUALITY_KBPS, type StreamQuality } from '@kora/contracts';
import type { ListenerPlan } from '../subscription/listener-plan.js';

const QUALITY_MAX_KBPS: Record<Exclude<StreamQuality, 'data-saver'>, number> = {
  low: STREAM_QUALITY_KBPS.low,
  medium: STREAM_QUALITY_KBPS.medium,
  high: STREAM_QUALITY_KBPS.high,
  auto: STREAM_QUALITY_KBPS.high,
};

/**
 * Picks the rendition to stream: the best bitrate within both the plan's cap and the requested
 * quality, or the lowest one the plan allows for data saver. undefined means no rendition
 * fits and the original upload is served.
 */
export function chooseRendition<R extends { bitrateKbps: number }>(
  renditions: readonly R[],
  plan: ListenerPlan,
  quality: StreamQuality,
): R | undefined {
  const allowed = renditions
    .filter((rendition) => rendition.bitrateKbps <= PLAN_MAX_BITRATE_KBPS[plan])
    .sort((a, b) => a.bitrateKbps - b.bitrateKbps);
  if (quality === 'data-saver') return allowed[0];
  return allowed.filter((rendition) => rendition.bitrateKbps <= QUALITY_MAX_KBPS[quality]).at(-1);
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
