/**
 * The console on a phone (360x740, and the narrowest we support, 320, as a phone browser lays them
 * out): no screen of any account is wider than the screen and every control on it can be reached;
 * a delete asks in the page, and what was created, saved or deleted is said where the user is looking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiLogin, contextWith, type ApiSession } from './console-helpers.ts';
import { apiJson, disconnect } from './site-helpers.ts';

const PHONE = { width: 360, height: 740 };

afterAll(disconnect);

const sessions: Record<string, ApiSession> = {};
beforeAll(async () => {
  for (const email of ['admin@example.com', 'consultancy@example.com', 'college@example.com', 'university@example.com'])
    sessions[email] = await apiLogin(email);
});

const phone = (email: string, width = PHONE.width) => contextWith(sessions[email]!, { mobile: true, viewport: { ...PHONE, width } });

/** Waits until the screen has its heading and nothing in it is still loading. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'), null, { timeout: 15_000 });
}

/**
 * What is wrong with the screen on a phone: the page wider than the screen, a control (link,
 * button, field) reaching past its edge outside a box of its own that scrolls, or a chart whose
 * labels are shrunk below 11 px (a chart scaled down from a desktop drawing) or with no words for no data.
 */
async function problemsOn(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const problems: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) problems.push(`the page is ${pageWidth} px wide`);
    for (const el of document.querySelectorAll<HTMLElement>('main a, main button, main input, main select, main textarea')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest('[role="region"][tabindex="0"]') || el.closest('.sr-only')) continue;
      if (box.left < 0 || box.right > width)
        problems.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || el.id).trim().slice(0, 40)}" spans ${Math.round(box.left)}–${Math.round(box.right)} px`,
        );
    }
    for (const chart of document.querySelectorAll('main figure')) {
      const labels = [...chart.querySelectorAll('svg text')];
      if (labels.length === 0 && !chart.querySelector('svg') && !chart.querySelector('.text-muted')?.textContent)
        problems.push(`the chart "${chart.querySelector('figcaption')?.textContent}" is empty without saying so`);
      for (const label of labels) {
        const height = label.getBoundingClientRect().height;
        if (height < 11) problems.push(`the chart label "${label.textContent}" is ${height.toFixed(1)} px tall`);
      }
    }
    return problems;
  }, width);
}

/**
 * Every screen of an area, found the way a user finds them: each link of the console's navigation,
 * and from each screen its "New …" link and its first row's link (the create and edit forms).
 */
async function visitAll(page: Page, start: string, width: number): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const check = async (path: string) => {
    if (path in found) return;
    await page.goto(path);
    await settled(page);
    found[path] = await problemsOn(page, width);
  };
  await page.goto(start);
  await settled(page);
  const screens = await page.locator('#console-nav a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  expect(screens.length).toBeGreaterThan(2);
  for (const path of screens) {
    await check(path);
    const deeper = await page
      .locator('main header a.button, main table.data-table tbody tr:first-child td:first-child a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!).filter((href) => href.startsWith('/')));
    for (const sub of deeper) await check(sub);
  }
  return found;
}

/** The locator's box lies inside the phone's screen as it is scrolled now. */
async function inView(target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  return !!box && box.y >= 0 && box.y + box.height <= PHONE.height && box.x >= 0 && box.x + box.width <= PHONE.width;
}

describe.each([360, 320])('every console screen fits a %i px phone', (width) => {
  it.each([
    ['admin@example.com', '/admin/', 60],
    ['consultancy@example.com', '/dashboard/', 4],
    ['college@example.com', '/dashboard/', 6],
    ['university@example.com', '/dashboard/', 3],
  ])(
    '%s',
    async (email, start, atLeast) => {
      const context = await phone(email, width);
      const page = await context.newPage();
      const screens = await visitAll(page, start, width);
      expect(Object.keys(screens).length).toBeGreaterThanOrEqual(atLeast);
      const problems = Object.entries(screens).flatMap(([path, list]) => list.map((p) => `${path}: ${p}`));
      expect(problems).toEqual([]);
      await context.close();
    },
    240_000,
  );
});

describe('outcomes on a phone', () => {
  it('a new record says it was created in view; a delete asks in the page first, and says it was done in view', async () => {
    const context = await phone('admin@example.com');
    const page = await context.newPage();
    const name = `Phone University ${Date.now() % 1_000_000}`;
    await page.goto('/admin/university/new/');
    await page.locator('#f-name').fill(name);
    // the form is many screens long: the button is far below its top
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/admin\/university\/\d+\/$/);
    const created = page.getByRole('status').filter({ hasText: 'University created.' });
    await created.waitFor();
    expect(await inView(created)).toBe(true);

    await page.goto('/admin/university/');
    await page.getByRole('searchbox', { name: 'Search universities' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    const remove = row.getByRole('button', { name: `Delete ${name}` });
    const dialog = page.getByRole('dialog');

    // Cancel: the dialog takes the focus, gives it back, and the row stays
    await remove.click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(name);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await remove.evaluate((b) => b === document.activeElement)).toBe(true);

    // Escape cancels too
    await remove.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);
    expect((await apiJson<{ count: number }>(`university/?search=${encodeURIComponent(name)}`)).count).toBe(1);

    // Delete: gone, and said so in view
    await remove.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    const deleted = page.getByRole('status').filter({ hasText: /deleted/i });
    await deleted.waitFor();
    expect(await inView(deleted)).toBe(true);
    expect((await apiJson<{ count: number }>(`university/?search=${encodeURIComponent(name)}`)).count).toBe(0);
    await context.close();
  });

  it('a used row: its Delete says at once, in view, which rows use it, and never that the delete cannot be undone', async () => {
    const auth = { authorization: `Bearer ${sessions['admin@example.com']!.access}` };
    const create = async (path: string, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      return apiJson<{ id: number }>(path, { method: 'POST', body: form, headers: auth });
    };
    const stamp = Date.now() % 1_000_000;
    const land = `Phone Land ${stamp}`;
    const destination = await create('destination/create/', { name: land });
    await create('university/create/', { name: `Phone Land University ${stamp}`, destination_id: String(destination.id) });

    const context = await phone('admin@example.com');
    const page = await context.newPage();
    await page.goto('/admin/destination/');
    await page.getByRole('searchbox', { name: 'Search destinations' }).fill(land);
    const row = page.getByRole('row').filter({ hasText: land });
    await row.waitFor();
    await row.getByRole('button', { name: `Delete ${land}` }).click();
    const dialog = page.getByRole('dialog', { name: `Destination “${land}” is in use` });
    await dialog.waitFor();
    const uses = dialog.getByRole('listitem').filter({ hasText: `1 university: Phone Land University ${stamp}` });
    expect(await uses.count()).toBe(1);
    expect(await dialog.textContent()).not.toMatch(/cannot be undone/);
    expect(await inView(dialog)).toBe(true);
    expect(await inView(uses)).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await apiJson<{ id: number }>(`destination/${destination.id}/`)).id).toBe(destination.id);
    await context.close();
  });

  it('a saved profile says so in view, where the Save button was pressed', async () => {
    const context = await phone('consultancy@example.com');
    const page = await context.newPage();
    await page.goto('/dashboard/profile/');
    await page.locator('#f-name').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Profile saved.' });
    await saved.waitFor();
    expect(await inView(saved)).toBe(true);
    await context.close();
  });
});
