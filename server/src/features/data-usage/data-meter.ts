import { type DataUsageKind, usageDayOf } from '@kora/contracts';

/** One line of the meter: the bytes one device of one listener was sent on one UTC day, of one kind and quality. */
export type UsageCount = { userId: number; deviceId: string; day: string; kind: DataUsageKind; quality: string; bytes: number };
/** Whose bytes an answer sends, and what they are: a line of the meter without its day and bytes. */
export type UsageLine = Omit<UsageCount, 'day' | 'bytes'>;

export type DataMeter = {
  /**
   * A counter for one answer: each call adds bytes to its line for the UTC day they are sent. Called
   * per chunk written, so it allocates nothing once its line is in memory.
   */
  counter(line: UsageLine): (bytes: number) => void;
  /** Adds bytes to a line in memory; written with the rest at the next flush. */
  add(count: UsageCount): void;
  /** Writes everything counted so far in one statement; resolves once it is in the database. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left (the app's onClose, before the database closes); logs a failure. */
  close(): Promise<void>;
};

type MeterDeps = {
  /** Adds each count's bytes to its row (queries.ts); one statement for the whole batch. */
  write(counts: UsageCount[]): Promise<void>;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  flushIntervalMs: number;
};

const keyOf = (line: UsageLine, day: string) => `${line.userId}|${line.deviceId}|${day}|${line.kind}|${line.quality}`;

/** Today's UTC day, worked out again only once the day has ended: it is asked for per chunk. */
function createDayClock(): () => string {
  let day = '';
  let endsAt = 0;
  return () => {
    const now = Date.now();
    if (now >= endsAt) {
      day = usageDayOf(new Date(now));
      endsAt = Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000;
    }
    return day;
  };
}

/**
 * Counts in memory and writes every few seconds, so a stream costs an addition per chunk and the
 * database a write per few seconds, not one per chunk or per request. Flushes never overlap: a
 * flush asked for while one runs waits for it, then writes what came since. A write that fails
 * puts its bytes back, to go with the next one.
 */
export function createDataMeter({ write, log, flushIntervalMs }: MeterDeps): DataMeter {
  let pending = new Map<string, UsageCount>();
  // Changes whenever the lines in memory are taken to be written: a counter then finds its line anew.
  let generation = 0;
  let running: Promise<void> = Promise.resolve();
  const today = createDayClock();

  function lineFor(line: UsageLine, day: string): UsageCount {
    const key = keyOf(line, day);
    let count = pending.get(key);
    if (!count) {
      count = { userId: line.userId, deviceId: line.deviceId, day, kind: line.kind, quality: line.quality, bytes: 0 };
      pending.set(key, count);
    }
    return count;
  }

  function counter(line: UsageLine): (bytes: number) => void {
    let count: UsageCount | undefined;
    let countGeneration = -1;
    return (bytes) => {
      if (bytes <= 0) return;
      const day = today();
      if (count === undefined || countGeneration !== generation || count.day !== day) {
        count = lineFor(line, day);
        countGeneration = generation;
      }
      count.bytes += bytes;
    };
  }

  function add(count: UsageCount): void {
    if (count.bytes > 0) lineFor(count, count.day).bytes += count.bytes;
  }

  async function writePending(): Promise<void> {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    generation += 1;
    try {
      await write(batch);
    } catch (error) {
      for (const count of batch) add(count);
      throw error;
    }
  }

  function flush(): Promise<void> {
    const next = running.then(writePending);
    // The next flush waits for this one whether it wrote or failed.
    running = next.catch(() => undefined);
    return next;
  }

  const timer = setInterval(() => {
    flush().catch((error: unknown) => log.warn({ err: error, lines: pending.size }, 'data meter: counts not written, kept for the next try'));
  }, flushIntervalMs);
  timer.unref();

  return {
    counter,
    add,
    flush,
    async close() {
      clearInterval(timer);
      await flush().catch((error: unknown) => log.error({ err: error, lines: pending.size }, 'data meter: counts lost at shutdown'));
    },
  };
}
