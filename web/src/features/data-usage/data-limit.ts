import { BYTES_PER_MB, DATA_LIMIT_NOTICE_SHARE, usageMonthOf } from '@kora/contracts';
import type { LocalSettings } from '../settings/local-settings';

/** What Kora did about the monthly data limit, kept on this device beside the settings. */
export const DATA_LIMIT_STORAGE_KEY = 'kora-data-limit';

/** Where this month's use stands against the limit. */
export type LimitStage = 'no-limit' | 'under' | 'near' | 'reached';

export function limitStageOf(usedBytes: number, limitMb: number | null): LimitStage {
  if (limitMb === null) return 'no-limit';
  const share = usedBytes / (limitMb * BYTES_PER_MB);
  if (share >= 1) return 'reached';
  return share >= DATA_LIMIT_NOTICE_SHARE ? 'near' : 'under';
}

/** The settings the listener streams by, as one value: when it changes, they chose anew. */
export function streamingChoiceOf(settings: Pick<LocalSettings, 'streamingQuality' | 'dataSaver'>): string {
  return JSON.stringify([settings.streamingQuality, settings.dataSaver]);
}

export type DataLimitState = {
  userId: number;
  /** The UTC month it is about ('2025-07'): a new month starts afresh, the extreme saver off. */
  month: string;
  /** The limit (MB) the 80% notice was shown for, and the one Kora acted on at 100%: each once a month and limit. */
  warnedFor: number | null;
  reachedFor: number | null;
  /**
   * While Kora streams the extreme saver: the listener's streaming choice when it switched. It ends
   * once they choose otherwise (streamingChoiceOf), raise or remove the limit, or the month ends.
   */
  saverOver: string | null;
};

/** near: 80% used. switched: Kora now streams the extreme saver. reached: it already did, by the listener's choice. */
export type LimitNotice = 'near' | 'switched' | 'reached';

export type LimitReview = {
  userId: number;
  month: string;
  /** The account's bytes this month, on every device: the limit is the listener's, not a browser's. */
  usedBytes: number;
  limitMb: number | null;
  /** streamingChoiceOf the settings now, and whether they already stream the extreme saver. */
  choice: string;
  streamsExtremeSaver: boolean;
};

/** The state after a look at this month's use, and the notice to show once, if any. */
export function reviewDataLimit(previous: DataLimitState | null, review: LimitReview): { state: DataLimitState; notice: LimitNotice | null } {
  const fresh = !previous || previous.userId !== review.userId || previous.month !== review.month;
  const state: DataLimitState = fresh
    ? { userId: review.userId, month: review.month, warnedFor: null, reachedFor: null, saverOver: null }
    : { ...previous };
  const stage = limitStageOf(review.usedBytes, review.limitMb);
  // The listener chose a quality themselves, or the limit is no longer reached: their settings rule again.
  if (state.saverOver !== review.choice || stage !== 'reached') state.saverOver = null;

  const limitMb = review.limitMb;
  if (stage === 'reached' && state.reachedFor !== limitMb) {
    state.reachedFor = limitMb;
    state.warnedFor = limitMb;
    if (review.streamsExtremeSaver) return { state, notice: 'reached' };
    state.saverOver = review.choice;
    return { state, notice: 'switched' };
  }
  if (stage === 'near' && state.warnedFor !== limitMb) {
    state.warnedFor = limitMb;
    return { state, notice: 'near' };
  }
  return { state, notice: null };
}

/** Whether Kora streams the extreme saver now: switched on this UTC month, and the listener's choice unchanged since. */
export function isLimitSaverOn(state: DataLimitState | null, choice: string, now: Date): boolean {
  return state !== null && state.saverOver === choice && state.month === usageMonthOf(now);
}

function isDataLimitState(value: unknown): value is DataLimitState {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const limit = (field: unknown) => field === null || typeof field === 'number';
  return (
    typeof record.userId === 'number' &&
    typeof record.month === 'string' &&
    limit(record.warnedFor) &&
    limit(record.reachedFor) &&
    (record.saverOver === null || typeof record.saverOver === 'string')
  );
}

export function readDataLimitState(storage: Pick<Storage, 'getItem'> | null): DataLimitState | null {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(DATA_LIMIT_STORAGE_KEY) ?? 'null');
    return isDataLimitState(stored) ? stored : null;
  } catch {
    // Blocked storage or a corrupt value: as if nothing had happened this month.
    return null;
  }
}

export function writeDataLimitState(storage: Pick<Storage, 'setItem'> | null, state: DataLimitState): void {
  try {
    storage?.setItem(DATA_LIMIT_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // A full or blocked storage: the notices may show again, the saver stays off.
  }
}

/** For the player (player/stream-url.ts): whether the limit has Kora stream the extreme saver now. */
export function readLimitSaverOn(
  storage: Pick<Storage, 'getItem'> | null,
  settings: Pick<LocalSettings, 'streamingQuality' | 'dataSaver'>,
  now = new Date(),
): boolean {
  return isLimitSaverOn(readDataLimitState(storage), streamingChoiceOf(settings), now);
}
