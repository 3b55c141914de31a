import type { Redis } from 'ioredis';

/**
 * Counts code attempts per key (a user) in a fixed window. With Redis every server process
 * shares the count, as the sign-in rate limit does; without it the count lives in this process.
 */
export type AttemptLimiter = {
  /** Counts one attempt; false when the window's allowance is already spent. */
  consume(key: string): Promise<boolean>;
  /** Forgets the count: after a right code, earlier typos no longer count. */
  reset(key: string): Promise<void>;
};

export type AttemptLimit = { max: number; windowMs: number };

const KEY_PREFIX = 'kora-2fa-attempts:';

// INCR and the expiry in one step, so a counter can never be left without its expiry.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** `keyPrefix` keeps another limit's counters (the account e-mail links') apart from two-factor's in the shared Redis. */
export function createRedisAttemptLimiter(redis: Redis, { max, windowMs }: AttemptLimit, keyPrefix = KEY_PREFIX): AttemptLimiter {
  return {
    async consume(key) {
      const count = await redis.eval(CONSUME_SCRIPT, 1, keyPrefix + key, windowMs);
      return Number(count) <= max;
    },
    async reset(key) {
      await redis.del(keyPrefix + key);
    },
  };
}

export function createMemoryAttemptLimiter(
  { max, windowMs }: AttemptLimit,
  now: () => number = () => Date.now(),
): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function dropExpired(time: number): void {
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
  }

  return {
    async consume(key) {
      const time = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        // Sweep now and then so keys of users who never come back do not pile up.
        if (windows.size >= 10_000) dropExpired(time);
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count <= max;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
