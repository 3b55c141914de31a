import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { cardInBrowseAll, expectNoHorizontalOverflow, expectToast, keepScreenshot, readStandin, signUpThroughApi } from './helpers.js';
import { playerBar } from './player-helpers.js';

// The stand-in's catalogue (server/test/helpers/deezer-standin.ts): 'burna' finds Burna Boy's three tracks.
const BURNA_BOY = { name: 'Burna Boy', deezerId: 1_424_821 };
const BURNA_TRACKS = ['Last Last', 'Kilometre', 'Ye'];
const TRACK_IDS: Record<string, number> = { 'Last Last': 1_777_591_627, Kilometre: 1_174_998_632, Ye: 916_424, Essence: 1_050_345_232 };

// Expiring a preview at the stand-in is seen by every test on this server, and the phone and
// desktop projects run at the same time: each expires a track of its own, and plays Kilometre.
function trackToExpire(testInfo: TestInfo): string {
  return testInfo.project.name === 'phone' ? 'Last Last' : 'Ye';
}

type AudioSnapshot = { currentTime: number; paused: boolean; src: string };

function readAudio(page: Page): Promise<AudioSnapshot> {
  return page.locator('audio[data-role="playing"]').evaluate((element: HTMLAudioElement) => ({
    currentTime: element.currentTime,
    paused: element.paused,
    src: element.currentSrc,
  }));
}

/** The sound has started and moves on: currentTime passes `after` seconds. */
async function expectPlaying(page: Page, trackId: number, after = 0.5): Promise<void> {
  await expect.poll(async () => (await readAudio(page)).src).toContain(`trackId=deezer-${trackId}`);
  await expect.poll(async () => (await readAudio(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(after);
  expect((await readAudio(page)).paused).toBe(false);
}

async function searchFor(page: Page, query: string): Promise<Locator> {
  await page.goto('/search');
  const box = page.getByRole('searchbox', { name: 'Search songs and artists' });
  await box.fill(query);
  await box.press('Enter');
  const discover = page.getByRole('region', { name: 'Discover Music' });
  await expect(discover).toBeVisible();
  return discover;
}

async function expirePreview(request: APIRequestContext, baseURL: string | undefined, title: string): Promise<void> {
  const response = await request.post(`${readStandin(baseURL).apiUrl}/__standin/expire/${TRACK_IDS[title]}`);
  expect(response.status()).toBe(204);
}

test('search shows Deezer previews in Discover Music, plays one through the proxy and recovers it once expired', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  const discover = await searchFor(page, 'burna');
  for (const title of BURNA_TRACKS) {
    await expect(discover.getByRole('button', { name: `Play ${title}`, exact: true })).toBeVisible();
  }
  await expect(discover.getByText('30s Preview', { exact: true })).toHaveCount(BURNA_TRACKS.length);
  const deezerChip = page.getByRole('list', { name: 'Results by source' }).getByRole('listitem').filter({ hasText: 'Deezer' });
  await expect(deezerChip).toHaveText(new RegExp(`^Deezer\\s*${BURNA_TRACKS.length}$`));
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'search-discover');

  const proxied: Array<{ url: URL; status: number }> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/audio-proxy') proxied.push({ url, status: response.status() });
  });
  const answersFor = (trackId: number) => proxied.filter(({ url }) => url.searchParams.get('trackId') === `deezer-${trackId}`);
  await discover.getByRole('button', { name: 'Play Kilometre', exact: true }).click();
  await expectPlaying(page, TRACK_IDS.Kilometre!);
  expect(new URL((await readAudio(page)).src).pathname).toBe('/api/audio-proxy');
  expect(answersFor(TRACK_IDS.Kilometre!).map(({ status }) => status)).toContain(206);
  await expect(discover.getByRole('button', { name: 'Pause Kilometre', exact: true })).toBeVisible();

  // Deezer's signed preview URLs expire while the page still holds them. (One the browser has
  // already played may come from its cache instead, so the expired one is one not played yet.)
  const title = trackToExpire(testInfo);
  await expirePreview(request, baseURL, title);
  const refreshed = page.waitForResponse((response) => response.url().includes(`/api/songs/external-deezer-${TRACK_IDS[title]}/refresh-url`));
  await discover.getByRole('button', { name: `Play ${title}`, exact: true }).click();
  expect((await refreshed).status()).toBe(200);
  await expectPlaying(page, TRACK_IDS[title]!);
  // The expired URL answered 410 through the proxy; the replay asked for the fresh one.
  const [expired, ...replayed] = answersFor(TRACK_IDS[title]!);
  expect(expired?.status).toBe(410);
  expect(replayed.length).toBeGreaterThan(0);
  for (const answer of replayed) {
    expect(answer.status).toBe(206);
    expect(answer.url.searchParams.get('url')).not.toBe(expired?.url.searchParams.get('url'));
  }
  await expect(discover.getByRole('button', { name: `Pause ${title}`, exact: true })).toBeVisible();
  await expect(page.getByText('Preview Unavailable')).toHaveCount(0);
});

test("a preview that cannot be refreshed says 'Preview Unavailable'", async ({ page, request, baseURL }) => {
  await signUpThroughApi(page);
  await page.route('**/api/songs/external-*/refresh-url', (route) =>
    route.fulfill({ status: 502, json: { message: 'Deezer could not be reached. Try again later.' } }),
  );
  const discover = await searchFor(page, 'essence');
  await expirePreview(request, baseURL, 'Essence');
  await discover.getByRole('button', { name: 'Play Essence', exact: true }).click();
  await expectToast(page, 'Preview Unavailable', 'This preview is temporarily unavailable. Try searching again or use uploaded music.');
  await expect(discover.getByRole('button', { name: 'Play Essence', exact: true })).toBeVisible();
});

test('Home imports the popular chart as previews', async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  await page.goto('/');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/import/popular-music', async (route) => {
    await held;
    await route.continue();
  });

  await page.getByRole('button', { name: /^Import popular music/ }).click();
  await expect(page.getByRole('button', { name: /^Importing popular music/ })).toBeDisabled();
  release();
  // The other project's run may have imported the chart first.
  await expectToast(page, 'Import Complete!', /^(Imported \d+ songs?\.|Your catalogue already has the current chart\.)$/);
  await expect(page.getByRole('button', { name: /^Import popular music/ })).toBeEnabled();

  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'home-import');

  const calmDown = await cardInBrowseAll(page, 'Calm Down');
  await expect(calmDown).toContainText('30s Preview');
  await calmDown.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'home-previews');
});

test("an external artist's page opens from a song row and shows their top tracks", async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  const discover = await searchFor(page, 'burna');
  await discover.getByRole('link', { name: BURNA_BOY.name, exact: true }).first().click();
  await expect(page).toHaveURL(`/artist/deezer-${BURNA_BOY.deezerId}`);
  await expect(page.getByRole('heading', { level: 1, name: BURNA_BOY.name })).toBeVisible();
  const popular = page.getByRole('region', { name: 'Popular' });
  await expect(popular.getByRole('listitem')).toHaveCount(BURNA_TRACKS.length);
  for (const title of BURNA_TRACKS) {
    await expect(popular.getByRole('button', { name: `Play ${title}`, exact: true })).toBeVisible();
  }
  await expect(popular.getByText('30s Preview', { exact: true })).toHaveCount(BURNA_TRACKS.length);

  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'deezer-artist');
});

test("liking an external track says 'Feature not available'", async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  const discover = await searchFor(page, 'burna');
  await discover.getByRole('button', { name: 'Play Kilometre', exact: true }).click();
  const bar = playerBar(page, testInfo);
  await expect(bar.getByText('Kilometre', { exact: true })).toBeVisible();
  await bar.getByRole('button', { name: 'Like Kilometre', exact: true }).click();
  await expectToast(page, 'Feature not available', 'You can only like songs from your library.');
  await expect(bar.getByRole('button', { name: 'Like Kilometre', exact: true })).toHaveAttribute('aria-pressed', 'false');
});
