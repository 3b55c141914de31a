import { BYTES_PER_MB } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { readStreamingQuality } from '../../player/stream-url';
import { SETTINGS_STORAGE_KEY } from '../settings/local-settings';
import {
  DATA_LIMIT_STORAGE_KEY,
  type DataLimitState,
  isLimitSaverOn,
  type LimitReview,
  limitStageOf,
  readDataLimitState,
  readLimitSaverOn,
  reviewDataLimit,
  streamingChoiceOf,
  writeDataLimitState,
} from './data-limit';

const MB = BYTES_PER_MB;
const auto = streamingChoiceOf({ streamingQuality: 'auto', dataSaver: 'off' });
const high = streamingChoiceOf({ streamingQuality: 'high', dataSaver: 'off' });

const review = (overrides: Partial<LimitReview> = {}): LimitReview => ({
  userId: 7,
  month: '2025-07',
  usedBytes: 0,
  limitMb: 500,
  choice: auto,
  streamsExtremeSaver: false,
  ...overrides,
});

/** Reviews in turn, each from the state the last one left; the notices shown on the way. */
function reviewInTurn(reviews: Partial<LimitReview>[], start: DataLimitState | null = null) {
  let state = start;
  const notices: (string | null)[] = [];
  for (const next of reviews) {
    const result = reviewDataLimit(state, review(next));
    state = result.state;
    notices.push(result.notice);
  }
  return { state: state!, notices };
}

describe('limitStageOf', () => {
  it('is under below 80% of the limit, near from 80%, reached from 100%', () => {
    expect(limitStageOf(0, 500)).toBe('under');
    expect(limitStageOf(400 * MB - 1, 500)).toBe('under');
    expect(limitStageOf(400 * MB, 500)).toBe('near');
    expect(limitStageOf(500 * MB - 1, 500)).toBe('near');
    expect(limitStageOf(500 * MB, 500)).toBe('reached');
    expect(limitStageOf(10_000 * MB, 500)).toBe('reached');
  });

  it('has no stage without a limit', () => {
    expect(limitStageOf(10_000 * MB, null)).toBe('no-limit');
  });
});

describe('reviewDataLimit', () => {
  it('warns once at 80%, then switches to the extreme saver once at 100%, and says each only once', () => {
    const { state, notices } = reviewInTurn([
      { usedBytes: 100 * MB },
      { usedBytes: 410 * MB },
      { usedBytes: 450 * MB },
      { usedBytes: 500 * MB },
      { usedBytes: 520 * MB },
    ]);
    expect(notices).toEqual([null, 'near', null, 'switched', null]);
    expect(state.saverOver).toBe(auto);
    expect(isLimitSaverOn(state, auto, new Date('2025-07-31T23:59:59Z'))).toBe(true);
  });

  it('switches at once, without the 80% notice, when the first look finds the limit already reached', () => {
    expect(reviewInTurn([{ usedBytes: 600 * MB }, { usedBytes: 610 * MB }]).notices).toEqual(['switched', null]);
  });

  it('ends the saver for the month when the listener chooses a quality themselves, even back to the same one', () => {
    const { state, notices } = reviewInTurn([
      { usedBytes: 500 * MB },
      { usedBytes: 500 * MB, choice: high },
      { usedBytes: 600 * MB, choice: auto },
    ]);
    expect(notices).toEqual(['switched', null, null]);
    expect(state.saverOver).toBeNull();
    expect(isLimitSaverOn(state, auto, new Date('2025-07-20T00:00:00Z'))).toBe(false);
  });

  it('is not in force once the listener’s settings differ, before any review', () => {
    const { state } = reviewInTurn([{ usedBytes: 500 * MB }]);
    expect(isLimitSaverOn(state, high, new Date('2025-07-20T00:00:00Z'))).toBe(false);
  });

  it('ends with the month, by the clock, and starts the next month afresh', () => {
    const { state } = reviewInTurn([{ usedBytes: 500 * MB }]);
    expect(isLimitSaverOn(state, auto, new Date('2025-07-31T23:59:59.999Z'))).toBe(true);
    expect(isLimitSaverOn(state, auto, new Date('2025-08-01T00:00:00Z'))).toBe(false);
    const august = reviewInTurn([{ month: '2025-08', usedBytes: 420 * MB }], state);
    expect(august.notices).toEqual(['near']);
    expect(august.state).toMatchObject({ month: '2025-08', warnedFor: 500, reachedFor: null, saverOver: null });
  });

  it('ends when the limit is raised above the use or removed, and acts again on a new limit reached', () => {
    const raised = reviewInTurn([{ usedBytes: 500 * MB }, { usedBytes: 500 * MB, limitMb: 1024 }]);
    expect(raised.notices).toEqual(['switched', null]);
    expect(raised.state.saverOver).toBeNull();
    expect(reviewInTurn([{ usedBytes: 850 * MB, limitMb: 1024 }, { usedBytes: 1024 * MB, limitMb: 1024 }], raised.state).notices).toEqual([
      'near',
      'switched',
    ]);
    expect(reviewInTurn([{ usedBytes: 500 * MB, limitMb: null }], raised.state).state.saverOver).toBeNull();
  });

  it('only says the limit is reached when the listener already streams the extreme saver', () => {
    const { state, notices } = reviewInTurn([{ usedBytes: 500 * MB, streamsExtremeSaver: true }]);
    expect(notices).toEqual(['reached']);
    expect(state.saverOver).toBeNull();
  });

  it('starts afresh for another listener on the same browser', () => {
    const { state } = reviewInTurn([{ usedBytes: 500 * MB }]);
    const other = reviewDataLimit(state, review({ userId: 8, usedBytes: 10 * MB }));
    expect(other).toEqual({ state: { userId: 8, month: '2025-07', warnedFor: null, reachedFor: null, saverOver: null }, notice: null });
  });
});

describe('the stored state', () => {
  function memoryStorage(initial: string | null = null) {
    let value = initial;
    return {
      getItem: (key: string) => (key === DATA_LIMIT_STORAGE_KEY ? value : null),
      setItem: (key: string, next: string) => void (key === DATA_LIMIT_STORAGE_KEY && (value = next)),
    };
  }

  it('reads back what was written, and tells the player the saver is on', () => {
    const storage = memoryStorage();
    const { state } = reviewInTurn([{ usedBytes: 500 * MB, month: '2025-07' }]);
    writeDataLimitState(storage, state);
    expect(readDataLimitState(storage)).toEqual(state);
    expect(readLimitSaverOn(storage, { streamingQuality: 'auto', dataSaver: 'off' }, new Date('2025-07-02T10:00:00Z'))).toBe(true);
    expect(readLimitSaverOn(storage, { streamingQuality: 'auto', dataSaver: 'data-saver' }, new Date('2025-07-02T10:00:00Z'))).toBe(false);
  });

  it('reads nothing from a corrupt, foreign or blocked value', () => {
    for (const raw of ['not json', '"x"', '{"userId":"7","month":"2025-07"}', '{"userId":7,"month":"2025-07","warnedFor":"a","reachedFor":null,"saverOver":null}']) {
      expect(readDataLimitState(memoryStorage(raw)), raw).toBeNull();
    }
    expect(readDataLimitState(null)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readDataLimitState(blocked)).toBeNull();
    expect(readLimitSaverOn(blocked, { streamingQuality: 'auto', dataSaver: 'off' })).toBe(false);
  });
});

describe('the player’s quality under the limit', () => {
  it('is the extreme saver while Kora switched to it, and the listener’s own choice once they change it', () => {
    const stored = new Map<string, string>([[SETTINGS_STORAGE_KEY, '{"streamingQuality":"high","dataSaver":"off"}']]);
    const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
    const month = new Date().toISOString().slice(0, 7);
    const { state } = reviewInTurn([{ month, usedBytes: 500 * MB, choice: high }]);
    writeDataLimitState(storage, state);
    expect(readStreamingQuality(storage)).toBe('extreme-saver');
    stored.set(SETTINGS_STORAGE_KEY, '{"streamingQuality":"medium","dataSaver":"off"}');
    expect(readStreamingQuality(storage)).toBe('medium');
  });
});
