import { type Page, expect, test } from '@playwright/test';
import { buyPremium, keepScreenshot, logInThroughUi, signOutThroughUi, signUpThroughApi } from './helpers.js';

// Issue 15: Premium downloads kept on the device, played with no network, and plays counted later.

type ApiSong = { id: number; title: string; duration: number | null };
type ApiPlaylist = { id: number; name: string; songCount: number };

/** The editors' shortest playlist with a few songs: the smallest download. */
async function smallPlaylist(page: Page): Promise<ApiPlaylist> {
  const home = (await (await page.request.get('/api/home')).json()) as { editorialPlaylists: ApiPlaylist[] };
  const [playlist] = home.editorialPlaylists.filter((list) => list.songCount >= 3).sort((a, b) => a.songCount - b.songCount);
  return playlist!;
}

/** The outcomes of background downloads the service worker reports to the page, recorded from the first script on. */
async function recordBackgroundDownloads(page: Page) {
  await page.addInitScript(() => {
    const outcomes: string[] = [];
    (window as unknown as { backgroundDownloads: string[] }).backgroundDownloads = outcomes;
    navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string; outcome?: string }>) => {
      if (event.data?.type === 'BACKGROUND_DOWNLOAD_FINISHED') outcomes.push(event.data.outcome ?? '');
    });
  });
}
const backgroundDownloads = (page: Page) => page.evaluate(() => (window as unknown as { backgroundDownloads: string[] }).backgroundDownloads);

const waitForServiceWorker = (page: Page) => page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

/** What a stream request answers from this page: the service worker's download, or the network (none while offline). */
const streamAnswer = (page: Page, songId: number) =>
  page.evaluate(
    (id) =>
      fetch(`/api/songs/${id}/stream`, { headers: { range: 'bytes=0-99' } }).then(
        (response) => response.status,
        () => 'no network',
      ),
    songId,
  );

const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-role="playing"]')!;
    return { src: audio.currentSrc, time: audio.currentTime, paused: audio.paused, error: audio.error?.code ?? null };
  });

test('a Premium listener downloads a playlist, plays it with no network, and the plays count back online', async ({ page, context }, testInfo) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await signUpThroughApi(page);
  await buyPremium(page);
  // The smallest rendition keeps the test's downloads small.
  await page.addInitScript(() => localStorage.setItem('kora-settings', JSON.stringify({ downloadQuality: 'low' })));
  // The phone downloads through the browser's Background Fetch, as Chrome on Android does; the
  // desktop project's browser is made to lack it, so the app's own fetch is tested too.
  const inBackground = testInfo.project.name === 'phone';
  if (!inBackground) await page.addInitScript(() => delete (window as { BackgroundFetchManager?: unknown }).BackgroundFetchManager);
  await recordBackgroundDownloads(page);
  const playlist = await smallPlaylist(page);
  const songs = (await (await page.request.get(`/api/playlists/${playlist.id}/songs?limit=100&offset=0`)).json()) as ApiSong[];

  await page.goto(`/playlist/${playlist.id}`);
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByText(/^Downloading \d+ of \d+/)).toBeVisible();
  if (inBackground) await expect(page.getByText(/^In the background/)).toBeVisible();
  await keepScreenshot(page, testInfo, 'playlist-downloading');
  await expect(page.getByText('Downloaded', { exact: true })).toBeVisible({ timeout: 60_000 });
  expect(await backgroundDownloads(page)).toEqual(inBackground ? ['stored'] : []);
  await keepScreenshot(page, testInfo, 'playlist-downloaded');

  // No network: the installed app opens on the Downloaded view.
  await context.setOffline(true);
  await page.goto('/library?tab=downloaded');
  const list = page.getByRole('list', { name: 'Downloaded songs' });
  await expect(list.getByRole('listitem')).toHaveCount(songs.length);
  await expect(page.getByText(playlist.name)).toBeVisible();
  await keepScreenshot(page, testInfo, 'downloaded-offline');

  // Searchable offline.
  const search = page.getByLabel('Search downloads');
  await search.fill(songs[0]!.title);
  await expect(list.getByRole('listitem').filter({ hasText: songs[0]!.title })).toHaveCount(1);
  await search.fill('zzqx');
  await expect(page.getByText('No downloaded song matches “zzqx”.')).toBeVisible();
  await search.fill('');

  // A downloaded song plays and seeks from the device.
  const long = songs.find((song) => (song.duration ?? 0) >= 45) ?? songs[0]!;
  const other = songs.find((song) => song.id !== long.id)!;
  await list.getByRole('button', { name: `Play ${long.title}` }).click();
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(1);
  await page.evaluate(() => {
    document.querySelector<HTMLAudioElement>('audio[data-role="playing"]')!.currentTime = 20;
  });
  await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(20);
  expect((await audioState(page)).error).toBeNull();

  // Heard past 30 seconds (the page's clock, which times what is heard, moved on instead of waited
  // for), then another song: the first play is kept for later.
  await page.clock.fastForward(30_000);
  expect((await audioState(page)).paused).toBe(false);
  await list.getByRole('button', { name: `Play ${other.title}` }).click();
  await expect.poll(async () => (await audioState(page)).src).toContain(`/api/songs/${other.id}/stream`);

  // Back online: the play reaches the server and Recently played.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(async () => ((await (await page.request.get('/api/songs/recently-played')).json()) as ApiSong[]).map((song) => song.id), {
      timeout: 15_000,
    })
    .toContain(long.id);
});

test("downloads play offline only for the listener who kept them, and only until the licence ends by this device's clock", async ({ page, context }) => {
  test.setTimeout(120_000);
  const keeper = await signUpThroughApi(page);
  await buyPremium(page);
  await page.addInitScript(() => localStorage.setItem('kora-settings', JSON.stringify({ downloadQuality: 'low' })));
  const playlist = await smallPlaylist(page);
  const [song] = (await (await page.request.get(`/api/playlists/${playlist.id}/songs?limit=100&offset=0`)).json()) as ApiSong[];
  await page.goto(`/playlist/${playlist.id}`);
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByText('Downloaded', { exact: true })).toBeVisible({ timeout: 60_000 });

  await context.setOffline(true);
  expect(await streamAnswer(page, song!.id)).toBe(206);
  await context.setOffline(false);

  // Another listener signs in on this browser: the first one's download is not theirs to play.
  await signOutThroughUi(page);
  await expect(page.getByRole('button', { name: 'Log In' }).or(page.getByRole('link', { name: 'Log In' })).first()).toBeVisible();
  const other = await signUpThroughApi(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: new RegExp(other.firstName) })).toBeVisible();
  await context.setOffline(true);
  await expect.poll(() => streamAnswer(page, song!.id)).toBe('no network');
  await context.setOffline(false);

  // The keeper again, offline past the licence's 30 days by the phone's clock: locked, and told why.
  await signOutThroughUi(page);
  await logInThroughUi(page, keeper.email, keeper.password);
  await expect(page.getByRole('heading', { name: new RegExp(keeper.firstName) })).toBeVisible();
  await context.setOffline(true);
  await expect.poll(() => streamAnswer(page, song!.id)).toBe(206);
  await page.clock.setFixedTime(new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
  await page.goto('/library?tab=downloaded');
  await expect(page.getByRole('alert').filter({ hasText: 'Renew Premium to keep listening offline.' })).toBeVisible();
  await page.getByRole('list', { name: 'Downloaded songs' }).getByRole('button', { name: `Play ${song!.title}` }).click();
  await expect(page.getByText('Renew Premium to keep listening offline.').last()).toBeVisible();
  expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-role="playing"]')!.currentSrc)).toBe('');
});

test('offline, a song that is not downloaded is dimmed, does not start, and says why', async ({ page, context }) => {
  await signUpThroughApi(page);
  const playlist = await smallPlaylist(page);
  await page.goto(`/playlist/${playlist.id}`);
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeVisible();
  await waitForServiceWorker(page);
  const firstRow = page.getByRole('main').getByRole('row').filter({ has: page.getByRole('button', { name: /^Play / }) }).first();
  await expect(firstRow).toHaveCSS('opacity', '1');

  await context.setOffline(true);
  await expect(firstRow).toHaveCSS('opacity', '0.45');
  await firstRow.getByRole('button', { name: /^Play / }).click();
  await expect(page.getByText("You're offline, and this song is not downloaded.", { exact: false }).first()).toBeVisible();
  expect((await audioState(page)).src).toBe('');

  // Back online, it plays again.
  await context.setOffline(false);
  await expect(firstRow).toHaveCSS('opacity', '1');
});

test('a free listener is offered Premium instead of a download', async ({ page }) => {
  await signUpThroughApi(page);
  const playlist = await smallPlaylist(page);
  await page.goto(`/playlist/${playlist.id}`);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByText('Downloads are a Premium feature. Upgrade to Premium in Settings', { exact: false }).first()).toBeVisible();
  await page.goto('/library?tab=downloaded');
  await expect(page.getByText('Nothing downloaded yet')).toBeVisible();
});

test('when Premium ends, downloads stop playing offline and the listener is told why', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page);
  await buyPremium(page);
  await page.addInitScript(() => localStorage.setItem('kora-settings', JSON.stringify({ downloadQuality: 'low' })));
  const playlist = await smallPlaylist(page);
  await page.goto(`/playlist/${playlist.id}`);
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByText('Downloaded', { exact: true })).toBeVisible({ timeout: 60_000 });

  // The plan ends (the server's refusal itself is tested in server/test/offline): online, the app
  // asks to renew the licence, is refused, and the licence is gone.
  await page.route('**/api/offline/licence', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'Downloads are a Premium feature.' }) }),
  );
  await page.goto('/library?tab=downloaded');
  await expect(page.getByRole('alert').filter({ hasText: 'Renew Premium to keep listening offline.' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('list', { name: 'Downloaded songs' }).getByRole('button').first().click();
  await expect(page.getByText('Renew Premium to keep listening offline.').last()).toBeVisible();
  expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-role="playing"]')!.currentSrc)).toBe('');
});

test("a song downloads on its own from its options menu, and is removed the same way", async ({ page }) => {
  await signUpThroughApi(page);
  await buyPremium(page);
  await page.addInitScript(() => localStorage.setItem('kora-settings', JSON.stringify({ downloadQuality: 'low' })));
  const playlist = await smallPlaylist(page);
  const [first] = (await (await page.request.get(`/api/playlists/${playlist.id}/songs?limit=100&offset=0`)).json()) as ApiSong[];
  await page.goto(`/playlist/${playlist.id}`);
  const options = page.getByRole('button', { name: `More options for ${first!.title}` }).first();

  await options.click();
  await page.getByRole('menuitem', { name: 'Download', exact: true }).click();
  // Kept once its menu offers to remove it.
  await expect
    .poll(
      async () => {
        await options.click();
        const kept = await page.getByRole('menuitem', { name: 'Remove download' }).isVisible();
        await page.keyboard.press('Escape');
        return kept;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.goto('/library?tab=downloaded');
  await expect(page.getByRole('list', { name: 'Downloaded songs' }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Downloaded songs' })).toContainText(first!.title);
  // A song of its own is not listed as a collection.
  await expect(page.getByRole('heading', { name: 'Collections' })).toHaveCount(0);

  await page.goto(`/playlist/${playlist.id}`);
  await options.click();
  await page.getByRole('menuitem', { name: 'Remove download' }).click();
  // Gone once its menu offers to download it again.
  await expect
    .poll(
      async () => {
        await options.click();
        const offered = await page.getByRole('menuitem', { name: 'Download', exact: true }).isVisible();
        await page.keyboard.press('Escape');
        return offered;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.goto('/library?tab=downloaded');
  await expect(page.getByText('Nothing downloaded yet')).toBeVisible();
});
