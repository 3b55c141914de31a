import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi } from './helpers.js';

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
