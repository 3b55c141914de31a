// Every benchmark, one after the other (they would disturb each other in parallel).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './lib/bench-utils.js';

for (const bench of ['auth-throughput.ts', 'second-start.ts', 'home-data.ts', 'streaming.ts', 'search.ts', 'collections.ts', 'user-stats.ts', 'transcoding.ts', 'data-per-hour.ts', 'uploads-memory.ts', 'audio-proxy.ts', 'paystack-webhook.ts', 'cluster-throughput.ts', 'phone-first.ts', 'lighthouse.ts']) {
  console.log(`\n=== ${bench} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench', bench)], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}
