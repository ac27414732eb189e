import { afterAll, describe, expect, it } from 'vitest';
import { apiJson, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

describe('apply → track → edit', () => {
  it('applies to a consultancy on a phone, gets a tracking code, follows it, edits it, adds a document and withdraws it', async () => {
    const context = await newContext({ mobile: true });
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
    await page.getByRole('heading', { level: 3, name: 'Your journey' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.journey li').count()).toBeGreaterThan(0);

    const facts = async () =>
      Object.fromEntries(
        await page.locator('.facts dt').evaluateAll((dts) => dts.map((dt) => [dt.textContent, dt.nextElementSibling!.textContent])),
      );
    expect(await facts()).toMatchObject({
      'Tracking code': code,
      Destination: 'Australia',
      'Preferred intake': 'February 2027',
      'Sent with the application': '0 documents',
    });

    // edit: the choices are prefilled, a document is added, the saved values are shown
    await page.getByRole('button', { name: 'Edit or add documents' }).click();
    expect(await page.getByLabel('Preferred intake').inputValue()).toBe('February 2027');
    await page.getByLabel('Preferred intake').fill('September 2027');
    await page.getByLabel('Add documents (PDF or images)').setInputFiles({
      name: 'transcript.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Application updated.' }).waitFor({ timeout: 15_000 });
    expect(await facts()).toMatchObject({ 'Preferred intake': 'September 2027', 'Sent with the application': '1 document' });

    // the applicant stops messages about the application, and the page says so
    const emails = page.getByRole('checkbox', { name: 'Email me when this application changes' });
    expect(await emails.isChecked()).toBe(true);
    await emails.click();
    await page
      .getByRole('status')
      .filter({ hasText: 'We will not email you about this application any more.' })
      .waitFor({ timeout: 15_000 });
    expect(await emails.isChecked()).toBe(false);

    // withdraw, confirmed in the page (not the browser's confirm), with a reason that joins the timeline
    await page.getByRole('button', { name: 'Withdraw application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw this application?' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Withdraw application' }).click();
    await dialog.getByLabel('Reason (optional)').fill('I chose a university closer to home.');
    await dialog.getByRole('button', { name: 'Withdraw application' }).click();
    await page.getByRole('status').filter({ hasText: 'Application withdrawn.' }).waitFor({ timeout: 15_000 });
    // the application's own heading, the first of the page (a 'Plan your move' panel follows it)
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toContain('Withdrawn');
    expect(await page.locator('.journey li[aria-current="step"]').textContent()).toContain('I chose a university closer to home.');
    expect(await page.getByRole('button', { name: 'Edit or add documents' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByLabel('Tracking code').fill('NOPE-0000');
    await page.getByRole('button', { name: 'Check status' }).click();
    await expect.poll(() => page.getByRole('alert').locator('.error').textContent()).toBe('Tracking code not found');
    await context.close();
  });
});

describe('apply and track without JavaScript (issue 22)', () => {
  it('the apply form posts by itself and ends on the tracking page with the application; the tracking form works too', async () => {
    const [consultancy] = await apiJson<{ results: { slug: string; name: string }[] }>('consultancy/?page_size=1').then((r) => r.results);
    const context = await newContext({ javaScript: false, mobile: true });
    const page = await context.newPage();
    await page.goto(`/consultancy/${consultancy!.slug}/apply/`);
    const submit = page.getByRole('button', { name: 'Submit application' });
    expect(await submit.isEnabled()).toBe(true);
    await page.getByLabel('Full name').fill('Bina Rai');
    await page.getByLabel('Email').fill(`bina-${Date.now()}@example.com`);
    // a mistake first: a page says what is wrong, with the way back
    await page.getByLabel('Phone').fill('call me');
    await submit.click();
    await page.getByRole('heading', { name: 'Please check the form' }).waitFor();
    expect(await page.locator('body').textContent()).toMatch(/Phone: /);
    await page.getByRole('link', { name: 'Go back to the form' }).click();
    await page.waitForURL('**/apply/');
    await page.getByLabel('Full name').fill('Bina Rai');
    await page.getByLabel('Email').fill(`bina-${Date.now()}@example.com`);
    await page.getByLabel('Phone').fill('9812345670');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.waitForURL('**/track/?code=*');
    const code = new URL(page.url()).searchParams.get('code')!;
    const shown = page.locator('[data-no-script-application]');
    expect(await shown.textContent()).toContain(consultancy!.name);
    expect(await shown.textContent()).toContain(code);
    expect(await shown.textContent()).toContain('Submitted');

    // the tracking page's own form, typed in by hand
    await page.goto('/track/');
    await page.getByLabel('Tracking code').fill(code);
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.waitForURL('**/track/?code=*');
    expect(await page.locator('[data-no-script-application]').textContent()).toContain(code);
    await context.close();
  });

  it('pages that need JavaScript say so', async () => {
    const context = await newContext({ javaScript: false });
    const page = await context.newPage();
    for (const path of ['/compare/', '/shortlist/']) {
      await page.goto(path);
      expect(await page.locator('main').textContent()).toContain('needs JavaScript');
    }
    await context.close();
  });
});
