// Every benchmark, one after the other (they would disturb each other in parallel), then one table
// of every budget line they printed (figure, budget, PASS or FAIL), so a reader sees them at once.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './lib/bench-utils.js';

const BENCHES = [
  'auth-throughput.ts',
  'second-start.ts',
  'home-data.ts',
  'streaming.ts',
  'search.ts',
  'production-size.ts',
  'collections.ts',
  'user-stats.ts',
  'transcoding.ts',
  'data-per-hour.ts',
  'uploads-memory.ts',
  'memory.ts',
  'audio-proxy.ts',
  'paystack-webhook.ts',
  'cluster-throughput.ts',
  'phone-first.ts',
  'play-start.ts',
  'lighthouse.ts',
];

/** A line that gives a verdict: every bench ends its budget lines with PASS or FAIL. */
const VERDICT = /\b(PASS|FAIL)\b/;

type Row = { bench: string; line: string; verdict: string };

function run(bench: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench', bench)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.once('close', (code) => resolve({ code, output }));
  });
}

const rows: Row[] = [];
for (const bench of BENCHES) {
  console.log(`\n=== ${bench} ===`);
  const { code, output } = await run(bench);
  const verdicts = output.split('\n').filter((line) => VERDICT.test(line));
  for (const line of verdicts) rows.push({ bench, line: line.replace(VERDICT, '').replace(/\s+/g, ' ').trim(), verdict: VERDICT.exec(line)![1]! });
  // A bench that stopped without a verdict, or failed with none printed, is a failure of its own.
  if (verdicts.length === 0 || (code !== 0 && !verdicts.some((line) => line.includes('FAIL')))) {
    rows.push({ bench, line: code === 0 ? 'printed no budget line' : `exited with ${code}`, verdict: 'FAIL' });
  }
  if (code !== 0) process.exitCode = 1;
}

const width = Math.max(...rows.map((row) => row.bench.length));
console.log('\n=== summary ===');
console.log(`${'bench'.padEnd(width)}  result  figure and budget`);
for (const row of rows) console.log(`${row.bench.padEnd(width)}  ${row.verdict.padEnd(6)}  ${row.line}`);
const failed = rows.filter((row) => row.verdict === 'FAIL').length;
console.log(`${rows.length - failed} of ${rows.length} budgets met`);
