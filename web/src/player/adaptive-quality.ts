import { OPUS_RENDITION_BITRATES_KBPS, RENDITION_BITRATES_KBPS, STREAM_QUALITY_KBPS } from '@kora/contracts';

/**
 * The qualities "Auto" steps between. Not 'low' (MP3 64 kbps): where Opus plays, the data saver's
 * Opus 48 sounds at least as good for fewer bytes; where it does not, the data saver is that same
 * MP3 64 and, unlike 'low', never falls back to the original upload when the MP3 is missing.
 */
export type AutoLevel = 'extreme-saver' | 'data-saver' | 'medium' | 'high';

/** What the browser says of its connection (navigator.connection), read by the caller. */
export type NetworkHints = { saveData?: boolean; effectiveType?: string; downlinkMbps?: number };

/** The audio element as it plays, sampled about once a second. */
export type BufferSample = {
  /** The playhead (currentTime), so a stall or a seek is not read as the download's pace. */
  positionSeconds: number;
  /** Seconds buffered ahead of the playhead. */
  aheadSeconds: number;
  /** The kbps of the rendition playing now (autoLevelKbps of its level). */
  playingKbps: number;
  /** Whether the element is still downloading (networkState is NETWORK_LOADING). */
  downloading: boolean;
};

export type AdaptiveQuality = {
  /** A finished transfer (a preload of the next song, a stream chunk): bytes over milliseconds. */
  recordTransfer(bytes: number, milliseconds: number): void;
  /** 'down' when the current song should switch to level() now, before its buffer runs dry. */
  recordBuffer(sample: BufferSample): 'down' | null;
  /** The level to ask for now: the next song, or the switch 'down' asked for. */
  level(): AutoLevel;
};

/** The kbps a level really streams on this device: both savers are the lowest MP3 where Opus does not play. */
export function autoLevelKbps(level: AutoLevel, playsOpus: boolean): number {
  switch (level) {
    case 'extreme-saver':
      return playsOpus ? OPUS_RENDITION_BITRATES_KBPS.extremeSaver : RENDITION_BITRATES_KBPS.dataSaver;
    case 'data-saver':
      return playsOpus ? OPUS_RENDITION_BITRATES_KBPS.dataSaver : RENDITION_BITRATES_KBPS.dataSaver;
    case 'medium':
      return STREAM_QUALITY_KBPS.medium;
    case 'high':
      return STREAM_QUALITY_KBPS.high;
  }
}

// Transfers under 16 KB measure the round trip more than the link (on a 400 ms round trip, 16 KB
// at 400 kbps reads as 180), and the estimate speaks from 128 KB measured: Shaka Player's minimums.
const MIN_TRANSFER_BYTES = 16_000;
const MIN_MEASURED_BYTES = 128_000;
// Half-lives in seconds of transfer (Shaka Player's): the fast average sees a drop at once, the
// slow one does not believe a short burst, and the estimate is the lower of the two.
const FAST_HALF_LIFE_SECONDS = 2;
const SLOW_HALF_LIFE_SECONDS = 5;
// A level fits when its kbps is at most 70% of the estimate (ExoPlayer's bandwidth fraction): the
// rest is headroom for a link that varies. A step up asks for more (60%), so an estimate hovering
// at the edge does not switch up and down.
const FIT_FRACTION = 0.7;
const UP_FRACTION = 0.6;
/** How long the estimate must stay comfortably above the next level before Auto steps up to it. */
const SUSTAINED_GOOD_MS = 30_000;
// Under 10 s ahead while the download lags, a switch still has time to start the lower rendition
// (a request and its first bytes take a second or two on a slow phone link) before silence.
const LOW_BUFFER_SECONDS = 10;
// The download's pace is read over the last few seconds of samples, not one noisy step.
const TREND_WINDOW_MS = 4_000;
const MIN_TREND_MS = 2_000;
// With no hint and no measurement, Auto starts at the data saver: most of our listeners are on a
// slow phone link, where the first song starting at once matters more than its first minutes'
// quality, and the first measured transfers then lift it to what the link carries.
const DEFAULT_LEVEL: AutoLevel = 'data-saver';

/** An exponentially weighted average whose weight is transfer time (as Shaka Player's Ewma). */
function createAverage(halfLifeSeconds: number) {
  const alpha = 0.5 ** (1 / halfLifeSeconds);
  let estimate = 0;
  let totalWeight = 0;
  return {
    sample(weight: number, value: number) {
      const kept = alpha ** weight;
      estimate = value * (1 - kept) + kept * estimate;
      totalWeight += weight;
    },
    /** Corrected for starting at zero, so the first samples are not read as a slow link. */
    value: () => estimate / (1 - alpha ** totalWeight),
  };
}

type Rung = { level: AutoLevel; kbps: number };

/** The levels this device and plan can stream, lowest first, each with the kbps it really streams. */
function buildLadder(playsOpus: boolean, maxKbps: number): Rung[] {
  const levels: AutoLevel[] = playsOpus ? ['extreme-saver', 'data-saver', 'medium', 'high'] : ['data-saver', 'medium', 'high'];
  const rungs = levels.map((level) => ({ level, kbps: autoLevelKbps(level, playsOpus) }));
  const allowed = rungs.filter((rung) => rung.kbps <= maxKbps);
  return allowed.length > 0 ? allowed : rungs.slice(0, 1);
}

type TrendPoint = { at: number; positionSeconds: number; bufferedEndSeconds: number };

/**
 * The level "Auto" asks for (issue 16), from the measured throughput of recent transfers and,
 * until enough is measured, the browser's hints. It moves down at once when the estimate falls
 * or the buffer is about to run dry, and up one level at a time, only after a sustained good
 * period. Pure: the clock and the hints are passed in.
 */
export function createAdaptiveQuality(options: {
  playsOpus: boolean;
  /** The plan's cap (PLAN_MAX_BITRATE_KBPS): a free listener's top is medium. */
  maxKbps: number;
  hints: () => NetworkHints;
  now: () => number;
}): AdaptiveQuality {
  const ladder = buildLadder(options.playsOpus, options.maxKbps);
  const fast = createAverage(FAST_HALF_LIFE_SECONDS);
  const slow = createAverage(SLOW_HALF_LIFE_SECONDS);
  let measuredBytes = 0;
  /** The rung chosen from evidence (measurements or the buffer); null while only the hints speak. */
  let current: number | null = null;
  /** When the estimate started staying comfortably above the next rung, and when it last was. */
  let good: { since: number; last: number } | null = null;
  let trend: TrendPoint[] = [];

  /** The highest rung within `kbps` and under `underKbps`; the lowest when none is. */
  function highestWithin(kbps: number, underKbps = Infinity): number {
    let found = 0;
    ladder.forEach((rung, index) => {
      if (rung.kbps <= kbps && rung.kbps < underKbps) found = index;
    });
    return found;
  }

  function estimate(): number | null {
    return measuredBytes >= MIN_MEASURED_BYTES ? Math.min(fast.value(), slow.value()) : null;
  }

  /** Where Auto starts before measuring: a slow effective type caps it, a downlink is an estimate. */
  function startFromHints(hints: NetworkHints): number {
    const candidates: number[] = [];
    if (hints.effectiveType === 'slow-2g' || hints.effectiveType === '2g') {
      candidates.push(highestWithin(autoLevelKbps('extreme-saver', options.playsOpus)));
    } else if (hints.effectiveType === '3g') {
      candidates.push(highestWithin(autoLevelKbps('data-saver', options.playsOpus)));
    }
    if (hints.downlinkMbps !== undefined && hints.downlinkMbps > 0) {
      candidates.push(highestWithin(hints.downlinkMbps * 1000 * FIT_FRACTION));
    }
    return candidates.length > 0 ? Math.min(...candidates) : highestWithin(autoLevelKbps(DEFAULT_LEVEL, options.playsOpus));
  }

  function moveDown(to: number): void {
    current = to;
    // The good period starts over: no step up until a fresh one has lasted, so never right after a drop.
    good = null;
  }

  function followEstimate(kbps: number, at: number): void {
    const fit = highestWithin(kbps * FIT_FRACTION);
    if (current === null) {
      // The first estimate replaces the hints' guess, whichever way it points.
      current = fit;
      return;
    }
    if (fit < current) {
      moveDown(fit);
      return;
    }
    const next = ladder[current + 1];
    if (!next || next.kbps > kbps * UP_FRACTION) {
      good = null;
      return;
    }
    good = { since: good?.since ?? at, last: at };
    if (good.last - good.since >= SUSTAINED_GOOD_MS) {
      current += 1;
      good = null;
    }
  }

  /** Adds the sample to the trend; returns the download's pace in kbps over the last few seconds (how fast the buffered end moves, times what plays). */
  function trackPace(point: TrendPoint, playingKbps: number): number | null {
    const last = trend.at(-1);
    const elapsedSeconds = last ? (point.at - last.at) / 1000 : 0;
    // A seek moves the playhead and the buffered end at once: the pace before it says nothing now.
    const sought = last && (point.positionSeconds < last.positionSeconds || point.positionSeconds - last.positionSeconds > elapsedSeconds + 1);
    trend = [...(sought ? [] : trend.filter((earlier) => point.at - earlier.at <= TREND_WINDOW_MS)), point];
    const oldest = trend[0]!;
    const span = point.at - oldest.at;
    if (span < MIN_TREND_MS) return null;
    return (playingKbps * (point.bufferedEndSeconds - oldest.bufferedEndSeconds) * 1000) / span;
  }

  return {
    recordTransfer(bytes, milliseconds) {
      if (bytes < MIN_TRANSFER_BYTES || milliseconds <= 0) return;
      const kbps = (bytes * 8) / milliseconds;
      fast.sample(milliseconds / 1000, kbps);
      slow.sample(milliseconds / 1000, kbps);
      measuredBytes += bytes;
      const measured = estimate();
      if (measured !== null) followEstimate(measured, options.now());
    },

    recordBuffer({ positionSeconds, aheadSeconds, playingKbps, downloading }) {
      // A buffer that shrinks while nothing downloads is the browser resting on a full one, or the song's end.
      if (!downloading) {
        trend = [];
        return null;
      }
      const point = { at: options.now(), positionSeconds, bufferedEndSeconds: positionSeconds + aheadSeconds };
      const pace = trackPace(point, playingKbps);
      if (aheadSeconds >= LOW_BUFFER_SECONDS || !ladder.some((rung) => rung.kbps < playingKbps)) return null;
      // The buffer's own pace says whether the download keeps up; until it can, the estimate does.
      const measured = estimate();
      const lagging = pace !== null ? pace < playingKbps : measured !== null && measured < playingKbps;
      if (!lagging) return null;

      const rate = Math.min(pace ?? Infinity, measured ?? Infinity);
      const to = highestWithin(rate * FIT_FRACTION, playingKbps);
      moveDown(Math.min(to, current ?? to));
      trend = [];
      return 'down';
    },

    level() {
      const hints = options.hints();
      // Save-Data is the listener asking the browser to save data, not a reading of the link: it holds.
      if (hints.saveData) return ladder[0]!.level;
      return ladder[current ?? startFromHints(hints)]!.level;
    },
  };
}
