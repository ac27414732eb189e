/**
 * Accessibility: axe-core (WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices) on every
 * kind of public page, on a phone and on a laptop, once the islands have hydrated; then with the
 * dialogs that open by themselves, with a list's live search results shown, and with the site
 * search's results. A failure lists every violation: rule, element, page and width.
 */
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type * as Axe from 'axe-core';
import { SHOWN_COOKIE } from '../../src/lib/shared/auto-dialog-rules.ts';
import { apiJson, baseUrl, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const SIZES = [
  { width: 360, height: 740, mobile: true },
  { width: 1366, height: 900, mobile: false },
];

/** One page of each kind: every list in the sitemap and one detail page of each, plus the pages it leaves out. */
async function pagesToCheck(): Promise<string[]> {
  const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const parts = (path: string) => path.split('/').filter(Boolean);
  const lists = paths.filter((path) => parts(path).length < 2);
  const sections = new Map<string, string>();
  for (const path of paths) {
    const [section, slug, more] = parts(path);
    if (slug && slug !== 'page' && !more && !sections.has(section!)) sections.set(section!, path);
  }
  const firstOf = (pattern: RegExp) => {
    const path = paths.find((p) => pattern.test(p));
    if (!path) throw new Error(`the sitemap has no page like ${pattern}`);
    return path;
  };
  const [question] = await apiJson<{ results: { id: number }[] }>('forum/questions/?page_size=1').then((r) => r.results);
  return [
    ...lists,
    ...sections.values(),
    firstOf(/^\/consultancy\/[^/]+\/apply\/$/),
    firstOf(/^\/blog\/category\/[^/]+\/$/),
    `/forum/?id=${question!.id}`,
    '/login/',
    '/search/?search=australia',
    '/no-such-page/',
  ];
}

/** Runs axe on the page as it is now; one line per element that breaks a rule. */
async function violations(page: Page, where: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const found = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${[...n.any, ...n.all, ...n.none][0]?.message ?? v.help}`),
    );
  }, TAGS);
  return found.map((line) => `${where} ${line}`);
}

/** Loads a page and waits until its islands have hydrated and fetched what they show. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
}

describe.each(SIZES)('at $width px', ({ width, height, mobile }) => {
  const context = (options: { dialogs: boolean }): Promise<BrowserContext> =>
    newContext({ mobile, viewport: { width, height }, bypassCSP: true, quiet: !options.dialogs, noBanner: false }).then(async (c) => {
      // the banner shows; the dialogs that open by themselves only where a test wants them
      if (!options.dialogs) await c.addCookies([{ name: SHOWN_COOKIE, value: 'roadblock.booking', url: baseUrl() }]);
      return c;
    });

  it('every kind of public page passes axe', { timeout: 600_000 }, async () => {
    const paths = await pagesToCheck();
    expect(paths.length).toBeGreaterThan(25);
    const c = await context({ dialogs: false });
    const page = await c.newPage();
    const found: string[] = [];
    for (const path of paths) {
      await open(page, path);
      // the counselling banner is on the pages too, and is checked with them
      if (path === '/') await page.getByRole('complementary', { name: 'Free counselling' }).waitFor();
      found.push(...(await violations(page, `${width} px ${path}`)));
    }
    await c.close();
    expect(found).toEqual([]);
  });

  it('the roadblock ad and the booking dialog pass axe when they open by themselves', async () => {
    const c = await context({ dialogs: true });
    const page = await c.newPage();
    await open(page, '/');
    const roadblock = page.locator('[role=dialog].roadblock');
    await roadblock.waitFor({ timeout: 15_000 });
    await roadblock.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const found = await violations(page, `${width} px / (roadblock ad)`);
    await roadblock.getByRole('button', { name: 'Close' }).click();
    const booking = page.getByRole('dialog', { name: /^Book FREE Study Abroad Counselling Session/ });
    await booking.waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    found.push(...(await violations(page, `${width} px / (booking dialog)`)));
    await c.close();
    expect(found).toEqual([]);
  });

  it('menus, form errors and the booking form in use pass axe', { timeout: 120_000 }, async () => {
    const c = await context({ dialogs: false });
    const page = await c.newPage();
    const found: string[] = [];
    const check = async (state: string) =>
      found.push(...(await violations(page, `${width} px ${new URL(page.url()).pathname} (${state})`)));

    await open(page, '/login/?next=/');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await page.getByRole('alert').waitFor();
    await check('sign-in failed');
    await page.getByRole('tab', { name: 'Create a student account' }).click();
    await check('sign-up form');

    await open(page, '/track/?code=NO-SUCH-CODE');
    await page.getByRole('alert').waitFor();
    await check('unknown tracking code');

    await open(page, '/');
    if (mobile) {
      await page.locator('details.menu summary').click();
      await check('menu open');
      await page.locator('details.menu summary').click();
    }
    await page.getByRole('button', { name: 'Book Now' }).click();
    const booking = page.getByRole('dialog');
    await booking.getByRole('button', { name: /Book my free session/ }).click();
    await booking.getByRole('alert').waitFor();
    await check('booking form, required fields empty');
    await booking.getByLabel('A study destination').check();
    // click waits for the destinations to load (the box is disabled until then)
    await booking.getByRole('combobox').click();
    await booking.getByRole('listbox').waitFor();
    await check('booking form, destination suggestions open');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await open(page, '/login/?next=/');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill(process.env.DEMO_PASSWORD ?? 'demo1234');
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    // an administrator lands on the console: the public header is what is checked here
    await page.waitForURL((url) => url.pathname !== '/login/');
    await open(page, '/');
    await page.locator('details.account summary').click();
    await check('account menu open');
    await c.close();
    expect(found).toEqual([]);
  });

  it('a list with live search results passes axe', async () => {
    const c = await context({ dialogs: false });
    const page = await c.newPage();
    await open(page, '/university/');
    await page.getByRole('searchbox').fill('university');
    await page.getByText(/^\d+ found$/).waitFor();
    const found = await violations(page, `${width} px /university/ (live search)`);
    await c.close();
    expect(found).toEqual([]);
  });

  it('the site search passes axe: the first results of the home search, results with a correction and a chip, an empty result', async () => {
    const c = await context({ dialogs: false });
    const page = await c.newPage();
    await open(page, '/');
    await page.getByRole('searchbox').fill('nursing australia');
    await page.locator('.glance a.btn').waitFor();
    const found = await violations(page, `${width} px / (home search)`);
    await open(page, '/search/?search=nrsing+in+australia');
    await page
      .getByRole('button', { name: /^Remove filter:/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: /^Search instead for/ }).waitFor();
    found.push(...(await violations(page, `${width} px /search/ (corrected, a chip)`)));
    await open(page, '/search/?search=nursing+in+japan+under+5+lakh');
    await page.getByRole('heading', { name: /^No results for/ }).waitFor();
    found.push(...(await violations(page, `${width} px /search/ (nothing found)`)));
    await c.close();
    expect(found).toEqual([]);
  });
});
