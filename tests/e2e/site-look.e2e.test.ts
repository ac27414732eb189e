/**
 * Layouts that hold (issue 22): on a laptop no card title breaks inside a word and the header is
 * one row; cards on a phone do not move when their scripts run; destinations show their country's
 * flag; a phone's first screen of a detail page holds
 * the facts a student decides by and the main action; /compare/ on a phone is one labelled card
 * per compared row, with rupees.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiJson, baseUrl, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

type Results<T> = { results: T[] };

/**
 * The card titles whose text wraps inside a word: for each word of a title, the boxes of its
 * characters' lines (a Range per word) must all sit on one line. A hyphen or a slash may end a
 * line ("Vice-/Chancellor"), as in print.
 */
function brokenTitles(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const a of document.querySelectorAll<HTMLAnchorElement>('.card :is(h2, h3) a')) {
      const node = a.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s\-\u2010-\u2014/]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(`${text}: "${match[0]}"`);
      }
    }
    return broken;
  });
}

describe.each([1024, 1366])('at %i px', (width) => {
  it('no card title breaks inside a word', async () => {
    const context = await newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const broken: string[] = [];
    for (const path of ['/', '/consultancy/', '/course/', '/university/', '/destination/', '/college/', '/scholarship/', '/exam/']) {
      await page.goto(path);
      expect(await page.locator('.card').count(), path).toBeGreaterThan(0);
      broken.push(...(await brokenTitles(page)).map((b) => `${path} ${b}`));
    }
    expect(broken).toEqual([]);
    await context.close();
  });

  it('the header is one row: the brand, every main menu link and the account corner side by side', async () => {
    const context = await newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto('/university/');
    await hydrated(page);
    const rows = await page.evaluate(() => {
      const boxes = [
        ...document.querySelectorAll('header.site .brand, header.site nav.main a, header.site .account, header.site details.menu'),
      ]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0);
      return {
        count: boxes.length,
        centres: new Set(boxes.map((r) => Math.round((r.top + r.bottom) / 2 / 8))).size,
        right: Math.max(...boxes.map((r) => r.right)),
        height: document.querySelector('header.site')!.getBoundingClientRect().height,
      };
    });
    expect(rows.count).toBeGreaterThan(6);
    expect(rows.centres).toBe(1);
    // and within the screen: nothing pushed past its right edge
    expect(rows.right).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(rows.height).toBeLessThanOrEqual(64);
    await context.close();
  });
});

type Shift = { value: number; moved: string[] };

/** Keeps the page's layout shifts from its first paint on, with the start of each moved element's markup. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[])
        shifts.push({
          value: entry.value,
          moved: entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? ''),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);

describe('cards on a phone', () => {
  it('do not move when their scripts run: the Save button and "Requirements not on record" hold their room from the first paint', async () => {
    const context = await newContext({ viewport: { width: 360, height: 740 }, mobile: true });
    const page = await context.newPage();
    await recordShifts(page);
    for (const path of ['/consultancy/', '/course/']) {
      await page.goto(path);
      // the cards' scripts have run: their Save buttons are wired and visible
      await page.locator('.card button[data-save]').first().waitFor({ state: 'visible' });
      await hydrated(page);
      expect(await shiftsOf(page), path).toEqual([]);
    }
    await context.close();
  });
});

/**
 * A site in front of the e2e server that sends one page's HTML in two parts: up to the end of the
 * first match of `cut`, then the rest once `release` is called. Everything else passes as it is.
 */
async function sentInTwoParts(path: string, cut: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const upstream = await fetch(`${baseUrl()}${req.url}`, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await upstream.arrayBuffer());
    const passed = [...upstream.headers].filter(
      ([name]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name),
    );
    res.writeHead(upstream.status, Object.fromEntries(passed));
    if (req.url !== path) return res.end(body);
    const html = body.toString();
    const match = cut.exec(html)!;
    const end = match.index + match[0].length;
    res.write(html.slice(0, end));
    await released;
    res.end(html.slice(end));
  };
  const server = http.createServer((req, res) => void answer(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return { url, release, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the header on a phone', () => {
  // A phone paints what it has parsed of a page while the rest is on the way, and Chromium does so
  // here too, now and then, right after the account corner: the Menu button then came in beside it
  // and pushed it aside (a shift of 0.0003 that failed the cards' test above once in 20 runs)
  it.each([
    ['the account corner', /<\/astro-island>/],
    ['the Menu button opened, its summary not yet', /<details class="menu[^>]*>/],
  ])('does not move when the rest of the page comes after %s', async (_, cut) => {
    const context = await newContext({ viewport: { width: 360, height: 740 }, mobile: true });
    const page = await context.newPage();
    await recordShifts(page);
    const site = await sentInTwoParts('/consultancy/', cut);
    await page.goto(site.url, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('header.site a.account')?.getBoundingClientRect().width);
    // two frames painted with the header as far as it came
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
    site.release();
    await page.waitForLoadState('load');
    await hydrated(page);
    expect(await shiftsOf(page)).toEqual([]);
    await context.close();
    await site.close();
  });
});

describe('flags', () => {
  it("destination cards and pages show their country's flag, an SVG from flag-icons", async () => {
    const context = await newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto('/destination/');
    const flags = page.locator('#static-list .card img.flag');
    expect(await flags.count()).toBe(await page.locator('#static-list .card').count());
    const australia = page.locator('#static-list .card', { hasText: 'Australia' });
    expect(await australia.locator('img.flag').getAttribute('src')).toBe('/flags/au.svg');
    await australia.locator('h2 a').click();
    const flag = page.locator('main header img.flag');
    await flag.evaluate((img: HTMLImageElement) => img.decode());
    expect(await flag.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const svg = await page.request.get('/flags/au.svg');
    expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toContain('<svg');
    await context.close();
  });
});

describe("a phone's first screen of a detail page", () => {
  /** Whether the element's box lies wholly inside the first 740 px screen. */
  const onFirstScreen = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => el.getBoundingClientRect().bottom <= 740 && el.getBoundingClientRect().height > 0);

  it("holds a course's fee in rupees, intakes and duration, and its Save button", async () => {
    const courses =
      await apiJson<Results<{ slug: string; fee: number | null; intakes: string[] | null; duration_months: number | null }>>(
        'course/?page_size=50',
      );
    const course = courses.results.find((c) => c.fee && c.intakes?.length && c.duration_months)!;
    const context = await newContext({ mobile: true, viewport: { width: 360, height: 740 }, noBanner: false });
    const page = await context.newPage();
    await page.goto(`/course/${course.slug}/`);
    await hydrated(page);
    const facts = page.locator('dl.key-facts');
    expect(await facts.locator('dt').allTextContents()).toEqual(['Duration', 'Yearly fee', 'Intakes']);
    expect(await facts.locator('dd').nth(1).textContent()).toMatch(/^about NPR [\d,]+/);
    expect(await onFirstScreen(page, 'dl.key-facts')).toBe(true);
    expect(await onFirstScreen(page, 'main header .save')).toBe(true);
    await context.close();
  });

  it("holds a consultancy's licence, rating and Apply button", async () => {
    const consultancies = await apiJson<Results<{ slug: string; licence: unknown }>>('consultancy/?page_size=50');
    const consultancy = consultancies.results.find((c) => c.licence)!;
    const context = await newContext({ mobile: true, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`/consultancy/${consultancy.slug}/`);
    expect(await onFirstScreen(page, 'section.licence, p.licence')).toBe(true);
    expect(await onFirstScreen(page, 'a[href="#reviews"]')).toBe(true);
    expect(await onFirstScreen(page, 'main a.btn.primary:text-is("Apply")')).toBe(true);
    await context.close();
  });

  it('shows no picture a row does not have: no cover box, no letter tile', async () => {
    const courses = await apiJson<Results<{ slug: string; icon: string | null; cover_image: string | null }>>('course/?page_size=20');
    const bare = courses.results.find((c) => !c.icon && !c.cover_image)!;
    const context = await newContext({ mobile: true, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`/course/${bare.slug}/`);
    expect(await page.locator('main img').count()).toBe(0);
    await context.close();
  });
});

describe('compare on a phone', () => {
  it('stacks one labelled card per compared course, amounts and the first-year cost in rupees', async () => {
    const courses = await apiJson<Results<{ id: number; name: string; fee: number | null }>>('course/?page_size=20');
    const picked = courses.results.filter((c) => c.fee).slice(0, 3);
    const context = await newContext({ mobile: true, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`/compare/?course=${picked.map((c) => c.id).join(',')}`);
    const cards = page.getByRole('region', { name: 'Courses compared' }).locator('article');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(picked.length);
    expect(await cards.locator('h2').allTextContents()).toEqual(picked.map((c) => c.name));
    for (let i = 0; i < picked.length; i++) {
      const card = cards.nth(i);
      expect(await card.locator('dt:text-is("Yearly fee") + dd').textContent()).toMatch(/about NPR [\d,]+/);
      expect(await card.locator('dt:text-is("First-year cost (estimate)") + dd').textContent()).toMatch(/^about NPR [\d,]+/);
      expect(await card.locator('dt:text-is("Entry requirements")').count()).toBe(1);
    }
    // the wide table is not shown on a phone, and the page keeps its width
    expect(await page.locator('table.compare').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
