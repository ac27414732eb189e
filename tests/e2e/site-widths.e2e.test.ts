/**
 * Phones: no public page may be wider than the screen (a page that slides sideways hides half of
 * every line and the header stops short). Every section the sitemap lists is visited, its list
 * and a few of its detail pages, at the narrowest phones we support, as a phone browser lays them out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { baseUrl, connect, disconnect } from './site-helpers.ts';

const WIDTHS = [320, 360];
const DETAILS_PER_SECTION = 3;

/** The list page and the first few detail pages of every section of the sitemap, plus the pages it leaves out. */
async function pagesToVisit(): Promise<string[]> {
  const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const perSection = new Map<string, number>();
  const picked = paths.filter((path) => {
    const depth = path.split('/').filter(Boolean).length;
    if (depth < 2) return true;
    const section = path.split('/')[1]!;
    const seen = perSection.get(section) ?? 0;
    perSection.set(section, seen + 1);
    return seen < DETAILS_PER_SECTION;
  });
  return [...picked, '/login/', '/search/?search=australia', '/shortlist/', '/compare/?university=1,2,3,4', '/no-such-page/'];
}

describe.each(WIDTHS)('at %i px', (width) => {
  let context: BrowserContext;
  let paths: string[];
  beforeAll(async () => {
    context = await (await connect()).newContext({ baseURL: baseUrl(), viewport: { width, height: 740 }, isMobile: true, hasTouch: true });
    paths = await pagesToVisit();
  });
  afterAll(async () => {
    await context.close();
    await disconnect();
  });

  it('no page is wider than the screen', async () => {
    expect(paths.length).toBeGreaterThan(30);
    const page = await context.newPage();
    const tooWide: string[] = [];
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'load' });
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (pageWidth > width) tooWide.push(`${path} is ${pageWidth} px`);
    }
    expect(tooWide).toEqual([]);
  });
});
