import type { Song } from '@kora/contracts';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/**
 * A demo song long enough for seeks and hand-overs, on an album of several long tracks. Not simply
 * the first card: tests that upload short songs run against the same server, and the newest come first.
 */
export const LONG_DEMO_SONG = 'Ìrìn Àjò';

/** The always-visible player of the viewport: the footer on desktop, the mini player on a phone. */
export function playerBar(page: Page, testInfo: TestInfo): Locator {
  return page.getByRole('region', { name: testInfo.project.name === 'phone' ? 'Mini player' : 'Player' });
}

/** The large player: the only dialog while it is open. */
export function largePlayer(page: Page): Locator {
  return page.getByRole('dialog');
}

/**
 * The large player, opened from the phone's mini player (its whole song row expands) or the desktop
 * footer's Expand button; left as it is when a phone already opened it with the song.
 */
export async function openLargePlayer(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (!(await largePlayer(page).isVisible())) await playerBar(page, testInfo).getByRole('button', { name: /^Expand/ }).click();
  await expect(largePlayer(page)).toBeVisible();
  return largePlayer(page);
}

/**
 * Starts a song from its album's track list with a real click on its play button, and waits until
 * it plays: the album is the queue (next and previous move through it). The album page, not Home,
 * whose shelves change. Answers the album's songs as the catalogue lists them.
 */
export async function playFromAlbum(page: Page, title = LONG_DEMO_SONG): Promise<Song[]> {
  const songs = (await (await page.request.get('/api/songs?limit=200')).json()) as Song[];
  const song = songs.find((candidate) => candidate.title === title && candidate.album !== null);
  expect(song, `the demo catalogue has ${title} on an album`).toBeDefined();
  await page.goto(`/album/${song!.album!.id}`);
  await page.getByRole('main').getByRole('button', { name: `Play ${title}`, exact: true }).click();
  const audio = page.locator('audio[data-role="playing"]');
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
  expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
  return songs.filter((candidate) => candidate.album?.id === song!.album!.id);
}
