import { afterAll, describe, expect, it } from 'vitest';
import { disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

describe('apply → track → edit', () => {
  it('applies to a consultancy, gets a tracking code, checks the timeline and edits by code', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/consultancy/');
    await page.locator('#static-list .card h2 a').first().click();
    await page.getByRole('link', { name: 'Apply' }).click();
    await page.waitForURL(/\/apply\/$/);
    await hydrated(page);
    await page.getByLabel('Full name').fill('Asha Gurung');
    await page.getByLabel('Email').fill(`asha-${Date.now()}@example.com`);
    await page.getByLabel('Phone').fill('9812345678');
    await page.getByLabel('Destination').selectOption({ label: 'Australia' });
    await page.getByLabel('Preferred intake').fill('February 2027');
    await page.getByLabel('Message').fill('Nursing, please call after 5pm.');
    await page.getByRole('button', { name: 'Submit application' }).click();
    const code = (await page.getByTestId('tracking-code').textContent({ timeout: 15_000 }))!.trim();
    expect(code.length).toBeGreaterThan(4);

    await page.getByRole('link', { name: 'Track this application' }).click();
    await page.waitForURL('**/track/?code=*');
    await page.getByRole('heading', { level: 3, name: 'Timeline' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.timeline li').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Edit application' }).click();
    await page.getByLabel('Preferred intake').fill('September 2027');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Application updated.' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.facts').textContent()).toContain('September 2027');

    await page.getByLabel('Tracking code').fill('NOPE-0000');
    await page.getByRole('button', { name: 'Check status' }).click();
    await expect.poll(() => page.getByRole('alert').locator('.error').textContent()).toBe('Tracking code not found');
    await context.close();
  });
});
