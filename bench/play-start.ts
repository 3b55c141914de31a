// Budget (issue 20, point 6): play start, from a click on a song to its <audio> element's 'playing'
// event, p95 < 150 ms in Chromium on this machine against the local server. A desktop window
// (1280x800), no throttling, the service worker in control (a returning listener), the server at
// steady state (the demo catalogue's renditions made before it answers: LISTEN_AFTER_BACKFILL). A
// signed-in listener clicks 50 different songs in Library's All Songs one after another, each heard
// for a moment before the next; every stream is fetched for the first time. The click is timed by
// the click event's own time stamp, sound by the player's 'kora:playing' mark (set in its 'playing'
// handler). A pick in Library starts 100 ms after the click (spec section 4), so that much of the
// budget is the spec's. BENCH_VERBOSE=1 prints each click's parts.
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startKora, stop, tempDataDir } from './lib/bench-utils.js';
import { percentile, signUpBenchUser } from './lib/load.js';

const SONGS = 50;
const BUDGET_MS = 150;
/** Heard this long before the next click. */
const LISTEN_MS = 500;
const VERBOSE = process.env.BENCH_VERBOSE === '1';

/** One click and the player's marks after it, in the page's milliseconds. */
type PlayStart = { title: string; clickAt: number; requestAt: number; playingAt: number };
type PageState = {
  koraPlayStarts: { waitFor: (count: number) => Promise<PlayStart>; streamFetches: () => [startedAt: number, firstBytesAt: number][] };
};

/**
 * Installed before the app: notes each click on a song's play button (capture phase, before React's
 * handler) and pairs it with the player's marks that follow, and notes each stream fetch (by an
 * observer: the resource timing buffer is full after some 30 songs). As text: tsx names the
 * functions it compiles with a helper the page does not have.
 */
const NOTE_PLAY_STARTS = `(() => {
  const starts = [];
  const waiters = [];
  const firstBytes = [];
  let pending = null;
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element && event.target.closest('main button[aria-label^="Play "]');
    if (button) pending = { title: button.textContent, clickAt: event.timeStamp, requestAt: null };
  }, { capture: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name.includes('/stream')) firstBytes.push([entry.startTime, entry.responseStart]);
  }).observe({ type: 'resource' });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!pending || entry.startTime < pending.clickAt) continue;
      if (entry.name === 'kora:play-request' && pending.requestAt === null) pending.requestAt = entry.startTime;
      if (entry.name === 'kora:playing' && pending.requestAt !== null) {
        starts.push({ ...pending, playingAt: entry.startTime });
        pending = null;
      }
    }
    for (const waiter of waiters.splice(0)) waiter();
  }).observe({ type: 'mark' });
  window.koraPlayStarts = {
    /** The count-th play start (1-based), once it has happened. */
    waitFor: (count) => new Promise((resolve) => {
      const check = () => (starts.length >= count ? resolve(starts[count - 1]) : waiters.push(check));
      check();
    }),
    /** Each stream fetch so far: when it started and when its first bytes came. */
    streamFetches: () => firstBytes,
  };
})();`;

function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // No autoplay flag: the click is the gesture that lets the page play, as for a listener.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
};

console.log('Starting Kora with the demo catalogue, answering once its renditions are made...');
const dataDir = tempDataDir();
const kora = await startKora({ DATA_DIR: dataDir, SEED: 'demo', AUTH_RATE_LIMIT_MAX: '1000', LISTEN_AFTER_BACKFILL: 'true' });
try {
  const cookie = await signUpBenchUser(kora.url, `play-start-${Date.now()}@example.com`);
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: kora.url }]);
    await context.addInitScript({ content: NOTE_PLAY_STARTS });
    const page = await context.newPage();
    await page.goto(`${kora.url}/library`);
    const list = page.getByRole('list', { name: 'All Songs' });
    const playButtons = list.getByRole('button', { name: /^Play / });
    await playButtons.first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');

    const titles = await playButtons.allTextContents();
    if (titles.length < SONGS) throw new Error(`All Songs lists ${titles.length} songs; the bench needs ${SONGS}`);
    if (new Set(titles).size !== titles.length) throw new Error('All Songs lists two songs of one title: the clicks could not be told apart');

    const starts: PlayStart[] = [];
    for (const [index, title] of titles.slice(0, SONGS).entries()) {
      await list.getByRole('button', { name: `Play ${title}`, exact: true }).click();
      const start = await page.evaluate((count) => (window as unknown as PageState).koraPlayStarts.waitFor(count), index + 1);
      if (start.title !== title) throw new Error(`clicked ${title}, but ${start.title} started`);
      starts.push(start);
      await page.waitForTimeout(LISTEN_MS);
    }
    // Read at the end: a fetch is reported once its answer is complete, which may be after 'playing'.
    const fetches = await page.evaluate(() => (window as unknown as PageState).koraPlayStarts.streamFetches());
    await context.close();

    /** When the song's first stream fetch had its first bytes, after the click. */
    const firstBytesAfter = (start: PlayStart) => {
      const fetched = fetches.find(([startedAt]) => startedAt >= start.requestAt);
      return fetched && fetched[0] < start.playingAt ? fetched[1] - start.clickAt : null;
    };
    if (VERBOSE) {
      for (const [index, start] of starts.entries()) {
        const firstBytes = firstBytesAfter(start);
        console.log(
          `  ${String(index + 1).padStart(2)} ${ms(start.playingAt - start.clickAt).padStart(9)}   request at ${ms(start.requestAt - start.clickAt)}, stream's first bytes at ${firstBytes === null ? 'n/a' : ms(firstBytes)}  ${start.title}`,
        );
      }
    }
    const total = spread(starts.map((start) => start.playingAt - start.clickAt));
    const request = spread(starts.map((start) => start.requestAt - start.clickAt));
    const firstBytes = starts.flatMap((start) => firstBytesAfter(start) ?? []);
    console.log(`${SONGS} songs clicked in Library's All Songs, 1280x800, local server, no throttling`);
    console.log(`click to the player's request:    p50 ${ms(request.p50)}, p95 ${ms(request.p95)}, max ${ms(request.max)}`);
    if (firstBytes.length > 0) {
      const { p50, p95, max } = spread(firstBytes);
      console.log(`click to the stream's first bytes: p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(max)} (${firstBytes.length} songs)`);
    }
    console.log(`click to playing:                  p50 ${ms(total.p50)}, p95 ${ms(total.p95)}, max ${ms(total.max)} (100 ms of it the spec's pick delay)`);
    console.log(`play start p95 ${ms(total.p95)} (budget < ${BUDGET_MS} ms) ${total.p95 < BUDGET_MS ? 'PASS' : 'FAIL'}`);
  } finally {
    await browser.close();
  }
} finally {
  await stop(kora.child);
  rmSync(dataDir, { recursive: true, force: true });
}
