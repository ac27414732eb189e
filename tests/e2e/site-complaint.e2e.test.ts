import { afterAll, describe, expect, it } from 'vitest';
import { disconnect, hydrated, newContext } from './site-helpers.ts';

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
    const select = page.getByLabel('Consultancy');
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
    await select.selectOption({ index: 1 });
    await page.getByLabel('Subject').fill('Fees not refunded');
    await page.getByLabel('What happened?').fill('They promised a refund of the processing fee in March and never paid it.');
    await page.getByLabel(/Evidence/).setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await page.getByRole('button', { name: 'Submit complaint' }).click();
    await page.getByRole('heading', { name: 'Complaint received' }).waitFor({ timeout: 15_000 });
    await context.close();
  });
});
