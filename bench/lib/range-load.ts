import http from 'node:http';
import { percentile } from './load.js';

export type RangeTarget = { path: string; size: number };
export type RangeLoadResult = { requests: number; bytes: number; seconds: number; rps: number; mbPerS: number; ttfbP50: number; ttfbP99: number; failures: number };

/**
 * `clients` concurrent keep-alive clients, each asking in a loop for a random `rangeBytes`
 * slice of a random target until `durationS` is over. Time to first byte is measured from
 * sending the request to the first body bytes arriving.
 */
export async function runRangeLoad(
  baseUrl: string,
  targets: readonly RangeTarget[],
  options: { clients: number; durationS: number; rangeBytes: number; headers?: Record<string, string> },
): Promise<RangeLoadResult> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const ttfbs: number[] = [];
  let bytes = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + options.durationS * 1000;

  const fetchRange = (target: RangeTarget) =>
    new Promise<void>((resolve) => {
      const length = Math.min(options.rangeBytes, target.size);
      const start = Math.floor(Math.random() * (target.size - length + 1));
      const sent = performance.now();
      let firstByte = 0;
      const request = http.get(
        {
          host: url.hostname,
          port: url.port,
          path: target.path,
          agent,
          headers: { ...options.headers, range: `bytes=${start}-${start + length - 1}` },
        },
        (response) => {
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            if (received === 0) firstByte = performance.now();
            received += chunk.length;
          });
          response.on('end', () => {
            if (response.statusCode === 206 && received === length) {
              bytes += received;
              ttfbs.push(firstByte - sent);
            } else {
              failures += 1;
            }
            resolve();
          });
          response.on('error', () => {
            failures += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        failures += 1;
        resolve();
      });
    });

  const client = async () => {
    while (performance.now() < deadline) await fetchRange(targets[Math.floor(Math.random() * targets.length)]!);
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  ttfbs.sort((a, b) => a - b);
  return {
    requests: ttfbs.length,
    bytes,
    seconds,
    rps: ttfbs.length / seconds,
    mbPerS: bytes / seconds / 1e6,
    ttfbP50: percentile(ttfbs, 50),
    ttfbP99: percentile(ttfbs, 99),
    failures,
  };
}
