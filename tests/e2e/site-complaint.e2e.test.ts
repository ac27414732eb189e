import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, apiJson, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

describe('complaint', () => {
  it('files a complaint with evidence about a consultancy', async () => {
    const context = await newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await page.goto('/complaint/');
    await hydrated(page);
    await page.getByLabel('Your name').fill('Bikash Shrestha');
    await page.getByLabel('Email').fill('bikash@example.com');
    await page.getByLabel('Phone').fill('9801234567');
    // a searchable picker (some 300 names): typing narrows, Enter chooses the highlighted one and does not submit
    const [target] = await apiJson<{ id: number; name: string }[] | { results: { id: number; name: string }[] }>(
      'consultancy/?page_size=1',
    ).then((r) => (Array.isArray(r) ? r : r.results));
    const picker = page.getByRole('combobox', { name: 'Consultancy' });
    await expect.poll(() => picker.isEnabled()).toBe(true);
    await picker.fill(target!.name.slice(0, -1));
    await page.getByRole('option', { name: target!.name }).waitFor();
    await picker.press('Enter');
    expect(await picker.inputValue()).toBe(target!.name);
    expect(await page.getByRole('heading', { name: 'Complaint received' }).count()).toBe(0);
    await page.getByLabel('Subject').fill('Fees not refunded');
    await page.getByLabel('What happened?').fill('They promised a refund of the processing fee in March and never paid it.');
    await page.getByLabel(/Evidence/).setInputFiles({
      name: 'receipt.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await page.getByRole('button', { name: 'Submit complaint' }).click();
    await page.getByRole('heading', { name: 'Complaint received' }).waitFor({ timeout: 15_000 });
    const complaints = await apiJson<{ results: { subject: string; consultancy_id: number | null }[] }>(
      'complaint/admin/?search=refunded',
      { headers: { authorization: `Bearer ${await adminToken()}` } },
    );
    expect(complaints.results.find((c) => c.subject === 'Fees not refunded')?.consultancy_id).toBe(target!.id);

    // the confirmation says which code to keep, and copies it
    const code = (await page.locator('[data-complaint-code]').textContent())!.trim();
    expect(await page.getByRole('heading', { name: 'Keep this follow-up code' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Copy code' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // the follow-up page opens with the code filled in, and shows the complaint
    await page.getByRole('link', { name: 'Follow your complaint' }).click();
    await page.waitForURL('**/complaint/track/?code=*');
    await hydrated(page);
    expect(await page.getByLabel('Follow-up code').inputValue()).toBe(code);
    await page.getByRole('heading', { level: 3, name: 'History' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.facts').textContent()).toContain('Fees not refunded');

    // Back returns to the confirmation, not a blank form
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/complaint/');
    await page.getByRole('heading', { name: 'Complaint received' }).waitFor({ timeout: 15_000 });
    expect((await page.locator('[data-complaint-code]').textContent())!.trim()).toBe(code);
    await context.close();
  });
});

describe('complaint and application without JavaScript (issue 22)', () => {
  it('a complaint sent by the browser itself ends on its follow-up page, showing it', async () => {
    const context = await newContext({ javaScript: false });
    const page = await context.newPage();
    await page.goto('/complaint/');
    await page.getByLabel('Your name').fill('Maya Tamang');
    await page.getByLabel('Email').fill('maya@example.com');
    await page.getByLabel('Subject').fill('Deposit kept');
    await page.getByLabel('What happened?').fill('They kept my deposit after I withdrew in time.');
    await page.getByRole('button', { name: 'Submit complaint' }).click();
    await page.waitForURL('**/complaint/track/?code=*');
    expect(await page.locator('[data-no-script-complaint]').textContent()).toContain('Deposit kept');
    await context.close();
  });
});
