/**
 * Dialogs that open by themselves, counted in a fresh browser (issue 22): over a whole session at
 * most two, the roadblock ad and the booking dialog, on the first page; none while the visitor types
 * in a filter or within 10 s of it; the roadblock never before its image. The page clock is
 * Playwright's, so a visit "lasts" 20 s without the test waiting that long.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { apiJson, disconnect, hydrated, newContext } from './site-helpers.ts';
import { AFTER_ROADBLOCK_MS, QUIET_AFTER_INPUT_MS } from '../../src/lib/site/autoDialogs.ts';

afterAll(disconnect);

const VISIT_MS = 20_000;

/** A fresh phone browser that notes every dialog as it appears: page path, name, and the page's clock. */
async function counted(): Promise<{
  context: BrowserContext;
  page: Page;
  opened: { path: string; name: string; at: number; imageReady: boolean }[];
}> {
  const context = await newContext({ quiet: false, noBanner: false, mobile: true });
  const opened: { path: string; name: string; at: number; imageReady: boolean }[] = [];
  await context.exposeBinding(
    'dialogOpened',
    ({ page }, name: string, at: number, imageReady: boolean) =>
      void opened.push({ path: new URL(page.url()).pathname, name, at, imageReady }),
  );
  await context.addInitScript(() => {
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const dialog of document.querySelectorAll('[role=dialog]')) {
        if (seen.has(dialog)) continue;
        seen.add(dialog);
        const img = dialog.querySelector('img');
        const name = dialog.querySelector('h2')?.textContent || img?.getAttribute('alt') || '?';
        (window as unknown as { dialogOpened: (name: string, at: number, ready: boolean) => void }).dialogOpened(
          name,
          Date.now(),
          !img || (img.complete && img.naturalWidth > 0),
        );
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.clock.install();
  return { context, page, opened };
}

it('a fresh browser over five pages, typing in a filter, sees at most two dialogs open by themselves, and none while it types', async () => {
  const [university] = await apiJson<{ results: { slug: string }[] }>('university/?page_size=1').then((r) => r.results);
  const { context, page, opened } = await counted();

  /** a visitor who closes whatever opens, as soon as it opens; `act` runs once the page is live */
  const visit = async (path: string, act?: () => Promise<void>) => {
    await page.goto(path);
    await page.clock.runFor(500);
    await hydrated(page);
    if (act) await act();
    for (let elapsed = 0; elapsed < VISIT_MS; elapsed += 500) {
      await page.clock.runFor(500);
      const close = page.locator('[role=dialog] button.close');
      if (await close.count()) await close.last().click();
    }
  };

  // the first page: the visitor closes the roadblock ad, and at once starts typing in the course
  // search, for 4 s, through the moment the booking dialog would have been due
  let typedUntil = 0;
  await visit('/course/', async () => {
    const roadblock = page.locator('.roadblock');
    await expect
      .poll(async () => {
        await page.clock.runFor(250);
        return roadblock.count();
      })
      .toBe(1);
    await roadblock.getByRole('button', { name: 'Close' }).click();
    const search = page.getByRole('searchbox').first();
    await search.click();
    for (const word of ['nur', 'sing', ' in', ' aus']) {
      await page.clock.runFor(1000);
      await search.pressSequentially(word);
    }
    typedUntil = await page.evaluate(() => Date.now());
    expect(opened.map((o) => o.name)).toEqual([opened[0]!.name]);
    // done typing: the visitor reads the results (the field loses focus)
    await page.locator('h1').click();
  });
  await visit('/');
  await visit('/destination/');
  await visit(`/university/${university!.slug}/`);
  await visit('/scholarship/');

  expect(opened.map((o) => o.path)).toEqual(['/course/', '/course/']);
  const [roadblock, booking] = opened;
  expect(booking!.name).toMatch(/^Book FREE Study Abroad Counselling Session with /);
  expect(roadblock!.imageReady).toBe(true);
  // the booking dialog: not while the visitor typed, nor within 10 s of the last key
  expect(booking!.at - typedUntil).toBeGreaterThanOrEqual(QUIET_AFTER_INPUT_MS);
  expect(booking!.at - roadblock!.at).toBeGreaterThanOrEqual(AFTER_ROADBLOCK_MS);
  await context.close();
});

it('the roadblock waits for its image: while it is on its way, no dialog (never an empty white box)', async () => {
  const ads = await apiJson<
    | { mobile_image_url: string | null; desktop_image_url: string | null }[]
    | { results: { mobile_image_url: string | null; desktop_image_url: string | null }[] }
  >('ads/?placement=roadblock_ad');
  const ad = (Array.isArray(ads) ? ads : ads.results).find((a) => a.mobile_image_url || a.desktop_image_url)!;
  const image = new URL(ad.mobile_image_url || ad.desktop_image_url!, 'http://x').pathname;
  const { context, page, opened } = await counted();
  // a slow line: the image is held back until the test lets it through
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(`**${image}`, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  // the page's load event waits for the picture the early script asked for (src/lib/shared/early-script.ts)
  await page.goto('/destination/', { waitUntil: 'domcontentloaded' });
  await page.clock.runFor(500);
  await hydrated(page);
  await page.locator('img[data-roadblock-preload]').waitFor({ state: 'attached' });
  for (let i = 0; i < 10; i++) await page.clock.runFor(500);
  expect(await page.locator('.roadblock').count()).toBe(0);
  // nor does the booking dialog take its place meanwhile
  expect(opened).toEqual([]);
  release();
  await expect
    .poll(async () => {
      await page.clock.runFor(250);
      return page.locator('.roadblock').count();
    })
    .toBe(1);
  expect(opened[0]!.imageReady).toBe(true);
  await context.close();
});

it('a page opened from a mail link opens no dialog by itself, nor do the pages after it', async () => {
  const { context, page, opened } = await counted();
  await page.goto('/university/?via=mail');
  await page.clock.runFor(500);
  await hydrated(page);
  for (let i = 0; i < 24; i++) await page.clock.runFor(500);
  // the marker leaves the address
  expect(new URL(page.url()).search).toBe('');
  await page.goto('/destination/');
  await hydrated(page);
  for (let i = 0; i < 24; i++) await page.clock.runFor(500);
  expect(opened).toEqual([]);
  await context.close();
});
