/**
 * Keeping facts current from the console: an admin confirms a stale fee from the staleness report,
 * and a university confirms its own tuition and intakes from its dashboard, on a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, contextWith, type ApiSession } from './console-helpers.ts';
import { apiJson, disconnect } from './site-helpers.ts';

afterAll(disconnect);

const todayInNepal = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(new Date());

let admin: ApiSession;
let university: ApiSession;
beforeAll(async () => {
  [admin, university] = await Promise.all([apiLogin('admin@example.com'), apiLogin('university@example.com')]);
});

describe('facts to confirm', () => {
  it('an admin confirms a stale value from the report, and it leaves the report', async () => {
    const auth = { headers: { authorization: `Bearer ${admin.access}` } };
    const stale = await apiJson<{ count: number; results: { entity: string; id: number; title: string }[] }>(
      'reports/stale/?entity=course&page_size=1',
      auth,
    );
    expect(stale.count).toBeGreaterThan(0);
    const row = stale.results[0]!;
    const context = await contextWith(admin, { mobile: true, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/admin/stale/?entity=course');
    await page
      .getByRole('button', { name: `Still correct: ${row.title}` })
      .first()
      .click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain(`"${row.title}" confirmed as still correct today.`);
    const course = await apiJson<{ facts_checked_on: string }>(`course/${row.id}/`);
    expect(course.facts_checked_on).toBe(todayInNepal());
    const after = await apiJson<{ results: { id: number }[] }>('reports/stale/?entity=course&page_size=1000', auth);
    expect(after.results.map((r) => r.id)).not.toContain(row.id);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('a university confirms its own tuition and intakes from its dashboard', async () => {
    const context = await contextWith(university, { mobile: true, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/dashboard/');
    const panel = page.getByRole('region', { name: 'Your fees and intakes' });
    await panel.waitFor();
    expect(await panel.textContent()).toContain('Covers: yearly tuition from, yearly tuition up to, tuition currency, intakes.');
    await panel.getByRole('button', { name: 'Still correct' }).click();
    await expect
      .poll(() => panel.textContent())
      .toContain(
        `Last confirmed on ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${todayInNepal()}T00:00:00Z`))}.`,
      );
    const own = await apiJson<{ facts_checked_on: string }>('university/dashboard/', {
      headers: { authorization: `Bearer ${university.access}` },
    });
    expect(own.facts_checked_on).toBe(todayInNepal());
    await context.close();
  });
});
