import type { Album, Artist, SearchResponse, Song } from '@kora/contracts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { keepScreenshot, signUpThroughApi } from './helpers.js';

// Issue 14, points 2, 4 and 6: covers sized for the screen, titles that can be read, tap targets
// a thumb can hit. The longest title in the demo catalogue (server/src/db/seed/catalogue-data.ts).
const LONGEST_TITLE = 'Prelude I: Akosombo Morning';
const STORED_WIDTHS = [160, 320, 640];

/** Every loaded cover in the page's main area: the copy the browser chose, and the size it is shown at. */
function loadedCovers(page: Page) {
  return page.getByRole('main').evaluate((main) =>
    [...main.querySelectorAll('img[srcset]')]
      .map((element) => element as HTMLImageElement)
      .filter((image) => image.complete && image.currentSrc !== '')
      .map((image) => ({
        src: image.currentSrc,
        srcset: image.srcset,
        shownWidth: image.getBoundingClientRect().width,
        top: image.getBoundingClientRect().top,
        loading: image.loading,
      })),
  );
}

test('each cover is fetched at the smallest stored width that is sharp where it is shown', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/');
  await page.getByRole('region', { name: 'Browse all' }).scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  const covers = await loadedCovers(page);
  expect(covers.length).toBeGreaterThan(5);
  for (const cover of covers) {
    const chosen = cover.srcset.split(', ').find((candidate) => candidate.startsWith(new URL(cover.src).pathname));
    const chosenWidth = Number(/ (\d+)w$/.exec(chosen ?? '')?.[1]);
    const needed = STORED_WIDTHS.find((width) => width >= cover.shownWidth * dpr) ?? Math.max(...STORED_WIDTHS);
    expect(chosenWidth, `${cover.src} shown ${cover.shownWidth}px at ${dpr}x`).toBeLessThanOrEqual(needed);
  }
});

test('covers on the first screen load at once, those below it when scrolled near', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Start listening' }).locator('img').first()).toBeVisible();
  // The shelves below the first screen render once its covers are in (home/use-first-screen-settled.ts).
  await expect(page.getByRole('region', { name: 'Browse all' }).getByRole('article').first()).toBeAttached();
  const viewportHeight = page.viewportSize()!.height;
  const images = await page.getByRole('main').evaluate((main) =>
    [...main.querySelectorAll('img')].map((image) => ({ top: image.getBoundingClientRect().top, loading: image.loading })),
  );
  const below = images.filter((image) => image.top > viewportHeight * 1.5);
  expect(below.length).toBeGreaterThan(0);
  for (const image of below) expect(image.loading).toBe('lazy');
  const startListening = await page.getByRole('region', { name: 'Start listening' }).locator('img').evaluateAll((list) =>
    list.map((image) => (image as HTMLImageElement).loading),
  );
  expect(startListening.every((loading) => loading === 'eager')).toBe(true);
});

test('the longest title reads whole, on at most two lines, in a card and in a row', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto(`/search?q=${encodeURIComponent('Akosombo')}`);
  const titles = page.getByRole('main').getByText(LONGEST_TITLE, { exact: true });
  await expect(titles.first()).toBeVisible();
  for (const title of await titles.all()) {
    if (!(await title.isVisible())) continue;
    const box = await title.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        width: element.getBoundingClientRect().width,
        lines: Math.round(element.getBoundingClientRect().height / parseFloat(style.lineHeight)),
        clipped: element.scrollHeight > element.clientHeight + 1,
      };
    });
    // Before issue 14 the card cut it to 'Prelude I…' at 360 px.
    expect(box.lines).toBeLessThanOrEqual(2);
    expect(box.clipped).toBe(false);
    expect(box.width).toBeGreaterThan(100);
  }
});

test('on a phone, every control of a card or song row is at least 44 by 44 px', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the tap-target rule is for touch screens');
  await signUpThroughApi(page);
  for (const path of ['/', '/search?q=lagos']) {
    await page.goto(path);
    const controls = page.getByRole('main').getByRole('button', { name: /^(More options for|Play|Pause) / });
    await expect(controls.first()).toBeVisible();
    const boxes = await controls.evaluateAll((list) =>
      list
        .map((element) => {
          // A row's title button takes its taps through an ::after stretched over the whole row.
          const after = getComputedStyle(element, '::after');
          const target = after.position === 'absolute' && element instanceof HTMLElement && element.offsetParent ? element.offsetParent : element;
          const { width, height } = target.getBoundingClientRect();
          return { name: element.getAttribute('aria-label'), width, height };
        })
        .filter((box) => box.width > 0),
    );
    for (const box of boxes) {
      expect(box.width, `${path}: ${box.name}`).toBeGreaterThanOrEqual(44);
      expect(box.height, `${path}: ${box.name}`).toBeGreaterThanOrEqual(44);
    }
  }
});

const LONGEST_TITLE_ALBUM = 'Preludes for the Volta';
/** A row's title has the row's width but for the cover and the options: the whole title fits in two lines. */
const ROW_TITLE = { whole: true, minWidth: 140 };

type ShownImage = {
  src: string;
  srcset: string;
  /** The srcset width of the copy the browser took. */
  chosenWidth: number | null;
  renderedWidth: number;
  /** What the sizes attribute says the image is shown at, on this screen. */
  sizesWidth: number | null;
  top: number;
  loading: string;
  complete: boolean;
};

/** Every cover and picture in the main content, with the copy the browser took and the width `sizes` names. */
async function shownImages(page: Page): Promise<ShownImage[]> {
  return page.locator('main img[srcset]').evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => {
      const chosen = image.srcset
        .split(', ')
        .map((entry) => entry.split(' '))
        .find(([url]) => url && image.currentSrc.endsWith(url));
      // The first entry whose condition holds, measured as a CSS length (calc() included).
      const entries = image.sizes.split(/,\s*(?![^(]*\))/);
      const length = entries
        .map((entry) => /^(\(.*?\))\s+(.+)$/.exec(entry.trim()) ?? [entry, null, entry.trim()])
        .find(([, condition]) => !condition || matchMedia(condition).matches)?.[2];
      let sizesWidth: number | null = null;
      if (length) {
        const probe = document.createElement('div');
        probe.style.cssText = `position:fixed;visibility:hidden;width:${length}`;
        document.body.append(probe);
        sizesWidth = probe.getBoundingClientRect().width;
        probe.remove();
      }
      const box = image.getBoundingClientRect();
      return {
        src: image.currentSrc || image.src,
        srcset: image.srcset,
        chosenWidth: chosen ? Number.parseInt(chosen[1]!, 10) : null,
        renderedWidth: box.width,
        sizesWidth,
        top: box.top,
        loading: image.loading,
        complete: image.complete && image.naturalWidth > 0,
      };
    }),
  );
}

/** The smallest stored copy sharp at this width on this screen (2x here), or the largest there is. */
function neededCopy(renderedWidth: number, pixelRatio: number): number {
  return STORED_WIDTHS.find((width) => width >= Math.ceil(renderedWidth * pixelRatio)) ?? Math.max(...STORED_WIDTHS);
}

/**
 * Covers on the first screen load the copy their shown size needs and no larger; `sizes` names about
 * the shown width (never less, so never blurred); the ones below the first screen wait (loading=lazy).
 */
async function expectRightSizedImages(page: Page): Promise<void> {
  const viewport = page.viewportSize()!;
  const pixelRatio = await page.evaluate(() => devicePixelRatio);
  // Covers on the first screen finish loading (placeholders first, then the image).
  await expect
    .poll(async () => (await shownImages(page)).filter((image) => image.top < viewport.height && image.renderedWidth > 0 && !image.complete).length)
    .toBe(0);
  const images = await shownImages(page);
  expect(images.length).toBeGreaterThan(0);
  // One image shown at two sizes (an album's cover in its header and in its rows) is fetched once, at the larger.
  const neededOf = new Map<string, number>();
  for (const image of images) {
    if (image.top < viewport.height) neededOf.set(image.srcset, Math.max(neededOf.get(image.srcset) ?? 0, neededCopy(image.renderedWidth, pixelRatio)));
  }
  for (const image of images) {
    if (image.renderedWidth === 0) continue;
    const label = `${image.src} shown ${image.renderedWidth}px wide`;
    expect(image.sizesWidth, label).not.toBeNull();
    expect(image.sizesWidth!, label).toBeGreaterThanOrEqual(image.renderedWidth - 1);
    expect(image.sizesWidth!, label).toBeLessThanOrEqual(image.renderedWidth * 1.15 + 4);
    if (image.top >= viewport.height) expect(image.loading, label).toBe('lazy');
    else expect(image.chosenWidth, label).toBeLessThanOrEqual(neededOf.get(image.srcset)!);
  }
}

/**
 * The title shows on at most two lines in a box wide enough to read, and is not cut to a few letters:
 * `whole` (a row has the room), or at least two thirds of its characters before the ellipsis (a card).
 */
async function expectReadableTitle(title: Locator, text: string, { whole, minWidth }: { whole: boolean; minWidth: number }): Promise<void> {
  await expect(title).toHaveText(text);
  const box = await title.evaluate((element) => {
    const bounds = element.getBoundingClientRect();
    // Each character whose box lies inside the element's box is shown; line-clamp pushes the rest below it.
    let shown = 0;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.bottom <= bounds.bottom + 1 && rect.right <= bounds.right + 1) shown++;
      }
    }
    return { width: bounds.width, height: bounds.height, lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight), shown };
  });
  expect(Math.round(box.height / box.lineHeight), `${text}: lines`).toBeLessThanOrEqual(2);
  expect(box.width, `${text}: width`).toBeGreaterThanOrEqual(minWidth);
  expect(box.shown, `${text}: characters shown`).toBeGreaterThanOrEqual(whole ? text.length : Math.ceil((text.length * 2) / 3));
}

/** Every button of these cards or rows is at least 44x44 px: a thumb's target on a phone. */
async function expectThumbSizedControls(items: Locator): Promise<void> {
  const sizes = await items.locator('button').evaluateAll((buttons) =>
    buttons
      // A row's title is one button whose stretched hit area is the whole row (measured below).
      .filter((button) => getComputedStyle(button, '::after').position !== 'absolute')
      .map((button) => ({ name: button.getAttribute('aria-label') ?? button.textContent, ...button.getBoundingClientRect().toJSON() })),
  );
  expect(sizes.length).toBeGreaterThan(0);
  for (const size of sizes) {
    expect(size.width, `${size.name} width`).toBeGreaterThanOrEqual(44);
    expect(size.height, `${size.name} height`).toBeGreaterThanOrEqual(44);
  }
  for (const box of await items.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON()))) {
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
}

async function findSong(page: Page, title: string): Promise<Song> {
  const results = (await (await page.request.get(`/api/search?q=${encodeURIComponent(title)}`)).json()) as SearchResponse;
  const song = results.songs.find((candidate) => candidate.title === title);
  if (!song) throw new Error(`The demo catalogue has no song ${title}`);
  return song;
}

async function findAlbum(page: Page, artistName: string, title: string): Promise<Album> {
  const artists = (await (await page.request.get('/api/artists')).json()) as Artist[];
  const artist = artists.find((candidate) => candidate.name === artistName);
  if (!artist) throw new Error(`The demo catalogue has no artist ${artistName}`);
  const albums = (await (await page.request.get(`/api/artists/${artist.id}/albums`)).json()) as Album[];
  const album = albums.find((candidate) => candidate.title === title);
  if (!album) throw new Error(`${artistName} has no album ${title}`);
  return album;
}


// At 2x, as most phones are: the album page and the liked-songs grid, with what `sizes` says measured
// against what is shown, the placeholder colour, and the controls of a grid with cover actions.
test.describe('at 2x', () => {
  test.use({ deviceScaleFactor: 2 });
  test.beforeEach(async ({ page }) => {
    await signUpThroughApi(page);
  });

  test('an album page: its cover first and at the right size, rows with readable titles and 44 px controls', async ({ page, isMobile }, testInfo) => {
    const song = await findSong(page, LONGEST_TITLE);
    const album = await findAlbum(page, song.artist.name, LONGEST_TITLE_ALBUM);
    await page.goto(`/album/${album.id}`);
    const header = page.getByRole('main').locator('header img');
    await expect(header).toHaveAttribute('fetchpriority', 'high');
    await expect(header).toHaveAttribute('loading', 'eager');
    // Its placeholder is the cover's own colour, painted while the image loads.
    expect(album.coverColor).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(album.coverColor!.slice(i, i + 2), 16));
    await expect(header).toHaveCSS('background-color', `rgb(${r}, ${g}, ${b})`);

    const rows = page.getByRole('list', { name: `Tracks of ${album.title}` }).locator('li');
    await expectReadableTitle(
      rows.filter({ hasText: LONGEST_TITLE }).getByRole('button', { name: `Play ${LONGEST_TITLE}` }),
      LONGEST_TITLE,
      ROW_TITLE,
    );
    await expectRightSizedImages(page);
    if (isMobile) {
      await expectThumbSizedControls(rows);
      // No play count on a phone: the title has the row's width.
      const [first] = (await (await page.request.get(`/api/albums/${album.id}/songs`)).json()) as Song[];
      await expect(rows.first().getByText(`${first!.playCount.toLocaleString('en-NG')} plays`, { exact: true })).toBeHidden();
    }
    await rows.first().scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'album-rows');
  });

  test('song cards give the longest title two lines, the options over the cover, and 44 px controls', async ({ page, isMobile }, testInfo) => {
    // A full grid: seven library songs (imported previews cannot be liked, and another test may have
    // just imported the chart), then the longest title, liked last so it comes first.
    const catalogue = (await (await page.request.get('/api/songs?limit=200')).json()) as Song[];
    const others = catalogue.filter((song) => song.source === 'local' && song.title !== LONGEST_TITLE).slice(0, 7);
    for (const liked of [...others, await findSong(page, LONGEST_TITLE)]) {
      expect((await page.request.post(`/api/songs/${liked.id}/like`)).ok()).toBe(true);
    }
    await page.goto('/library?tab=liked');
    const cards = page.getByRole('main').getByRole('article');
    const card = cards.filter({ hasText: LONGEST_TITLE });
    // Half a phone's width: two lines, cut (if at all) after most of the title.
    await expectReadableTitle(card.getByRole('heading', { name: LONGEST_TITLE }), LONGEST_TITLE, { whole: false, minWidth: 120 });
    // The options button sits over the cover, not beside the title.
    const cover = await card.locator('img').boundingBox();
    const options = await card.getByRole('button', { name: `More options for ${LONGEST_TITLE}` }).boundingBox();
    expect(options!.y + options!.height).toBeLessThanOrEqual(cover!.y + cover!.height);
    await expectRightSizedImages(page);
    if (isMobile) await expectThumbSizedControls(cards);
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'card-grid');
  });
});
