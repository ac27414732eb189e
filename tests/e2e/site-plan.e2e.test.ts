/**
 * Issue 27 on a phone: tick a destination's plan steps and documents, find them ticked after a
 * reload, share the plan as a link that opens read only with the same ticks; reach the plan from the
 * destination's universities; see an exam's upcoming sessions in Nepal and filter them by city.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiJson, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

const phone = { mobile: true, viewport: { width: 360, height: 740 } };
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

interface Step {
  id: number;
  title: string;
  documents: string[];
}

async function australia() {
  const destinations = await apiJson<{ results: { id: number; slug: string; name: string }[] }>('destination/?page_size=100');
  const destination = destinations.results.find((d) => d.name === 'Australia')!;
  const steps = (await apiJson<{ results: Step[] }>(`plan-step/?destination=${destination.id}`)).results;
  return { destination, steps, path: `/destination/${destination.slug}/plan/` };
}

describe('plan my move', () => {
  it('ticks steps and documents on a phone, keeps them after a reload, and shares them read only', async () => {
    const { steps, path } = await australia();
    const withDocuments = steps.find((s) => s.documents.length > 1)!;
    const context = await newContext(phone);
    const page = await context.newPage();
    await page.goto(path);
    await hydrated(page);
    expect(await page.locator('.plan-steps > li h2').allTextContents()).toEqual(steps.map((s) => s.title));
    await page.getByRole('checkbox', { name: steps[0]!.title }).check();
    await page.locator(`#doc-${withDocuments.id}-1`).check();
    await expect.poll(() => page.locator('.plan-progress').textContent()).toMatch(new RegExp(`^1 of ${steps.length} steps done`));
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);

    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.getByRole('checkbox', { name: steps[0]!.title }).isChecked(), { timeout: 10_000 }).toBe(true);
    expect(await page.locator(`#doc-${withDocuments.id}-1`).isChecked()).toBe(true);
    expect(await page.locator(`#doc-${withDocuments.id}-0`).isChecked()).toBe(false);

    await page.getByRole('button', { name: 'Share with parents' }).click();
    const link = await page.getByLabel('A read-only link to your plan as ticked now:').inputValue();
    expect(new URL(link).pathname).toBe(path);
    await context.close();

    const parents = await newContext(phone);
    const view = await parents.newPage();
    await view.goto(new URL(link).pathname + new URL(link).search);
    await hydrated(view);
    await expect.poll(() => view.getByRole('status').first().textContent(), { timeout: 10_000 }).toContain('A plan shared with you');
    const first = view.getByRole('checkbox', { name: steps[0]!.title });
    expect(await first.isChecked()).toBe(true);
    expect(await first.isDisabled()).toBe(true);
    expect(await view.locator(`#doc-${withDocuments.id}-1`).isChecked()).toBe(true);
    // the parents' own device holds no ticks: read only changes nothing
    expect(await view.evaluate(() => localStorage.getItem('plan_ticks'))).toBeNull();
    await parents.close();
  });

  it("is linked from a destination's universities, and prints without the site's chrome", async () => {
    const { destination, path } = await australia();
    const university = (await apiJson<{ results: { slug: string }[] }>(`university/?destination=${destination.id}&page_size=1`))
      .results[0]!;
    const context = await newContext(phone);
    const page = await context.newPage();
    await page.goto(`/university/${university.slug}/`);
    await page.getByRole('link', { name: /Plan your move to Australia/ }).click();
    await page.waitForURL(`**${path}`);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header.site').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Share with parents' }).isVisible()).toBe(false);
    expect(await page.locator('.plan-steps input[type="checkbox"]').first().isVisible()).toBe(true);
    await context.close();
  });

  it("lists an exam's upcoming sessions in Nepal and filters them by city", async () => {
    const context = await newContext(phone);
    const page = await context.newPage();
    await page.goto('/exam/ielts/');
    const sessions = page.getByRole('region', { name: 'IELTS sessions in Nepal' });
    await sessions.scrollIntoViewIfNeeded();
    await expect.poll(() => sessions.locator('li h3').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    // the list is drawn on the server; its filter works once the island (client:visible) has hydrated
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr] #test-sessions'), null, { timeout: 15_000 });
    await sessions.getByLabel('City').selectOption('Pokhara');
    await expect.poll(async () => (await sessions.locator('li h3').allTextContents()).every((t) => t.endsWith('Pokhara'))).toBe(true);
    expect(await sessions.locator('li h3').count()).toBeGreaterThan(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
