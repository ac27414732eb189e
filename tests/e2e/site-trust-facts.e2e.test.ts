/**
 * What a student sees of our checks: a university's entry in its country's register, fees and
 * dates that say when they were confirmed and turn "may be out of date" on the right day with no
 * rebuild, and the apply form's warning when the chosen university has no recognition on record.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { STALE_AFTER_DAYS } from '../../src/lib/shared/checked.ts';
import { apiJson, disconnect, hydrated, newContext } from './site-helpers.ts';

interface University {
  id: number;
  name: string;
  slug: string;
  destination_id: number | null;
  register_code: string;
  register_status: string;
  facts_checked_on: string | null;
}

afterAll(disconnect);

const universities = async () => (await apiJson<{ results: University[] }>('university/?page_size=1000')).results;

describe('trust in the directory’s facts', () => {
  it("names a university's entry in its country's register, with the link to the register", async () => {
    const listed = (await universities()).find((u) => u.register_status === 'listed')!;
    const country = await apiJson<{ register_name: string; register_url: string }>(`destination/${listed.destination_id}/`);
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto(`/university/${listed.slug}/`);
    const panel = page.getByRole('region', { name: 'Recognition' });
    await expect.poll(() => panel.textContent()).toContain(`Recognised ${country.register_name} ${listed.register_code}, checked`);
    expect(await panel.getByRole('link', { name: country.register_name }).getAttribute('href')).toBe(country.register_url);
    expect(await panel.getByRole('link', { name: 'How we check recognition' }).getAttribute('href')).toBe('/how-we-verify/#recognised');
    await context.close();
  });

  it('says fees may be out of date on the day they go stale, with no rebuild since', async () => {
    const fresh = (await universities()).find((u) => u.facts_checked_on && Date.parse(u.facts_checked_on) > Date.now() - 90 * 86_400_000)!;
    const context = await newContext();
    const page = await context.newPage();
    const checked = page.locator('p.checked');
    // the last hour of the last day it counts as current, in Nepal, then the first minute after
    const lastDay = new Date(Date.parse(`${fresh.facts_checked_on}T23:59:59.999+05:45`) + STALE_AFTER_DAYS * 86_400_000);
    await page.clock.install({ time: new Date(lastDay.getTime() - 3_600_000) });
    await page.goto(`/university/${fresh.slug}/`);
    expect(await checked.textContent()).toMatch(/Fees, intakes and deadlines checked on \d{1,2} \w{3} \d{4}\./);
    expect(await checked.getByText('May be out of date').isVisible()).toBe(false);
    await page.clock.setFixedTime(new Date(lastDay.getTime() + 60_000));
    await page.reload();
    await expect.poll(() => checked.getByText('May be out of date').isVisible()).toBe(true);
    await context.close();
  });

  it('warns on the apply form when the chosen university has no recognition on record', async () => {
    const all = await universities();
    const unchecked = all.find((u) => u.register_status === '')!;
    const listed = all.find((u) => u.register_status === 'listed')!;
    const consultancy = (await apiJson<{ results: { slug: string }[] }>('consultancy/?page_size=1')).results[0]!;
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto(`/consultancy/${consultancy.slug}/apply/`);
    await hydrated(page);
    const university = page.getByRole('combobox', { name: /University/ });
    const choose = async (name: string) => {
      await university.fill(name);
      await page.getByRole('option', { name, exact: true }).click();
    };
    await choose(unchecked.name);
    const note = page.getByRole('status').filter({ hasText: unchecked.name });
    await expect.poll(() => note.textContent()).toContain('Ask the consultancy for proof');
    await university.fill('');
    await choose(listed.name);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Recognised:' }).textContent()).toContain(listed.register_code);
    await context.close();
  });
});
