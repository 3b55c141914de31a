// Budget: the second start of the built server (database present, demo catalogue seeded)
// answers its first request within 5 s. Measured from spawn to the first 200 of /api/health.
import { rmSync } from 'node:fs';
import { startKora, stop, tempDataDir } from './lib/bench-utils.js';

const BUDGET_MS = 5000;
const dataDir = tempDataDir();
try {
  const first = await startKora({ DATA_DIR: dataDir });
  console.log(`first start (migrations + demo catalogue): ${(first.startedInMs / 1000).toFixed(1)} s`);
  await stop(first.child);

  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const again = await startKora({ DATA_DIR: dataDir });
    runs.push(again.startedInMs);
    await stop(again.child);
  }
  const worst = Math.max(...runs);
  console.log(`second start to first answer: ${runs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}`);
  console.log(`worst ${(worst / 1000).toFixed(2)} s (budget <= ${BUDGET_MS / 1000} s) ${worst <= BUDGET_MS ? 'PASS' : 'FAIL'}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
