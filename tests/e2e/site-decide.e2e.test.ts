import { afterAll, describe, expect, it } from 'vitest';
import { apiJson, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

type Page<T> = { count: number; results: T[]; facets?: Record<string, Record<string, number>> };

describe('deciding: rupees, first-year cost, the scholarship finder', () => {
  it('shows a course fee with its rupees and the rate date, and a first-year estimate line by line', async () => {
    const rates = await apiJson<Page<{ currency: string }>>('exchange-rate/?page_size=100');
    const currencies = new Set(rates.results.map((r) => r.currency));
    const courses = await apiJson<Page<{ slug: string; fee: number | null; currency: string }>>('course/?page_size=50&ordering=fee_npr');
    const course = courses.results.find((c) => c.fee && currencies.has(c.currency))!;
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto(`/course/${course.slug}/`);
    const fee = page.locator('.facts dt:text-is("Yearly fee") + dd');
    expect(await fee.textContent()).toMatch(
      new RegExp(`^${course.currency} [\\d,]+ \\(about NPR [\\d,]+ at the \\d{1,2} [A-Z][a-z]{2} \\d{4} rate\\)$`),
    );
    const estimate = page.getByRole('region', { name: 'First-year cost: an estimate' });
    for (const line of ['Tuition for one year', 'Living cost for twelve months', 'Student visa fee (once)', 'Health insurance for a year'])
      expect(await estimate.locator(`dt:text-is("${line}")`).count(), line).toBe(1);
    expect(await estimate.textContent()).toMatch(/Estimated total: about NPR [\d,]+/);
    await context.close();
  });

  it('finds courses by country, intake month and fee in rupees, each naming its university and country', async () => {
    const japan = (await apiJson<Page<{ id: number; name: string }>>('destination/?search=Japan')).results.find((d) => d.name === 'Japan')!;
    const query = `country=${japan.id}&intake=April&fee_max=2000000`;
    const found = await apiJson<Page<{ id: number }>>(`course/?${query}&page_size=1`);
    expect(found.count).toBeGreaterThan(0);
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto(`/course/?${query}`);
    await hydrated(page);
    const live = page.locator('section[aria-label="Search courses"]');
    await expect.poll(() => live.locator('[aria-live] p.muted').first().textContent(), { timeout: 10_000 }).toBe(`${found.count} found`);
    // the card's facts in the declaration's order: fee with rupees first, the university and its country last
    // without a profile the "Do I qualify?" line asks for nothing: it shows only where no requirements are on record
    for (const text of await live.locator('.card p.qualify:visible').allTextContents()) expect(text).toBe('Requirements not on record');
    for (const text of await live.locator('.card p:not(.qualify)').allTextContents())
      expect(text).toMatch(/^Yearly fee JPY [\d,]+ \(about NPR [\d,]+ at the .* · [^·]+, Japan$/);
    // the static list names the country too
    expect(await page.locator('#static-list .card p:not(.qualify)').first().textContent()).toMatch(/ · [^·]+, [A-Z][A-Za-z ()]+$/);
    await context.close();
  });

  it('finds open scholarships by default, counts the options, says how many days are left and marks closed ones', async () => {
    const open = await apiJson<Page<{ title: string }>>('scholarship/?open=true&page_size=1&facets=level');
    const all = await apiJson<Page<{ title: string }>>('scholarship/?page_size=1');
    expect(all.count).toBeGreaterThan(open.count);
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto('/scholarship/');
    await hydrated(page);
    const live = page.locator('section[aria-label="Search scholarships"]');
    await expect.poll(() => live.locator('[aria-live] p.muted').first().textContent(), { timeout: 10_000 }).toBe(`${open.count} found`);
    expect(await page.locator('#static-list').isHidden()).toBe(true);
    expect(await live.locator('.card.ended').count()).toBe(0);
    await page.getByRole('button', { name: /Filter and sort/ }).click();
    expect(await page.getByLabel('Open for applications only').isChecked()).toBe(true);
    // counts beside the options, for the open ones
    const [level, n] = Object.entries(open.facets!.level!)[0]!;
    expect(await page.getByLabel('Level').locator(`option[value="${level}"]`).textContent()).toBe(
      `${level.charAt(0).toUpperCase()}${level.slice(1)} (${n})`,
    );
    // a deadline window: only what closes within it, each saying when
    await page.getByLabel('Deadline').selectOption({ label: 'In the next 90 days' });
    await page.waitForURL('**/scholarship/?closes_within=90');
    const soon = await apiJson<Page<{ title: string }>>('scholarship/?open=true&closes_within=90&page_size=1');
    await expect.poll(() => live.locator('[aria-live] p.muted').first().textContent(), { timeout: 10_000 }).toBe(`${soon.count} found`);
    const closes = await live.locator('.card .closes').allTextContents();
    expect(closes.length).toBe(Math.min(soon.count, 24));
    for (const text of closes) expect(text).toMatch(/^Closes (today|tomorrow|in \d+ days)$/);
    // closed ones too, when asked, marked as closed
    await page.getByLabel('Deadline').selectOption({ label: 'Any' });
    await page.getByLabel('Open for applications only').uncheck();
    await page.waitForURL('**/scholarship/?open=false');
    await expect.poll(() => live.locator('[aria-live] p.muted').first().textContent(), { timeout: 10_000 }).toBe(`${all.count} found`);
    await page
      .getByRole('button', { name: 'Show more' })
      .click()
      .catch(() => {});
    await expect.poll(() => live.locator('.card.ended .badge.warn').first().textContent(), { timeout: 10_000 }).toBe('Closed');
    // the address keeps it
    await page.reload();
    await hydrated(page);
    expect(await page.getByLabel('Open for applications only').isChecked()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
