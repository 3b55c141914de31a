import { AxeBuilder } from '@axe-core/playwright';
import type { Album, Playlist, Song } from '@kora/contracts';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { fakeArtistAnswers, findArtist } from './demo-artists.js';
import { keepScreenshot, signUpThroughApi } from './helpers.js';

// The demo catalogue the e2e server seeds (server/src/db/seed/catalogue-data.ts).
const ADEBAYO = 'Ọláolúwa Adébáyọ̀';
const ADEBAYO_ALBUM = 'Third Mainland Dreams';
const ADEBAYO_TRACK = 'Lekki Sunset';

/**
 * Runs axe-core with the WCAG 2.0 and 2.1 A and AA rules on the page as it is now (an open dialog
 * included) and fails on any serious or critical violation, listing each rule and element.
 */
async function expectNoSeriousViolations(page: Page, testInfo: TestInfo, name: string, { loaded = true } = {}): Promise<void> {
  // Judged as loaded unless asked otherwise: the skeletons are judged on their own, held in place.
  if (loaded) await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const found = serious.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}; ${node.failureSummary ?? ''} in ${node.html.slice(0, 300)}`),
  );
  await keepScreenshot(page, testInfo, `a11y-${name}`);
  expect(found, `axe-core on ${name} (${testInfo.project.name})`).toEqual([]);
}

async function findAdebayoAlbum(page: Page): Promise<Album> {
  const artist = await findArtist(page, ADEBAYO);
  const albums = (await (await page.request.get(`/api/artists/${artist.id}/albums`)).json()) as Album[];
  const album = albums.find((candidate) => candidate.title === ADEBAYO_ALBUM);
  if (!album) throw new Error(`${ADEBAYO} has no album ${ADEBAYO_ALBUM}`);
  return album;
}

test.describe('signed out', () => {
  test('the landing page has no serious accessibility violations', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'landing');
  });

  test('the sign-in page has no serious accessibility violations', async ({ page }, testInfo) => {
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'sign-in');
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signUpThroughApi(page);
  });

  test('Home has no serious accessibility violations', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'home');
  });

  test('Search with results has no serious accessibility violations', async ({ page }, testInfo) => {
    await page.goto('/search?q=adebayo');
    await expect(page.getByRole('region', { name: 'Your Library' }).getByRole('button', { name: 'Play Jollof Summer' })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'search');
  });

  test('the Library has no serious accessibility violations', async ({ page }, testInfo) => {
    await page.goto('/library');
    await expect(page.getByRole('region', { name: 'All Songs' }).getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'library');
  });

  test('an artist page has no serious accessibility violations', async ({ page }, testInfo) => {
    const artist = await findArtist(page, ADEBAYO);
    await page.goto(`/artist/${artist.id}`);
    await expect(page.getByRole('region', { name: 'Albums' }).getByRole('link', { name: ADEBAYO_ALBUM })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'artist');
  });

  test('an album page has no serious accessibility violations', async ({ page }, testInfo) => {
    const album = await findAdebayoAlbum(page);
    await page.goto(`/album/${album.id}`);
    await expect(page.getByRole('list', { name: `Tracks of ${ADEBAYO_ALBUM}` }).getByRole('listitem')).toHaveCount(6);
    await expectNoSeriousViolations(page, testInfo, 'album');
  });

  test('a playlist page has no serious accessibility violations', async ({ page }, testInfo) => {
    const [playlist] = (await (await page.request.get('/api/playlists/editorial')).json()) as Playlist[];
    if (!playlist) throw new Error('The demo catalogue has no editorial playlist');
    await page.goto(`/playlist/${playlist.id}`);
    await expect(page.getByRole('heading', { level: 1, name: playlist.name })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'playlist');
  });

  test('the Settings dialog has no serious accessibility violations, loading or loaded', async ({ page }, testInfo) => {
    // Data used is held back so its skeleton is judged too: it once labelled a plain div, which
    // screen readers skip, and axe caught it only when a slow run scanned in that moment.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/data-usage', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings.getByLabel('Loading your data use')).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'settings-loading', { loaded: false });
    release();
    await expectNoSeriousViolations(page, testInfo, 'settings');
  });

  test('the large player has no serious accessibility violations', async ({ page }, testInfo) => {
    const album = await findAdebayoAlbum(page);
    await page.goto(`/album/${album.id}`);
    await page.getByRole('button', { name: `Play ${ADEBAYO_TRACK}`, exact: true }).click();
    // The phone's mini player expands from its song row, the desktop footer from its Expand button.
    const bar = page.getByRole('region', { name: testInfo.project.name === 'phone' ? 'Mini player' : 'Player' });
    await bar.getByRole('button', { name: /^Expand/ }).click();
    const player = page.getByRole('dialog');
    await expect(player.getByRole('heading', { name: ADEBAYO_TRACK })).toBeVisible();
    await expect(player.getByRole('region', { name: 'Up next' }).getByRole('button').first()).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'large-player');
  });
});

test('an artist without a bio shows none, and Albums "Show all" shows every album', async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  // An uploader's artist of seven singles (one album more than the section shows at first), made
  // from the demo artist's real answers. Uploading seven songs on each screen meant 56 transcodes
  // while the other browser's tests ran, and timed them out. That an upload's artist has no bio is
  // the API tests' (catalogue/artists-albums.test.ts).
  const artist = await findArtist(page, ADEBAYO);
  const artistId = artist.id;
  const artistName = artist.name;
  const realAlbum = await findAdebayoAlbum(page);
  const realSong = ((await (await page.request.get(`/api/artists/${artistId}/songs?role=own&limit=1`)).json()) as Song[])[0]!;
  const albumsOfSeven = Array.from({ length: 7 }, (_, i) => ({ ...realAlbum, id: 900_200 + i, title: `Album ${i + 1}` }));
  const songsOfSeven = albumsOfSeven.map(({ id, title, coverUrl }, i) => ({ ...realSong, id: 900_300 + i, title: `Single ${i + 1}`, album: { id, title, coverUrl } }));
  await fakeArtistAnswers(page, artistId, {
    profile: { bio: null, owner: { id: 1, name: 'Ìbùkún Tester' }, songCount: 7, featuredSongCount: 0 },
    own: songsOfSeven,
    featured: [],
    albums: albumsOfSeven,
  });

  await page.goto(`/artist/${artistId}`);
  const header = page.getByRole('main').locator('header').filter({ has: page.getByRole('heading', { level: 1, name: artistName }) });
  await expect(page.getByText('7 albums', { exact: true })).toBeVisible();
  // Nothing made up in place of the missing bio: the label, whose profile it is and the counts.
  await expect(header.locator('p')).toHaveText(['Artist', /^Artist profile by /, /^7 songs.*7 albums$/]);

  const albums = page.getByRole('region', { name: 'Albums' });
  await expect(albums.getByRole('article')).toHaveCount(6);
  const showAll = albums.getByRole('button', { name: 'Show all' });
  await expect(showAll).toHaveAttribute('aria-expanded', 'false');
  await showAll.click();
  await expect(albums.getByRole('article')).toHaveCount(7);
  for (let index = 1; index <= 7; index++) await expect(albums.getByRole('link', { name: `Album ${index}`, exact: true })).toBeVisible();
  const showFewer = albums.getByRole('button', { name: 'Show fewer' });
  await expect(showFewer).toHaveAttribute('aria-expanded', 'true');
  await expect(showFewer).toBeFocused();
  await expectNoSeriousViolations(page, testInfo, 'artist-all-albums');
  await showFewer.click();
  await expect(albums.getByRole('article')).toHaveCount(6);
});
