/**
 * The institution dashboard in a real Chromium: a consultancy edits its profile and moves an
 * application (on its case page) to a new status with a note, which the applicant then sees on /track/, and downloads
 * an applicant's document through the API.
 */
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, contextWith, signIn, type ApiSession } from './console-helpers.ts';
import { apiJson, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

let consultancy: ApiSession;
beforeAll(async () => {
  consultancy = await apiLogin('consultancy@example.com');
});

describe('consultancy dashboard', () => {
  it('edits the own profile, never the admin-only fields', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'consultancy@example.com', /\/dashboard\/$/);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await page.locator('#f-name').waitFor();
    expect(await page.locator('#f-verified, #f-moe_certified, #f-claimed, #f-priority').count()).toBe(0);
    const address = `Putalisadak ${Date.now() % 10000}, Kathmandu`;
    await page.locator('#f-address').fill(address);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile saved.').waitFor();

    const { access, user } = consultancy;
    const own = await apiJson<{ id: number; address: string }>('consultancy/dashboard/', {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(own.id).toBe(user.consultancy_id);
    expect(own.address).toBe(address);
    await context.close();
  });

  it('moves an application to a new status with a note that /track/ shows', async () => {
    const { user } = consultancy;
    const form = new FormData();
    form.set('consultancy', String(user.consultancy_id));
    form.set('full_name', 'Sita Sharma');
    form.set('email', 'sita.e2e@example.com');
    form.set('phone', '9841000000');
    const submitted = await apiJson<{ tracking_code: string }>('consultancy-application/submit/', { method: 'POST', body: form });
    const code = submitted.tracking_code;

    const context = await contextWith(consultancy);
    const page = await context.newPage();
    await page.goto('/dashboard/applications/');
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    await page.getByLabel('Stage', { exact: true }).selectOption('submitted');
    const row = page.getByRole('row').filter({ hasText: code });
    await row.waitFor();
    await page.locator('[aria-busy="false"]').waitFor();
    // the code is read and typed as one word: on one line, never broken at its hyphens
    expect(await row.getByRole('link', { name: code }).evaluate((link) => link.getClientRects().length)).toBe(1);
    // the case opens on its own page
    await row.getByRole('link', { name: code }).click();
    await page.getByRole('heading', { name: 'Sita Sharma', level: 1 }).waitFor();
    const stage = page.getByRole('region', { name: 'Stage', exact: true });
    await stage.getByLabel('Move to').selectOption('counselling');
    const note = 'We are checking your documents.';
    await stage.getByLabel('Note for the student').fill(note);
    await stage.getByRole('button', { name: 'Move' }).click();
    // said where the user is looking: the toast lies inside the viewport whatever the scroll
    const moved = page.getByRole('status').filter({ hasText: `Application ${code} moved to counselling.` });
    await moved.waitFor();
    const box = (await moved.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

    const track = await context.newPage();
    await track.goto('/track/');
    await hydrated(track);
    await track.locator('#tr-code').fill(code);
    await track.getByRole('button', { name: 'Check status' }).click();
    await track.getByText('Counselling').first().waitFor();
    await track.getByText(note).waitFor();
    await context.close();
  });

  it("downloads an applicant's document through the API with the session", async () => {
    const { user } = consultancy;
    const pdf = Buffer.from(`%PDF-1.4\n% dashboard e2e ${Date.now()}\n%%EOF\n`);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      consultancy: String(user.consultancy_id),
      full_name: 'Hari Thapa',
      email: `hari.${Date.now() % 100000}@example.com`,
      phone: '9841000001',
    }))
      form.set(k, v);
    form.set('documents', new Blob([pdf], { type: 'application/pdf' }), 'offer-letter.pdf');
    const { tracking_code: code } = await apiJson<{ tracking_code: string }>('consultancy-application/submit/', {
      method: 'POST',
      body: form,
    });

    const context = await contextWith(consultancy);
    const page = await context.newPage();
    await page.goto('/dashboard/applications/');
    await page.getByLabel('Stage', { exact: true }).selectOption('submitted');
    const row = page.getByRole('row').filter({ hasText: code });
    await row.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download offer-letter.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('offer-letter.pdf');
    expect((await buffer((await download.createReadStream())!)).equals(pdf)).toBe(true);
    expect(await row.locator('a[href*="/media/"]').count()).toBe(0);
    await context.close();
  });

  it('works on a phone: the menu opens the navigation, and the stage chips keep to one row above the cases', async () => {
    const context = await contextWith(consultancy, { mobile: true });
    const page = await context.newPage();
    await page.goto('/dashboard/');
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Applications' }).click();
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/applications/');
    const chips = page.getByRole('list', { name: 'Applications per stage' }).getByRole('listitem');
    await chips.first().waitFor();
    const tops = await chips.evaluateAll((items) => items.map((li) => li.getBoundingClientRect().top));
    expect(tops.length).toBeGreaterThan(2);
    expect(new Set(tops).size).toBe(1);
    // the first case's tracking code is on the first screen, not below the chips
    const code = page.getByRole('link', { name: /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/ }).first();
    await code.waitFor();
    expect((await code.boundingBox())!.y).toBeLessThan(page.viewportSize()!.height);
    await context.close();
  });
});
