import type { StreamQuality } from '@kora/contracts';
import { createAdaptiveQuality, type AdaptiveQuality, type NetworkHints } from './adaptive-quality';

/** The part of the element Auto reads: where it plays, what is buffered, whether it still downloads. */
export type BufferedMedia = Pick<HTMLMediaElement, 'currentTime' | 'buffered' | 'networkState'>;

export type AutoQuality = {
  /** The quality a stream asks for: the listener's own choice, or Auto's level now. */
  resolve: (setting: StreamQuality) => StreamQuality;
  /** A transfer that measured the link (a preload of the next song). */
  recordTransfer: (bytes: number, milliseconds: number) => void;
  /**
   * Called at each 'timeupdate' of the playing song, sampled once a second: true when Auto wants the
   * song reloaded at a lower level now, before its buffer runs dry.
   */
  watch: (element: BufferedMedia, playingKbps: number | null) => boolean;
};

/** A sample a second: as often as the buffer's pace can be read, no busier. */
const SAMPLE_INTERVAL_MS = 1_000;
const NETWORK_LOADING = 2;

type Connection = { saveData?: boolean; effectiveType?: string; downlink?: number };

/** What the browser says of its link (the Network Information API, where it has one; Chromium does). */
export function readNetworkHints(): NetworkHints {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  if (!connection) return {};
  return { saveData: connection.saveData, effectiveType: connection.effectiveType, downlinkMbps: connection.downlink };
}

/** Seconds buffered ahead of the playhead, in the range it plays from. */
export function secondsAhead(element: Pick<HTMLMediaElement, 'currentTime' | 'buffered'>): number {
  const { buffered, currentTime } = element;
  for (let index = 0; index < buffered.length; index++) {
    if (buffered.start(index) <= currentTime && currentTime <= buffered.end(index)) return buffered.end(index) - currentTime;
  }
  return 0;
}

/**
 * "Auto" for the player: adaptive-quality.ts fed by the browser. The plan's cap can change (an
 * upgrade, or the plan read after the first song): a new cap starts a new estimate.
 */
export function createAutoQuality(options: {
  playsOpus: boolean;
  /** The plan's top bitrate as known now (PLAN_MAX_BITRATE_KBPS). */
  readMaxKbps: () => number;
  hints?: () => NetworkHints;
  now?: () => number;
}): AutoQuality {
  const now = options.now ?? (() => performance.now());
  let adaptive: AdaptiveQuality | null = null;
  let cap: number | null = null;
  let lastSample = -Infinity;

  function current(): AdaptiveQuality {
    const maxKbps = options.readMaxKbps();
    if (!adaptive || cap !== maxKbps) {
      adaptive = createAdaptiveQuality({ playsOpus: options.playsOpus, maxKbps, hints: options.hints ?? readNetworkHints, now });
      cap = maxKbps;
    }
    return adaptive;
  }

  return {
    resolve: (setting) => (setting === 'auto' ? current().level() : setting),
    recordTransfer: (bytes, milliseconds) => current().recordTransfer(bytes, milliseconds),
    watch(element, playingKbps) {
      if (playingKbps === null || now() - lastSample < SAMPLE_INTERVAL_MS) return false;
      lastSample = now();
      const sample = {
        positionSeconds: element.currentTime,
        aheadSeconds: secondsAhead(element),
        playingKbps,
        downloading: element.networkState === NETWORK_LOADING,
      };
      return current().recordBuffer(sample) === 'down';
    },
  };
}
