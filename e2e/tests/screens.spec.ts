import type { Artist, Playlist } from '@kora/contracts';
import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, keepScreenshot, signUpThroughApi } from './helpers.js';

// Issue 14, point 7: the listener's main screens at 360x800 and 1440x900, kept as screenshots to
// look at, each checked for sideways scrolling and for a heading a listener can read.
test('the main screens fit the viewport, kept as screenshots', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  const artists = (await (await page.request.get('/api/artists')).json()) as Artist[];
  const artist = artists.find((candidate) => candidate.name === 'Ọláolúwa Adébáyọ̀')!;
  const albums = (await (await page.request.get(`/api/artists/${artist.id}/albums`)).json()) as { id: number }[];
  const editorial = (await (await page.request.get('/api/playlists/editorial')).json()) as Playlist[];

  const screens: [name: string, path: string, heading: RegExp][] = [
    ['search', '/search?q=lagos', /Search/],
    ['artist', `/artist/${artist.id}`, /Ọláolúwa Adébáyọ̀/],
    ['album', `/album/${albums[0]!.id}`, /Third Mainland Dreams/],
    ['playlist', `/playlist/${editorial[0]!.id}`, new RegExp(editorial[0]!.name)],
    ['library', '/library', /Your Library/],
  ];
  for (const [name, path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), name).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, `screen-${name}`);
  }
});
