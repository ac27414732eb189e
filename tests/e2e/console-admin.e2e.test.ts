/**
 * The console in a real Chromium: the admin's content round trip, the featured counselling
 * consultancy reaching the public banner, and a student turned away from /admin.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, contextWith, signIn, type ApiSession } from './console-helpers.ts';
import { apiJson, baseUrl, disconnect, newContext } from './site-helpers.ts';

afterAll(disconnect);

let admin: ApiSession;
beforeAll(async () => {
  admin = await apiLogin('admin@example.com');
});

describe('admin console', () => {
  it('signs in, creates a university with a logo, edits it, finds it in the list and deletes it', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'admin@example.com', /\/admin\/$/);
    await expect(page.getByRole('heading', { name: 'Overview' }).waitFor()).resolves.toBeUndefined();

    // create, with a logo
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Universities' }).click();
    await page.getByRole('link', { name: 'New university' }).click();
    const name = `E2E University ${Date.now()}`;
    await page.locator('#f-name').fill(name);
    await page.locator('#f-city').fill('Pokhara');
    const logo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    await page.locator('#f-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByText('New file: logo.png').waitFor();
    await page.getByRole('button', { name: 'Create' }).click();

    // the edit screen of the new record, its logo stored and previewed
    await page.waitForURL(/\/admin\/university\/\d+\/$/);
    await page.getByRole('heading', { name: `Edit university: ${name}` }).waitFor();
    const preview = page.getByAltText('Logo: preview');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^(\/media\/|https?:)/);
    const id = Number(page.url().match(/university\/(\d+)\//)![1]);

    // edit
    await page.locator('#f-city').fill('Kathmandu');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('University saved.').first().waitFor();
    const stored = await apiJson<{ city: string; logo: string }>(`university/${id}/`);
    expect(stored.city).toBe('Kathmandu');
    expect(stored.logo).toBeTruthy();

    // find it in the list by searching on the server
    await page.getByRole('link', { name: '← Universities' }).click();
    await page.getByRole('searchbox', { name: 'Search universities' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await expect(row.getByText('Kathmandu').count()).resolves.toBe(1);

    // delete it, saying yes in the page's dialog
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this university?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('University deleted successfully!').waitFor();
    await page.getByRole('row').filter({ hasText: name }).waitFor({ state: 'detached' });
    const gone = await fetch(`${baseUrl()}/api/university/${id}/`);
    expect(gone.status).toBe(404);
    await context.close();
  });

  it('sets the featured counselling consultancy and the public banner names it', async () => {
    const before = await apiJson<{ featured_counselling_consultancy_id: number | null; show_counselling_bar: boolean }>('site-settings/');
    // only a verified consultancy with a valid licence can be featured
    const options = (
      await apiJson<{ results: { id: number; name: string; promotable: boolean }[] }>(
        'consultancy/?verified=true&moe_certified=true&page_size=50',
      )
    ).results;
    const found = options.find((o) => o.promotable && o.id !== before.featured_counselling_consultancy_id)!;
    const pick = { id: found.id, label: found.name };
    const context = await contextWith(admin);
    const page = await context.newPage();
    try {
      await page.goto('/admin/settings/');
      const box = page.getByRole('combobox', { name: 'Featured counselling consultancy' });
      await box.fill(pick.label);
      await page.getByRole('option', { name: pick.label, exact: true }).first().click();
      await page.getByRole('button', { name: `Remove ${pick.label}` }).waitFor();
      const bar = page.getByLabel('Show the counselling bar');
      if (!(await bar.isChecked())) await bar.check();
      await page.getByRole('button', { name: 'Save changes' }).first().click();
      await page.getByText(/Site settings saved/).waitFor();

      const after = await apiJson<{
        featured_counselling_consultancy_id: number;
        featured_counselling_consultancy_name: string;
        show_counselling_bar: boolean;
      }>('site-settings/');
      expect(after.featured_counselling_consultancy_id).toBe(pick.id);
      expect(after.show_counselling_bar).toBe(true);

      // the public site, banner left on: it names the chosen consultancy
      const visitor = await newContext({ noBanner: false });
      const home = await visitor.newPage();
      await home.goto('/');
      const banner = home.getByRole('complementary', { name: 'Free counselling' });
      await banner.waitFor();
      expect(await banner.textContent()).toContain(
        `Need guidance? Study Abroad FREE counseling with ${after.featured_counselling_consultancy_name}`,
      );
      await visitor.close();
    } finally {
      // put the seeded settings back for the other suites
      await fetch(`${baseUrl()}/api/site-settings/update/`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.access}` },
        body: JSON.stringify({
          featured_counselling_consultancy_id: before.featured_counselling_consultancy_id,
          show_counselling_bar: before.show_counselling_bar,
        }),
      });
      await context.close();
    }
  });

  it('asks before unsaved changes are lost (link, back button)', async () => {
    const context = await contextWith(admin);
    const page = await context.newPage();
    await page.goto('/admin/district/');
    await page.getByRole('link', { name: 'New district' }).click();
    await page.locator('#f-name').fill('Unsaved district');
    const question = page.getByRole('dialog', { name: 'Leave without saving?' });
    const stay = async () => {
      await question.getByRole('button', { name: 'Stay' }).click();
      await question.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/admin/district/new/');
      expect(await page.locator('#f-name').inputValue()).toBe('Unsaved district');
    };
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Disciplines' }).click();
    await stay();
    await page.goBack();
    await stay();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Disciplines' }).click();
    await question.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Disciplines' }).waitFor();
    await context.close();
  });

  it('turns a student away from /admin', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'student@example.com', (url) => !url.pathname.startsWith('/login'));
    await page.goto('/admin/university/');
    await page.waitForURL(/\/login\//);
    expect(new URL(page.url()).pathname).toBe('/login/');
    await context.close();
  });

  it('sends a signed-out visitor to /login/ with the way back', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/admin/consultancy/');
    await page.waitForURL(/\/login\//);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/consultancy/');
    await context.close();
  });
});
