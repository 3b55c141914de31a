/**
 * Runs `task` once per key for this process, the first time a caller asks while `keyNow()` gives
 * that key (a day, say); later callers with the same key pay nothing, and concurrent callers share
 * the one run. A run that fails is tried again by the next caller.
 */
export function createDailyTask(task: (key: string) => Promise<unknown>, keyNow: () => string) {
  let done: string | undefined;
  let running: Promise<void> | undefined;
  return {
    ensureCurrent(): Promise<void> {
      const key = keyNow();
      if (done === key) return Promise.resolve();
      running ??= task(key)
        .then(() => {
          done = key;
        })
        .finally(() => {
          running = undefined;
        });
      return running;
    },
  };
}
