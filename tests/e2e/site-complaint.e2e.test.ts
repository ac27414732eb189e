import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, apiJson, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

describe('complaint', () => {
  it('files a complaint with evidence about a consultancy', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/complaint/');
    await hydrated(page);
    await page.getByLabel('Your name').fill('Bikash Shrestha');
    await page.getByLabel('Email').fill('bikash@example.com');
    await page.getByLabel('Phone').fill('9801234567');
    // a searchable picker (some 300 names): typing narrows, Enter chooses the highlighted one and does not submit
    const [target] = await apiJson<{ id: number; name: string }[] | { results: { id: number; name: string }[] }>('consultancy/?page_size=1').then((r) => (Array.isArray(r) ? r : r.results));
    const picker = page.getByRole('combobox', { name: 'Consultancy' });
    await expect.poll(() => picker.isEnabled()).toBe(true);
    await picker.fill(target!.name.slice(0, -1));
    await page.getByRole('option', { name: target!.name }).waitFor();
    await picker.press('Enter');
    expect(await picker.inputValue()).toBe(target!.name);
    expect(await page.getByRole('heading', { name: 'Complaint received' }).count()).toBe(0);
    await page.getByLabel('Subject').fill('Fees not refunded');
    await page.getByLabel('What happened?').fill('They promised a refund of the processing fee in March and never paid it.');
    await page.getByLabel(/Evidence/).setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await page.getByRole('button', { name: 'Submit complaint' }).click();
    await page.getByRole('heading', { name: 'Complaint received' }).waitFor({ timeout: 15_000 });
    const complaints = await apiJson<{ results: { subject: string; consultancy_id: number | null }[] }>('complaint/admin/?search=refunded', { headers: { authorization: `Bearer ${await adminToken()}` } });
    expect(complaints.results.find((c) => c.subject === 'Fees not refunded')?.consultancy_id).toBe(target!.id);
    await context.close();
  });
});
