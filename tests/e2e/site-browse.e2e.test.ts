import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { apiJson, baseUrl, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

describe('public directory (browse list → detail)', () => {
  it('goes from the home page to a list, its next page, and a detail page with its head and JSON-LD', async () => {
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toMatch(/^#/);
    await page.getByRole('link', { name: 'All consultancies' }).click();
    await page.waitForURL('**/consultancy/');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Consultancies');
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL('**/consultancy/page/2/');
    const first = page.locator('#static-list .card h2 a').first();
    const name = (await first.textContent())!;
    await first.click();
    await page.waitForURL(/\/consultancy\/[^/]+\/$/);
    expect(await page.locator('h1').textContent()).toBe(name);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(new URL(new URL(page.url()).pathname, baseUrl()).href);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(name);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'EducationalOrganization', name });
    expect(await page.getByRole('link', { name: 'Apply' }).getAttribute('href')).toMatch(/\/consultancy\/[^/]+\/apply\/$/);
    await context.close();
  });

  it('searches a list live through the API, tolerating a typo', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/destination/');
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Search destinations' }).fill('Austrlia');
    await expect
      .poll(() => page.locator('section[aria-label="Search destinations"] .card a').allTextContents(), { timeout: 10_000 })
      .toContain('Australia');
    expect(await page.locator('#static-list').isHidden()).toBe(true);
    await page.getByRole('link', { name: 'Australia' }).first().click();
    await page.waitForURL('**/destination/australia/');
    expect(await page.locator('script[type="application/ld+json"]').textContent()).toContain('"Country"');
    await context.close();
  });

  it('shows live results in the same cards as the static list, and keeps the order in the address on a phone', async () => {
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto('/course/');
    await hydrated(page);
    const staticCard = page.locator('#static-list .card').first();
    const title = (await staticCard.locator('h2 a').textContent())!;
    const staticHtml = await staticCard.innerHTML();
    // the same course found live: the same card, picture, facts (its university named) and all
    await page.getByRole('searchbox', { name: 'Search courses' }).fill(title);
    const live = page
      .locator('section[aria-label="Search courses"] .card')
      .filter({ has: page.locator(`a[href="${await staticCard.locator('h2 a').getAttribute('href')}"]`) });
    await expect.poll(() => live.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => live.first().innerHTML(), { timeout: 10_000 }).toBe(staticHtml);
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('');
    // phones: filters and order fold under one button
    expect(await page.getByLabel('Sort by').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filter and sort' }).click();
    await page.getByLabel('Sort by').selectOption({ label: 'Newest first' });
    await page.waitForURL('**/course/?ordering=-created_at');
    const newest = await apiJson<{ results: { name: string }[] }>('course/?ordering=-created_at&page_size=3');
    await expect
      .poll(() => page.locator('section[aria-label="Search courses"] .card h2 a').first().textContent(), { timeout: 10_000 })
      .toBe(newest.results[0]!.name);
    expect(await page.getByRole('button', { name: 'Filter and sort (1)' }).getAttribute('aria-expanded')).toBe('true');
    // a shared link opens in the same order
    await page.reload();
    await hydrated(page);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('-created_at');
    await context.close();
  });

  it('opens the results page from the home search with Enter, and the whole list from there', async () => {
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('searchbox').fill('Austrlia');
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL('**/search/?search=Austrlia');
    await hydrated(page);
    await expect
      .poll(() => page.getByRole('main').getByRole('link', { name: 'Australia', exact: true }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // more matches than the page shows: a link to the whole list, searched for the same words
    await page.getByRole('searchbox').fill('technology');
    await page.waitForURL('**/search/?search=technology');
    // (the answer for the new words: the earlier one shows until it comes)
    const more = page.locator('a[href^="/university/?"][href*="search=technology"]');
    await more.waitFor({ timeout: 10_000 });
    expect(await more.textContent()).toMatch(/^All [\d,]+ universities$/);
    await more.click();
    await page.waitForURL((url) => url.pathname === '/university/' && url.searchParams.get('search') === 'technology');
    await hydrated(page);
    expect(await page.getByRole('searchbox', { name: 'Search universities' }).inputValue()).toBe('technology');
    await context.close();
  });

  it('serves the sitemap, robots.txt and both RSS feeds', async () => {
    const [sitemap, robots, blog, news] = await Promise.all(
      ['/sitemap.xml', '/robots.txt', '/blog/rss.xml', '/news/rss.xml'].map((p) => fetch(baseUrl() + p).then((r) => r.text())),
    );
    expect(sitemap).toContain(`${baseUrl()}/consultancy/`);
    expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    expect(robots).toContain('Disallow: /admin/');
    expect(blog).toContain('<rss version="2.0"');
    expect(blog.match(/<item>/g)?.length).toBeGreaterThan(0);
    expect(news).toContain('<item>');
    const home = await fetch(`${baseUrl()}/`).then((r) => r.text());
    for (const feed of ['/blog/rss.xml', '/news/rss.xml'])
      expect(home).toContain(`type="application/rss+xml" title="${feed.startsWith('/blog') ? 'Blog' : 'News'}" href="${feed}"`);
    // every category page the site links to is in the sitemap, its later pages too
    const categories = [...sitemap.matchAll(/<loc>[^<]*?(\/(?:blog|news)\/category\/[^/]+\/)<\/loc>/g)].map((m) => m[1]!);
    expect(categories.length).toBeGreaterThan(1);
    for (const first of categories) {
      const html = await fetch(baseUrl() + first).then((r) => r.text());
      for (const [, later] of html.matchAll(new RegExp(`href="(${first}page/\\d+/)"`, 'g')))
        expect(sitemap).toContain(`${baseUrl()}${later}</loc>`);
    }
  });

  it('keeps detail pages (HTML with their inlined CSS) under 14 KB gzip: a course, a consultancy, a university', async () => {
    for (const kind of ['course', 'consultancy', 'university']) {
      const html = await fetch(`${baseUrl()}/${kind}/`).then((r) => r.text());
      const href = html.match(new RegExp(`href="(/${kind}/[^"/]+/)"`))![1]!;
      const detail = await fetch(baseUrl() + href).then((r) => r.text());
      expect(detail).toContain('<style>');
      expect(detail).not.toMatch(/<link[^>]+rel="stylesheet"/);
      expect(gzipSync(detail).length, href).toBeLessThan(14 * 1024);
    }
  });

  // Issue 27: zod (~40 KB gzip) had come into the chunk every page loads, doubling JS per page.
  // Pages without a form load no schema code, and stay under JS_BUDGET (what they weighed again, with margin).
  it('loads no zod, and at most 40 KB gzip of JS, on pages without a form: the home, lists, a consultancy, a course, a plan', async () => {
    const JS_BUDGET = 40 * 1024;
    const courses = await apiJson<{ results: { slug: string }[] }>('course/');
    const destinations = await apiJson<{ results: { slug: string }[] }>('destination/');
    const routes = [
      '/',
      '/consultancy/',
      '/consultancy/everest-education-consultancy/',
      '/course/',
      `/course/${courses.results[0]!.slug}/`,
      `/destination/${destinations.results[0]!.slug}/plan/`,
    ];
    const context = await newContext({ mobile: true });
    for (const route of routes) {
      const page = await context.newPage();
      const scripts: Promise<Buffer>[] = [];
      page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.body()));
      await page.goto(route);
      await hydrated(page);
      // the islands that wait to be seen load too
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const bodies = await Promise.all(scripts);
      expect(bodies.filter((b) => b.includes('$ZodType')).length, `${route} loads zod`).toBe(0);
      const weight = bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
      console.log(`${route}: ${bodies.length} scripts, ${weight} B gzip`);
      expect(weight, route).toBeLessThan(JS_BUDGET);
      await page.close();
    }
    await context.close();
  });

  it('marks an offer ended on the day after it ends, and lists it after current ones, with no rebuild since', async () => {
    const offers = (
      await apiJson<{ results: { id: number; slug?: string; title: string; valid_until: string | null }[] }>('offer/?page_size=1000')
    ).results;
    const today = new Date().toISOString().slice(0, 10);
    const firstPage = await fetch(`${baseUrl()}/offer/`).then((r) => r.text());
    const shown = offers.filter((o) => o.valid_until && o.valid_until >= today && firstPage.includes(`/offer/${o.slug || o.id}/"`));
    const offer = shown.sort((a, b) => a.valid_until!.localeCompare(b.valid_until!))[0]!;
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    // the day after it ends, in Nepal: the built pages still list it as current
    await page.clock.install({ time: new Date(`${offer.valid_until}T18:20:00Z`) });
    await page.goto('/offer/');
    const card = page.locator('#static-list .card', { has: page.getByRole('link', { name: offer.title, exact: true }) });
    await expect.poll(() => card.getAttribute('class')).toContain('ended');
    expect(await card.locator('[data-ended]').isVisible()).toBe(true);
    expect(await card.locator('.badge.warn').textContent()).toBe('Ended');
    const titles = await page
      .locator('#static-list .card')
      .evaluateAll((cards) => cards.map((c) => [c.querySelector('h2')!.textContent, c.classList.contains('ended')]));
    const firstEnded = titles.findIndex(([, ended]) => ended);
    expect(titles.slice(firstEnded).every(([, ended]) => ended)).toBe(true);
    await card.getByRole('link').click();
    await page.waitForURL(/\/offer\/[^/]+\/$/);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'This offer has ended.' }).isVisible()).toBe(true);

    // the evening before (23:00 in Kathmandu) it is still on
    await page.clock.setFixedTime(new Date(`${offer.valid_until}T17:15:00Z`));
    await page.reload();
    await hydrated(page);
    expect(await page.getByText('This offer has ended.').isVisible()).toBe(false);
    await context.close();
  });
});
