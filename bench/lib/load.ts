import autocannon from 'autocannon';

export type LoadResult = { rps: number; p50: number; p95: number; p99: number; requests: number; non2xx: number; errors: number };

/** Nearest-rank percentile of a sorted list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * autocannon at a fixed number of connections. autocannon reports p97.5 and p99 but not p95,
 * so every response time is recorded here and the percentiles are computed exactly.
 */
export async function runLoad(
  url: string,
  options: { connections: number; durationS: number; headers?: Record<string, string>; warmupS?: number },
): Promise<LoadResult> {
  const headers = options.headers ?? {};
  if (options.warmupS) await autocannon({ url, connections: options.connections, duration: options.warmupS, headers });
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: options.connections, duration: options.durationS, headers }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
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
