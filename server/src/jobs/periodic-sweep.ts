import type { JobLog } from './worker.js';

export type PeriodicSweep = { stop(): Promise<void> };

/**
 * Runs `sweep` once now and then every intervalMs until stopped, never two at once: a sweep still
 * running when the next is due makes that one a no-op. A failed sweep is logged and the next tries
 * again; stopping aborts the running one through its signal and waits for it.
 */
export function startPeriodicSweep<Result>({
  sweep,
  intervalMs,
  log,
  onResult,
  failureMessage,
}: {
  sweep: (signal: AbortSignal) => Promise<Result>;
  intervalMs: number;
  log: JobLog;
  /** What a finished sweep reports, if anything worth a log line. */
  onResult: (result: Result) => void;
  failureMessage: string;
}): PeriodicSweep {
  const abort = new AbortController();
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= sweep(abort.signal)
      .then(onResult, (error: unknown) => {
        if (!abort.signal.aborted) log.error({ err: error }, failureMessage);
      })
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop(): Promise<void> {
      clearInterval(timer);
      abort.abort();
      await running;
    },
  };
}

/**
 * Visits the rows a keyset query finds, a batch at a time: `batchAfter(key)` returns up to
 * `batchSize` rows ordered by their key, all above `key` (0 first). Rows that stop matching while
 * the sweep runs are simply not found again, and no offset drifts as they do.
 */
export async function forEachInKeysetBatches<Row>(
  batchSize: number,
  batchAfter: (key: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
  visit: (row: Row) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let after = 0;
  for (;;) {
    const batch = await batchAfter(after);
    for (const row of batch) {
      signal?.throwIfAborted();
      await visit(row);
    }
    if (batch.length < batchSize) return;
    after = keyOf(batch.at(-1)!);
  }
}
