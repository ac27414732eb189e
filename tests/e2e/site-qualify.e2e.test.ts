/**
 * Issue 27's "Do I qualify?" on a 360 px phone: a profile entered on /my-profile/, a course whose
 * requirement it misses saying so, and the finder's "Only courses I qualify for": the count drops to
 * the courses qualify() says the profile meets, every card says it meets, and a reload keeps it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { qualify, requirementsOf, verdictText, type Profile } from '../../src/lib/shared/qualify.ts';
import { apiJson, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

const PHONE = { width: 360, height: 740 };
/** E2E_SHOTS=<dir>: the finder narrowed to the profile, as a phone and a laptop show it */
const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` }) : null;

const PROFILE: Profile = {
  ielts: { overall: 6, lowest: 6 },
  plus_two: { value: 80, scale: 'percent' },
  bachelor: { value: 3.2, scale: 'gpa4' },
  study_gap_years: 1,
  funds_npr: 20_000_000,
};

type Course = Record<string, unknown> & { id: number; slug: string };

async function allCourses(): Promise<Course[]> {
  const rows: Course[] = [];
  for (let page = 1; ; page++) {
    const answer = await apiJson<{ results: Course[]; next: string | null }>(`course/?page_size=100&page=${page}`);
    rows.push(...answer.results);
    if (!answer.next) return rows;
  }
}

describe('do I qualify? on a phone', () => {
  it('says what a course misses, and the finder lists only the courses the profile meets', async () => {
    const courses = await allCourses();
    const verdicts = courses.map((c) => ({ course: c, text: verdictText(qualify(requirementsOf(c), PROFILE)) }));
    const meets = verdicts.filter((v) => v.text === 'You meet the requirements on record').length;
    const missed = verdicts.find((v) => v.text === 'Misses: IELTS 6.0, needs 6.5')!;
    expect(missed, 'a demo course needs IELTS 6.5').toBeDefined();
    expect(meets).toBeGreaterThan(0);
    expect(meets).toBeLessThan(courses.length);

    const context = await newContext({ mobile: true, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/my-profile/');
    await hydrated(page);
    await page.getByLabel('IELTS overall').fill('6');
    await page.getByLabel('IELTS: lowest band').fill('6');
    await page.getByLabel('+2 (NEB) grade').fill('80');
    await page.locator('[id="p-plus_two.scale"]').selectOption('percent');
    await page.getByLabel('Bachelor’s grade').fill('3.2');
    await page.getByLabel('Years since your last studies (study gap)').fill('1');
    await page.getByLabel('Funds you can show, in rupees (NPR)').fill('20000000');
    await page.getByRole('button', { name: 'Save my profile' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    await page.goto(`/course/${missed.course.slug}/`);
    await hydrated(page);
    await expect.poll(() => page.locator('#qualify .qualify').textContent()).toBe('Misses: IELTS 6.0, needs 6.5');

    await page.goto('/course/');
    await hydrated(page);
    await page.getByRole('button', { name: /^Filter and sort/ }).click();
    await page.getByLabel('Only courses I qualify for').check();
    const count = page.getByText(/ you qualify for$/);
    await expect
      .poll(() => count.textContent(), { timeout: 10_000 })
      .toBe(`${meets} ${meets === 1 ? 'course' : 'courses'} you qualify for`);
    expect(new URL(page.url()).search).toBe('?qualifying=true');
    const marks = page.locator('section[aria-label="Search courses"] .card .qualify');
    await expect.poll(() => marks.count()).toBe(Math.min(meets, 24));
    expect(new Set(await marks.allTextContents())).toEqual(new Set(['You meet the requirements on record']));
    await page.getByText('Courses with no entry requirements on record are left out').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await count.scrollIntoViewIfNeeded();
    await shot(page, 'qualify-finder-360');

    await page.reload();
    await hydrated(page);
    await expect
      .poll(() => count.textContent(), { timeout: 10_000 })
      .toBe(`${meets} ${meets === 1 ? 'course' : 'courses'} you qualify for`);
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, 'qualify-finder-1366');
    await context.close();
  });
});
