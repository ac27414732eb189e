/**
 * Every console screen against the real API: each admin resource's list and form open without an
 * error, and the college and university dashboards do their work.
 */
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { resources } from '../../src/admin/resources/index.ts';
import { slugOf } from '../../src/lib/stores/admin.ts';
import { apiLogin, contextWith, type ApiSession } from './console-helpers.ts';
import { apiJson, disconnect } from './site-helpers.ts';

afterAll(disconnect);

let admin: ApiSession;
beforeAll(async () => {
  admin = await apiLogin('admin@example.com');
});

/** Waits for a screen to settle and answers the error messages it shows. */
async function errorsOn(page: Page): Promise<string[]> {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main [role="status"]')?.textContent?.includes('Loading'), null, {
    timeout: 15_000,
  });
  return page.locator('main .alert-error[role="alert"]').allTextContents();
}

describe('every admin screen', () => {
  it('lists every resource from the server and opens its form', async () => {
    const context = await contextWith(admin);
    const page = await context.newPage();
    const problems: string[] = [];
    for (const [name, r] of Object.entries(resources)) {
      await page.goto(`/admin/${slugOf(name)}/`);
      await page.getByRole('heading', { name: r.plural, exact: true }).waitFor();
      for (const e of await errorsOn(page)) problems.push(`${name} list: ${e}`);
      if (r.sortable) {
        const sortable = page.locator('table.data-table th.sortable button').first();
        if (await sortable.count()) {
          await sortable.click();
          for (const e of await errorsOn(page)) problems.push(`${name} sort: ${e}`);
        }
      }
      if (!r.readOnly) {
        await page.goto(`/admin/${slugOf(name)}/new/`);
        await page.getByRole('heading', { name: `New ${r.label.toLowerCase()}` }).waitFor();
        for (const e of await errorsOn(page)) problems.push(`${name} form: ${e}`);
      }
    }
    await page.goto('/admin/settings/');
    await page.getByRole('heading', { name: 'Site settings' }).waitFor();
    for (const e of await errorsOn(page)) problems.push(`settings: ${e}`);
    await page.goto('/admin/');
    await page.locator('main figure svg').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('opens an existing record of each entity for editing', async () => {
    const context = await contextWith(admin);
    const page = await context.newPage();
    const problems: string[] = [];
    for (const name of ['destination', 'university', 'course', 'consultancy', 'event', 'blog', 'offer', 'ad']) {
      await page.goto(`/admin/${slugOf(name)}/`);
      const first = page.locator('table.data-table tbody tr td a').first();
      await first.waitFor();
      await first.click();
      await page.getByRole('heading', { name: new RegExp(`^Edit ${resources[name].label.toLowerCase()}`) }).waitFor();
      await page.getByRole('button', { name: 'Save changes' }).waitFor();
      for (const e of await errorsOn(page)) problems.push(`${name} edit: ${e}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** Clicks a download button and answers the saved file's name and bytes. */
async function downloaded(page: Page, button: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: download.suggestedFilename(), data: await buffer((await download.createReadStream())!) };
}

describe('personal files in the admin console', () => {
  it('downloads complaint evidence and application documents with the session, with no /media link', async () => {
    const tag = Date.now() % 1_000_000;
    const pdf = Buffer.from(`%PDF-1.4\n% e2e ${tag}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
    const complaint = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Gita Rai',
      email: `gita.${tag}@example.com`,
      subject: `Receipt withheld ${tag}`,
      message: 'They kept my original receipt and will not return it.',
    }))
      complaint.set(k, v);
    complaint.set('evidence', new Blob([pdf], { type: 'application/pdf' }), 'receipt.pdf');
    await apiJson('complaint/submit/', { method: 'POST', body: complaint });
    const [consultancy] = (await apiJson<{ results: { id: number }[] }>('consultancy/?page_size=1')).results;
    const application = new FormData();
    for (const [k, v] of Object.entries({
      consultancy: String(consultancy!.id),
      full_name: 'Sita Sharma',
      email: `sita.${tag}@example.com`,
      phone: '9841000000',
    }))
      application.set(k, v);
    application.set('documents', new Blob([pdf], { type: 'application/pdf' }), 'transcript.pdf');
    const { tracking_code: code } = await apiJson<{ tracking_code: string }>('consultancy-application/submit/', {
      method: 'POST',
      body: application,
    });

    const context = await contextWith(admin);
    const page = await context.newPage();
    await page.goto(`/admin/${slugOf('complaint')}/`);
    await page.getByRole('searchbox', { name: 'Search complaints' }).fill(`Receipt withheld ${tag}`);
    const complaintRow = page.getByRole('row').filter({ hasText: `Receipt withheld ${tag}` });
    await complaintRow.waitFor();
    const evidence = await downloaded(page, complaintRow.getByRole('button', { name: 'Download evidence' }));
    expect(evidence.data.equals(pdf)).toBe(true);
    expect(evidence.name).toMatch(/^complaint-\d+-evidence\.pdf$/);

    await page.goto(`/admin/${slugOf('application')}/`);
    await page.getByRole('searchbox', { name: 'Search applications' }).fill(code);
    const applicationRow = page.getByRole('row').filter({ hasText: code });
    await applicationRow.waitFor();
    const document = await downloaded(page, applicationRow.getByRole('button', { name: 'Download transcript.pdf' }));
    expect(document).toMatchObject({ name: 'transcript.pdf' });
    expect(document.data.equals(pdf)).toBe(true);
    expect(await page.locator('main a[href*="/media/"]').count()).toBe(0);
    await context.close();
  });
});

describe('college and university dashboards', () => {
  it('a college adds, renames and removes a branch, and reads its inquiries', async () => {
    const college = await apiLogin('college@example.com');
    const context = await contextWith(college);
    const page = await context.newPage();
    await page.goto('/dashboard/branches/');
    await page.getByRole('link', { name: 'New branch' }).click();
    const name = `E2E branch ${Date.now() % 100000}`;
    await page.locator('#f-name').fill(name);
    await page.locator('#f-address').fill('Lakeside, Pokhara');
    await page.getByRole('button', { name: 'Create' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.locator('#f-name').fill(`${name} (renamed)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const renamed = page.getByRole('row').filter({ hasText: `${name} (renamed)` });
    await renamed.waitFor();
    await renamed.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this branch?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Branch deleted successfully!').waitFor();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Inquiries' }).click();
    await page.getByRole('heading', { name: 'Inquiries' }).waitFor();
    expect(await errorsOn(page)).toEqual([]);
    await context.close();
  });

  it('a university sees its courses page by page and its pageviews', async () => {
    const university = await apiLogin('university@example.com');
    const context = await contextWith(university);
    const page = await context.newPage();
    await page.goto('/dashboard/');
    await page.getByText('Pageviews of your page, last 30 days').waitFor();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Courses' }).click();
    await page.getByRole('heading', { name: 'Your courses' }).waitFor();
    expect(await errorsOn(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Pages' }).or(page.getByText('No courses listed yet.')).first().waitFor();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Profile' }).click();
    await page.locator('#f-name').waitFor();
    expect(await page.locator('#f-verified, #f-claimed, #f-priority').count()).toBe(0);
    await context.close();
  });
});

describe('consultancy branches', () => {
  it('a consultancy adds a branch, gives it counselling hours of its own, filters its day by it and removes it', async () => {
    const consultancy = await apiLogin('consultancy@example.com');
    const context = await contextWith(consultancy);
    const page = await context.newPage();
    await page.goto('/dashboard/branches/');
    await page.getByRole('link', { name: 'New branch' }).click();
    const name = `E2E Dharan branch ${Date.now() % 100000}`;
    await page.locator('#f-name').fill(name);
    await page.locator('#f-address').fill('Bhanu Chowk, Dharan');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('row').filter({ hasText: name }).waitFor();

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Counselling' }).click();
    const hours = page.getByRole('form', { name: 'Weekly hours (Kathmandu time)' });
    await hours.getByLabel('Branch').selectOption({ label: name });
    await hours.getByText('Bhanu Chowk, Dharan.').waitFor();
    expect(await hours.getByText('Closed').count()).toBe(7);
    await hours.getByRole('listitem').filter({ hasText: 'Monday' }).getByRole('button', { name: 'Add hours' }).click();
    await hours.getByRole('button', { name: 'Save hours' }).click();
    await page.getByText(`The counselling hours of ${name} were saved.`).waitFor();
    await page.getByLabel('Sessions at').selectOption({ label: name });
    await page.getByText('No counselling sessions booked for today or the coming week.').waitFor();

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Branches' }).click();
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this branch?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Branch deleted successfully!').waitFor();
    expect(await errorsOn(page)).toEqual([]);
    await context.close();
  });
});
