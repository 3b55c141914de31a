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
