// npm test: every suite — types, lint, migrations in step with the schema and the build, then unit
// and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then the browser end-to-end
// tests against the built app. Ends with the failed tests' names and one 'N passed, N failed' line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './build-state.mjs';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-test-report-'));
const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');

// Types, lint, the migrations check and the build each keep one core busy: they run two at a time
// (CI has two cores), each one's output printed whole when it ends. The tests then run one suite
// after the other, each using every core.
const checks = [
  { name: 'typecheck', command: ['npm', 'run', 'typecheck', '--silent'] },
  { name: 'lint', command: ['npm', 'run', 'lint', '--silent'] },
  { name: 'migrations', command: ['npm', 'run', 'db:check', '--silent'] },
  { name: 'build', command: ['npm', 'run', 'build', '--silent'] },
];
const testSuites = [
  {
    name: 'unit and API tests',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  },
  {
    name: 'end-to-end tests',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  },
];

const failedSteps = [];
const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);
const record = (name, status, started) => {
  console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)} s`);
  if (status !== 0) failedSteps.push(name);
};

function runBuffered(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.command[0], step.command.slice(1), { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      console.log(`\n=== ${step.name} ===`);
      process.stdout.write(Buffer.concat(output));
      record(step.name, status, started);
      resolve();
    });
  });
}

const checksStarted = Date.now();
const waiting = [...checks];
await Promise.all(
  Array.from({ length: Math.min(2, os.availableParallelism()) }, async () => {
    for (let step = waiting.shift(); step; step = waiting.shift()) await runBuffered(step);
  }),
);
console.log(`=== checks and build: finished in ${seconds(checksStarted)} s`);

/**
 * The browser tests' server, started as the unit and API tests begin: its start-up transcodes the
 * demo catalogue (ffmpeg at the lowest priority) in the CPU time those tests leave idle, instead of
 * for a minute or two before the first browser test. Playwright finds it listening and uses it.
 */
function startE2eServer() {
  const port = process.env.E2E_PORT ?? '3210';
  const logFile = path.join(reportDir, 'e2e-server.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['start-server.mjs'], {
    cwd: path.join(root, 'e2e'),
    env: { ...process.env, PORT: port, HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  process.on('exit', () => child.kill());
  return {
    /** Whether it answers its health check, waiting for its start-up (as long as Playwright would). */
    async ready() {
      for (const deadline = Date.now() + 600_000; !exited && Date.now() < deadline; ) {
        const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false);
        if (up) return true;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      console.log(`The browser tests' server did not start; Playwright starts its own. Its log:\n${fs.readFileSync(logFile, 'utf8').slice(-4_000)}`);
      child.kill();
      return false;
    },
    stop() {
      if (exited) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      });
    },
  };
}

// Without a build there is nothing for the browser tests to open.
const e2eServer = failedSteps.includes('build') ? undefined : startE2eServer();
for (const step of testSuites) {
  if (step.name === 'end-to-end tests' && !e2eServer) break;
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const env = { ...process.env, ...step.env };
  if (step.name === 'end-to-end tests' && (await e2eServer.ready())) env.E2E_SERVER_STARTED = '1';
  const result = spawnSync(step.command[0], step.command.slice(1), { cwd: step.cwd ?? root, stdio: 'inherit', env });
  record(step.name, result.status, started);
}
await e2eServer?.stop();

const counts = { passed: 0, failed: 0, skipped: 0 };
const failuresOf = { 'unit and API tests': 0, 'end-to-end tests': 0 };
// Named again at the end, where a log cut to its last lines (CI's) still shows them.
const failedNames = [];
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failed.length === 0) failedNames.push(`${where}: ${file.message.split('\n')[0]}`);
    for (const test of failed) failedNames.push(`${where} > ${test.fullName}: ${(test.failureMessages[0] ?? '').split('\n')[0]}`);
  }
  // A test file that fails to load has no failed test of its own: count the file.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  failuresOf['unit and API tests'] = report.numFailedTests + brokenFiles;
  counts.passed += report.numPassedTests;
  counts.skipped += report.numPendingTests + report.numTodoTests;
}
if (fs.existsSync(playwrightReport)) {
  const { stats, suites } = JSON.parse(fs.readFileSync(playwrightReport, 'utf8'));
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests) {
        if (run.status === 'unexpected') failedNames.push(`e2e [${run.projectName}] ${spec.file}:${spec.line} > ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites) walk(suite);
  failuresOf['end-to-end tests'] = stats.unexpected;
  counts.passed += stats.expected + stats.flaky;
  counts.skipped += stats.skipped;
}
// A failed step always shows in the count: its failed tests, or one failure for the step itself
// (types, lint, migrations, or a runner that failed without a failing test, e.g. an unhandled error).
for (const name of failedSteps) counts.failed += Math.max(1, failuresOf[name] ?? 0);

if (failedNames.length) console.log(`\nFailed tests:\n${failedNames.map((name) => `  ${name.slice(0, 400)}`).join('\n')}`);
console.log(`\nFailed steps: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
fs.rmSync(reportDir, { recursive: true, force: true });
process.exit(failedSteps.length ? 1 : 0);
