/**
 * Deciding on a phone: save universities from the list without an account, find them again after a
 * reload and on /shortlist/, share the list as a link another browser opens and saves, compare them
 * side by side with the labels in view (one card each on a phone), and keep them on the account after signing in.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from './console-helpers.ts';
import { apiJson, apiSignIn, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

const phone = { mobile: true, viewport: { width: 360, height: 740 } };
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const saveButtons = (page: Page) => page.locator('#static-list button[data-save]');

/** Saves the first `n` universities of the list, as a student taps them. */
async function saveUniversities(page: Page, n: number): Promise<string[]> {
  await page.goto('/university/');
  await saveButtons(page).first().waitFor({ state: 'visible' });
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const card = page.locator('#static-list .card').nth(i);
    names.push((await card.locator('h2 a').textContent())!);
    await card.getByRole('button', { name: /to your shortlist/ }).click();
    await expect
      .poll(() => card.getByRole('button', { name: /to your shortlist/ }).getAttribute('aria-pressed'), { timeout: 10_000 })
      .toBe('true');
  }
  return names;
}

describe('shortlist and compare', () => {
  it('saves without an account, keeps it across a reload, shares it as a link another browser saves', async () => {
    const context = await newContext(phone);
    const page = await context.newPage();
    const names = await saveUniversities(page, 2);
    await page.reload();
    await expect.poll(() => saveButtons(page).nth(1).getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(await saveButtons(page).nth(2).getAttribute('aria-pressed')).toBe('false');

    await page.goto('/shortlist/');
    const cards = page.locator('section[aria-labelledby="sl-university"] .card h3 a');
    await expect.poll(() => cards.allTextContents(), { timeout: 10_000 }).toEqual(names);
    const link = await page.getByLabel('Link to this shortlist').inputValue();
    expect(new URL(link).search).toMatch(/^\?university=\d+%2C\d+$/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await context.close();

    const friend = await newContext(phone);
    const other = await friend.newPage();
    await other.goto(new URL(link).pathname + new URL(link).search);
    await other.getByRole('button', { name: 'Save these to my shortlist' }).click();
    await other.waitForURL('**/shortlist/');
    await expect
      .poll(() => other.locator('section[aria-labelledby="sl-university"] .card h3 a').allTextContents(), { timeout: 10_000 })
      .toEqual(names);
    expect(JSON.parse((await other.evaluate(() => localStorage.getItem('shortlist')))!)).toHaveLength(2);
    await friend.close();
  });

  it('compares four saved universities: a table side by side on a wide screen, the labels in view while the columns scroll', async () => {
    const context = await newContext({ viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    const names = await saveUniversities(page, 4);
    await page.goto('/shortlist/');
    await page.getByRole('link', { name: 'Compare them side by side' }).click();
    await page.waitForURL(/\/compare\/\?university=\d+,\d+,\d+,\d+$/);
    const table = page.getByRole('region', { name: 'Universities compared' });
    await expect.poll(() => table.locator('thead th').allTextContents(), { timeout: 10_000 }).toEqual(names);
    expect(await table.getByRole('rowheader', { name: 'World ranking' }).count()).toBe(1);
    expect(await table.getByRole('rowheader', { name: 'First-year cost (estimate)' }).count()).toBe(1);
    // the page keeps its width: the table scrolls in its own box, its labels stuck at the left
    expect(await pageWidth(page)).toBeLessThanOrEqual(1024);
    await table.evaluate((el) => (el.scrollLeft = 400));
    const label = await table.getByRole('rowheader', { name: 'City' }).boundingBox();
    expect(label!.x).toBeLessThan(60);
    await context.close();
  });

  it('compares consultancies on a phone, one card each, with what applicants and complainants say of them', async () => {
    const records = await apiJson<{ results: { consultancy_id: number; received: number }[] }>('complaint/records/');
    const complained = records.results.find((r) => r.received > 0)!;
    const quiet = (await apiJson<{ results: { id: number }[] }>('consultancy/?page_size=100')).results.find(
      (c) => !records.results.some((r) => r.consultancy_id === c.id),
    )!;
    const context = await newContext(phone);
    const page = await context.newPage();
    await page.goto(`/compare/?consultancy=${complained.consultancy_id},${quiet.id}`);
    const cards = page.getByRole('region', { name: 'Consultancies compared' }).locator('article');
    const complaints = cards.locator('dt:text-is("Complaints") + dd');
    await expect
      .poll(() => complaints.allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringContaining(`${complained.received} complaint`), 'No complaints in the last 12 months.']);
    expect(await cards.locator('dt:text-is("Reviews by applicants")').count()).toBe(2);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('keeps the device’s shortlist on the account after signing in', async () => {
    const context = await newContext(phone);
    const page = await context.newPage();
    const names = await saveUniversities(page, 1);
    await signIn(page, 'student@example.com', (url) => !url.pathname.startsWith('/login'));
    await page.goto('/shortlist/');
    await hydrated(page);
    const { access } = await apiSignIn('student@example.com');
    await expect
      .poll(
        async () =>
          (
            await apiJson<{ items: { entity: string; id: number }[] }>('auth/shortlist/', {
              headers: { authorization: `Bearer ${access}` },
            })
          ).items.length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    const account = await apiJson<{ items: { entity: string; id: number }[] }>('auth/shortlist/', {
      headers: { authorization: `Bearer ${access}` },
    });
    const saved = await apiJson<{ results: { name: string }[] }>(
      `university/?ids=${account.items
        .filter((i) => i.entity === 'university')
        .map((i) => i.id)
        .join(',')}`,
    );
    expect(saved.results.map((r) => r.name)).toContain(names[0]);
    await context.close();
  });
});
