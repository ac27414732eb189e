/**
 * Complaint accountability end to end: a complaint filed in the browser gives its reference and
 * follow-up code; the complainant follows it; the consultancy answers in its dashboard; the
 * complainant reads the answer; and after the rebuild runner's data-only rebuild, the
 * consultancy's public page states the record the complaint rows make.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRebuildRunner } from '../../server/site/rebuild.ts';
import { COMPLAINT_RECORD_MONTHS, type ComplaintRecord } from '../../src/lib/contract/complaints.ts';
import { recordLines, RECORD_NOTE } from '../../src/lib/shared/complaint-record.ts';
import { apiLogin, contextWith, type ApiSession } from './console-helpers.ts';
import { adminToken, apiJson, baseUrl, disconnect, hydrated, newContext } from './site-helpers.ts';

const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-complaints-'));
let runner: ReturnType<typeof createRebuildRunner>;
let admin = '';
let agent: ApiSession;
let consultancy: { id: number; name: string; slug: string };
let versionBefore = 0;
const subject = `Deposit kept after visa refusal ${Date.now() % 100000}`;
const filed = { reference: '', code: '' };

const contentVersion = async () =>
  (await apiJson<{ content_version: number }>('site/status/', { headers: { authorization: `Bearer ${admin}` } })).content_version;

interface AdminRow {
  consultancy_id: number | null;
  status: string;
  created_at: string;
  answer_due_at: string;
  first_answer_at: string | null;
}

/** The record computed here from the complaint rows as admins list them, independently of the API's SQL. */
async function recordFromRows(consultancyId: number): Promise<ComplaintRecord> {
  const rows: AdminRow[] = [];
  for (let page = 1; ; page++) {
    const reply = await apiJson<{ next: string | null; results: AdminRow[] }>(`complaint/admin/?page=${page}&page_size=200`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    rows.push(...reply.results);
    if (!reply.next) break;
  }
  const since = new Date();
  since.setUTCMonth(since.getUTCMonth() - COMPLAINT_RECORD_MONTHS);
  const now = Date.now();
  const counted = rows.filter(
    (r) => r.consultancy_id === consultancyId && r.status !== 'rejected' && Date.parse(r.created_at) > since.getTime(),
  );
  const answered = counted.filter((r) => r.first_answer_at);
  const hours = answered.map((r) => (Date.parse(r.first_answer_at!) - Date.parse(r.created_at)) / 3_600_000).sort((a, b) => a - b);
  const mid = hours.length / 2;
  const median = hours.length === 0 ? null : hours.length % 2 ? hours[Math.floor(mid)]! : (hours[mid - 1]! + hours[mid]!) / 2;
  return {
    consultancy_id: consultancyId,
    received: counted.length,
    due: counted.filter((r) => r.first_answer_at || Date.parse(r.answer_due_at) <= now).length,
    answered_in_time: answered.filter((r) => Date.parse(r.first_answer_at!) <= Date.parse(r.answer_due_at)).length,
    resolved: counted.filter((r) => r.status === 'resolved').length,
    median_answer_hours: median === null ? null : Math.round(median * 10) / 10,
  };
}

/** The text of the record section of a built consultancy page. */
function builtRecord(slug: string): string {
  const html = fs.readFileSync(path.join(siteDir, 'current', `consultancy/${slug}/index.html`), 'utf8');
  const section = /<section[^>]*data-complaint-record[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
  return section
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

beforeAll(async () => {
  admin = await adminToken();
  agent = await apiLogin('consultancy@example.com');
  consultancy = await apiJson(`consultancy/${agent.user.consultancy_id}/`);
  runner = createRebuildRunner({
    apiUrl: `${baseUrl()}/api`,
    siteDir,
    siteUrl: baseUrl(),
    readVersion: contentVersion,
    log: () => {},
    standby: true,
  });
  const built = await runner.check();
  expect(built, JSON.stringify(built)).toMatchObject({ status: 'built', mode: 'full' });
  versionBefore = await contentVersion();
}, 300_000);

afterAll(async () => {
  await runner?.stop();
  await disconnect();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

describe('complaint accountability', () => {
  it('files a complaint and shows its reference and the follow-up code to keep', async () => {
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto('/complaint/');
    await hydrated(page);
    await page.getByLabel('Your name').fill('Anita Tamang');
    await page.getByLabel('Email').fill('anita.tamang@example.com');
    await page.getByLabel('Phone').fill('9807654321');
    const picker = page.getByRole('combobox', { name: 'Consultancy' });
    await expect.poll(() => picker.isEnabled()).toBe(true);
    await picker.fill(consultancy.name.slice(0, -1));
    await page.getByRole('option', { name: consultancy.name }).waitFor();
    await picker.press('Enter');
    await page.getByLabel('Subject').fill(subject);
    await page
      .getByLabel('What happened?')
      .fill('My visa was refused and the consultancy kept the NPR 50,000 deposit it promised to return.');
    await page.getByRole('button', { name: 'Submit complaint' }).click();
    await page.getByRole('heading', { name: 'Complaint received' }).waitFor({ timeout: 15_000 });
    filed.reference = (await page.locator('[data-complaint-reference]').textContent()) ?? '';
    filed.code = (await page.locator('[data-complaint-code]').textContent()) ?? '';
    expect(filed.reference).toMatch(/^C-[2-9A-Z]{6}$/);
    expect(filed.code).toMatch(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){3}$/);
    await page.getByText(/asked to answer within 7 days/).waitFor();
    await page.getByRole('link', { name: 'Follow your complaint' }).click();
    // the follow-up page opens with the code filled in, and shows the complaint at once
    await page.waitForURL(/\/complaint\/track\/\?code=/);
    await hydrated(page);
    expect(await page.getByLabel('Follow-up code').inputValue()).toBe(filed.code);
    await page.getByRole('heading', { name: 'Open' }).waitFor();
    // a wrong code is a plain "not found"
    await page.getByLabel('Follow-up code').fill('2222-3333-4444-5555');
    await page.getByRole('button', { name: 'Show complaint' }).click();
    await page.getByText('Complaint not found').waitFor();
    await page.getByLabel('Follow-up code').fill(filed.code.toLowerCase());
    await page.getByRole('button', { name: 'Show complaint' }).click();
    await page.getByRole('heading', { name: 'Open' }).waitFor();
    await page.getByText(filed.reference).waitFor();
    await page.getByText('You filed the complaint', { exact: true }).waitFor();
    await page.getByText(/Answer due by/).waitFor();
    await context.close();
  });

  it('the consultancy answers in its dashboard, without seeing the contact details', async () => {
    const context = await contextWith(agent, { mobile: true });
    const page = await context.newPage();
    await page.goto('/dashboard/complaints/');
    const card = page.getByRole('article').filter({ hasText: subject });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('Anita Tamang');
    expect(await page.content()).not.toContain('anita.tamang@example.com');
    expect(await page.content()).not.toContain('9807654321');
    await card.getByLabel('Your answer').fill('We are sorry. The deposit will be returned to your account this week.');
    await card.getByRole('button', { name: 'Send answer' }).click();
    await page.getByText(`Your answer to complaint ${filed.reference} was sent.`).waitFor();
    await page
      .getByRole('article')
      .filter({ hasText: subject })
      .getByText(/^Answered on /)
      .waitFor();
    // the screen fits a 360 px phone: nothing wider than the viewport
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('the complainant sees the answer and replies', async () => {
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto('/complaint/track/');
    await hydrated(page);
    await page.getByLabel('Follow-up code').fill(filed.code);
    await page.getByRole('button', { name: 'Show complaint' }).click();
    await page.getByText('The deposit will be returned to your account this week.', { exact: false }).waitFor();
    await page.getByText(`${consultancy.name} wrote`).waitFor();
    await page.getByLabel(/Add a reply/).fill('Thank you, I will confirm when it arrives.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Reply sent.').waitFor();
    await page.getByText('Thank you, I will confirm when it arrives.').waitFor();
    await context.close();
  });

  it("states the consultancy's record on its public page after the rebuild, as the rows make it", async () => {
    expect(await contentVersion()).toBeGreaterThan(versionBefore);
    const r = await runner.check();
    expect(r, JSON.stringify(r)).toMatchObject({ status: 'built', mode: 'incremental' });
    const expected = await recordFromRows(consultancy.id);
    expect(expected.received).toBeGreaterThan(0);
    const api = await apiJson<{ results: ComplaintRecord[] }>(`complaint/records/?consultancy=${consultancy.id}`);
    expect(api.results[0]).toEqual(expected);
    const text = builtRecord(consultancy.slug);
    for (const line of [...recordLines(expected), RECORD_NOTE]) expect(text).toContain(line);

    // the page as served reads the same, to a visitor on a phone
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto(`file://${path.join(siteDir, 'current', `consultancy/${consultancy.slug}/index.html`)}`);
    const shown = await page.locator('[data-complaint-record]').innerText();
    expect(shown).toContain(recordLines(expected)[1]!);
    await context.close();
  }, 180_000);
});
