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
});
