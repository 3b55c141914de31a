// Issue 15, the installable app's budgets. The service worker and what registering it brings
// (its script, the registration chunk with workbox-window, the manifest) add < 15 KB gzip to a
// listener's first visit, all after the page's load; a reload with no network shows Home within
// 1.5 s (Chromium at 360x800, unthrottled CPU; CPU 4x slower printed for information). The
// precache the worker then downloads (the app's own files, once) is printed too.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { repoRoot, startKora, stop, tempDataDir } from './lib/bench-utils.js';
import { signUpBenchUser } from './lib/load.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUDGET = { addedGzipBytes: 15 * 1024, offlineReloadMs: 1500 };
const dist = path.join(repoRoot, 'web/dist');
const REGISTRATION_SOURCE = 'src/pwa/register-service-worker.ts';
/** The app shell starts the registration, so its chunks (and the entry's) are loaded by then. */
const STARTED_FROM = ['index.html', 'src/features/shell/app-shell.tsx'];

type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean; dynamicImports?: string[] }>;

const gzipSize = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

/** The files the registration's dynamic import fetches that the page has not already loaded. */
function registrationFiles(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
    return seen;
  };
  if (!manifest[REGISTRATION_SOURCE]) throw new Error(`${REGISTRATION_SOURCE} is not its own chunk in the build`);
  const loaded = new Set(STARTED_FROM.flatMap((key) => [...closure(key)]));
  return [...closure(REGISTRATION_SOURCE)].filter((key) => !loaded.has(key)).map((key) => manifest[key]!.file);
}

function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** What the browser fetched, by URL path, in bytes on the wire, page and service worker alike. */
function countTransfers(context: BrowserContext) {
  const transfers: { path: string; bytes: number; byWorker: boolean }[] = [];
  context.on('requestfinished', (request) => {
    void request.sizes().then((sizes) => {
      transfers.push({
        path: new URL(request.url()).pathname,
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        byWorker: request.serviceWorker() !== null,
      });
    });
  });
  return transfers;
}

/** Home is shown: the greeting with the listener's name; milliseconds since the navigation started. */
async function homeShownMs(page: Page): Promise<number> {
  const shown = await page.waitForFunction(
    () => /, Bench$/.test(document.querySelector('main h1')?.textContent ?? '') && performance.now(),
    undefined,
    { timeout: 30_000, polling: 20 },
  );
  return (await shown.jsonValue()) as number;
}

console.log('Starting Kora with the demo catalogue and jobs off...');
const kora = await startKora({ DATA_DIR: tempDataDir(), SEED: 'demo', JOBS_ENABLED: 'false', AUTH_RATE_LIMIT_MAX: '1000' });
const browser = await launch();
try {
  const cookie = await signUpBenchUser(kora.url, `pwa-${Date.now()}@example.com`);
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: kora.url }]);
  const transfers = countTransfers(context);
  const page = await context.newPage();

  // The first visit: Home, then the worker registers after the load and precaches.
  await page.goto(kora.url);
  await homeShownMs(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  await page.waitForTimeout(500);

  const swGzip = gzipSize('sw.js');
  const registration = registrationFiles();
  const registrationGzip = registration.reduce((sum, file) => sum + gzipSize(file), 0);
  const manifestGzip = gzipSize('manifest.webmanifest');
  const added = swGzip + registrationGzip + manifestGzip;
  const pwaPaths = new Set(['/sw.js', '/manifest.webmanifest', ...registration.map((file) => `/${file}`)]);
  const wire = transfers.filter((transfer) => pwaPaths.has(transfer.path) && !transfer.byWorker);
  const precache = transfers.filter((transfer) => transfer.byWorker);

  console.log(`service worker (sw.js):        ${kb(swGzip)} gzip (${kb(fs.statSync(path.join(dist, 'sw.js')).size)} raw)`);
  console.log(`registration chunk(s):         ${kb(registrationGzip)} gzip (${registration.join(', ')}), loaded after the page's load`);
  console.log(`manifest.webmanifest:          ${kb(manifestGzip)} gzip`);
  console.log(`added to the first visit:      ${kb(added)} gzip (budget 15 KB) ${verdict(added <= BUDGET.addedGzipBytes)}`);
  console.log(`  fetched by the page:         ${kb(wire.reduce((sum, t) => sum + t.bytes, 0))} in ${wire.length} requests (${wire.map((t) => t.path).join(', ')})`);
  console.log(`precache, downloaded once by the worker after the load: ${kb(precache.reduce((sum, t) => sum + t.bytes, 0))} in ${precache.length} requests (for information)`);

  await context.setOffline(true);
  const cpuThrottle = await context.newCDPSession(page);
  for (const [label, rate, budgeted] of [['unthrottled CPU', 1, true], ['CPU 4x slower', 4, false]] as const) {
    await cpuThrottle.send('Emulation.setCPUThrottlingRate', { rate });
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.reload({ waitUntil: 'commit' });
      times.push(await homeShownMs(page));
    }
    const ms = median(times);
    const note = budgeted ? `(budget 1.5 s) ${verdict(ms <= BUDGET.offlineReloadMs)}` : '(for information)';
    console.log(`offline reload to Home, ${label}: ${(ms / 1000).toFixed(2)} s median of ${RUNS} ${note}`);
  }
} finally {
  await browser.close();
  await stop(kora.child);
}
