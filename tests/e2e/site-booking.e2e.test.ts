import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, apiJson, disconnect, newContext } from './site-helpers.ts';
import { outboxText } from './outbox-helpers.ts';

afterAll(disconnect);

describe('counselling banner and booking dialog, end to end', () => {
  it('shows the banner, opens the dialog by itself after 2 s, and stores the inquiry', async () => {
    const settings = await apiJson<{ featured_counselling_consultancy_name: string }>('site-settings/');
    const provider = settings.featured_counselling_consultancy_name;
    const context = await newContext({ noBanner: false });
    const page = await context.newPage();
    await page.goto('/scholarship/');
    const banner = page.getByRole('complementary', { name: 'Free counselling' });
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain(`Need guidance? Study Abroad FREE counseling with ${provider}`);
    const shownAt = Date.now();
    const dialog = page.getByRole('dialog', { name: `Book FREE Study Abroad Counselling Session with ${provider}` });
    await dialog.waitFor({ timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1500);

    const email = `e2e-${Date.now()}@example.com`;
    await dialog.getByLabel('Full name').fill('E2E Student');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('9800000001');
    await dialog.getByRole('button', { name: /Book my free session/ }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Please fill all required fields.');
    await dialog.getByLabel('A study destination').check();
    const combo = dialog.getByRole('combobox');
    await expect.poll(() => combo.getAttribute('placeholder')).toBe('Select or search destination');
    await combo.fill('canad');
    await dialog.getByRole('option', { name: 'Canada' }).click();
    await dialog.getByLabel(/Message/).fill('Masters in IT');
    await dialog.getByRole('button', { name: /Book my free session/ }).click();
    await expect.poll(() => dialog.getByRole('button', { name: /Submitt/ }).textContent()).toBe('Submitted!');
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });

    // what the booking leaves behind: a notice with its reference on the page, and a mail saying what happens next
    const notice = page.getByRole('status').filter({ hasText: 'Booked: your reference is' });
    await notice.waitFor();
    const reference = (await notice.locator('[data-booking-reference]').textContent())!;
    expect(reference).toMatch(/^B-\d{5,}$/);
    expect(await notice.textContent()).toContain(`${provider} will call you on 9800000001`);
    const mail = await outboxText(email, `Your request ${reference} was received`);
    expect(mail).toContain(`${provider} will call you on 9800000001`);
    // and it lasts: on the next page of the session too
    await page.goto('/exam/');
    await page.getByRole('status').filter({ hasText: reference }).waitFor({ timeout: 15_000 });

    const token = await adminToken();
    const all = await apiJson<unknown>('inquiry/admin/all/?all=true', { headers: { Authorization: `Bearer ${token}` } });
    const rows = (Array.isArray(all) ? all : (all as { results: unknown[] }).results) as Record<string, unknown>[];
    const stored = rows.find((r) => r.email === email);
    expect(stored).toBeTruthy();
    expect(stored).toMatchObject({ name: 'E2E Student', phone: '9800000001', message: 'FREE Counseling: Masters in IT' });
    await context.close();
  });

  it('opens the dialog from Book Now and closes it with Escape', async () => {
    const context = await newContext({ noBanner: false });
    const page = await context.newPage();
    await page.goto('/exam/');
    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('moves a session to another branch on /booking/, on a phone: the branch first, with its address, then a time', async () => {
    const settings = await apiJson<{ featured_counselling_consultancy_id: number }>('site-settings/');
    const consultancy = settings.featured_counselling_consultancy_id;
    const post = <T>(path: string, body: object) =>
      apiJson<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const email = `e2e-branch-${Date.now()}@example.com`;
    const destination = (await apiJson<{ results: { id: number }[] }>('destination/?page_size=1')).results[0]!.id;
    const inquiry = await post<{ reference: string }>('inquiry/submit/', {
      name: 'E2E Branch Student',
      email,
      phone: '9800000002',
      message: 'FREE Counseling: ',
      entity_type: 'consultancy',
      entity_id: consultancy,
      consultancy,
      destination,
    });
    type Slots = {
      branch: number | null;
      branches: { id: number; name: string; address: string }[];
      days: { slots: { starts_at: string }[] }[];
    };
    const { branches } = await apiJson<Slots>(`counselling/slots/?consultancy=${consultancy}`);
    // the seeded featured consultancy has two bookable branches (src: server/db/seed/steps/branches.ts)
    expect(branches.length).toBeGreaterThanOrEqual(2);
    const [first, second] = branches as [Slots['branches'][number], Slots['branches'][number]];
    const at = await apiJson<Slots>(`counselling/slots/?consultancy=${consultancy}&branch=${first.id}`);
    const booked = await post<{ manage_url: string }>('counselling/bookings/', {
      inquiry: inquiry.reference,
      email,
      starts_at: at.days.flatMap((d) => d.slots)[5]!.starts_at,
      branch: first.id,
    });

    const context = await newContext({ mobile: true, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const url = new URL(booked.manage_url);
    await page.goto(`${url.pathname}${url.search}`);
    expect(await page.locator('[data-booking-where]').textContent()).toBe(`${first.name}, ${first.address}`);
    await page.getByRole('button', { name: 'Choose another time' }).click();
    const picker = page.locator('[data-slot-picker]');
    expect(await picker.getByLabel(first.name).isChecked()).toBe(true);
    expect(await picker.getByRole('group', { name: 'Branch' }).textContent()).toContain(second.address);
    await picker.getByLabel(second.name).check();
    // the first free time of the first day that has one: late in a Kathmandu afternoon, today may have only one or two left
    const time = picker.locator('.slot-times button').first();
    await time.waitFor();
    await time.click();
    await page.getByRole('status').filter({ hasText: 'Your session has a new time' }).waitFor();
    expect(await page.locator('[data-booking-where]').textContent()).toBe(`${second.name}, ${second.address}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
