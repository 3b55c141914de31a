import autocannon from 'autocannon';

export type LoadResult = { rps: number; p50: number; p95: number; p99: number; requests: number; non2xx: number; errors: number };

/** Nearest-rank percentile of a sorted list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * autocannon at a fixed number of connections. autocannon reports p97.5 and p99 but not p95,
 * so every response time is recorded here and the percentiles are computed exactly. With
 * `paths`, each connection requests them in turn and the percentiles are over all of them.
 */
export async function runLoad(
  url: string,
  options: { connections: number; durationS: number; headers?: Record<string, string>; warmupS?: number; paths?: readonly string[] },
): Promise<LoadResult> {
  const base = {
    url,
    connections: options.connections,
    headers: options.headers ?? {},
    ...(options.paths ? { requests: options.paths.map((path) => ({ method: 'GET' as const, path })) } : {}),
  };
  if (options.warmupS) await autocannon({ ...base, duration: options.warmupS });
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...base, duration: options.durationS }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    requests: times.length,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Gives the catalogue plays to rank: the listener plays the first song and `count - 1` other
 * listeners one song each, so trending has `count` songs and the listener a recently played one.
 * One listener's plays cannot add up to more than the time that passed (features/plays), so a
 * history of several songs needs several listeners or minutes of waiting.
 */
export async function giveListenerHistory(baseUrl: string, cookie: string, count = 8): Promise<void> {
  const songs = (await (await fetch(`${baseUrl}/api/songs`, { headers: { cookie } })).json()) as { id: number }[];
  for (const [index, song] of songs.slice(0, count).entries()) {
    const player = index === 0 ? cookie : await signUpBenchUser(baseUrl, `history-${index}-${Date.now()}@example.com`);
    const response = await fetch(`${baseUrl}/api/songs/${song.id}/play`, {
      method: 'POST',
      headers: { cookie: player, 'content-type': 'application/json' },
      body: JSON.stringify({ minutesPlayed: 1 }),
    });
    const answer = (await response.json()) as { recorded?: boolean };
    if (!response.ok || !answer.recorded) throw new Error(`play not counted: ${response.status}`);
  }
}

/** Signs a bench user up and returns the session cookie. */
export async function signUpBenchUser(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password', firstName: 'Bench', lastName: 'Mark' }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  return cookie;
}
