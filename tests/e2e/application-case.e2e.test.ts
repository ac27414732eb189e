/**
 * An application's case end to end on a 360 px phone (issue 26): the demo consultancy's counsellor
 * requests two documents in the dashboard, the student uploads both from /track/ with the tracking
 * code, the counsellor accepts one and rejects the other with a reason the student then reads, both
 * sides exchange messages (each sees both, the staff member's name on the answer), the consultancy
 * sets the visa granted and the student confirms it, and the consultancy's public figures move: in
 * the API at once, and on its page after a data-only rebuild (the e2e server runs no rebuild runner,
 * so this file runs one into its own site folder, as site-rebuild.e2e.test.ts does).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/lib/contract/outcomes.ts';
import { outcomeLines } from '../../src/lib/shared/outcomes.ts';
import { createRebuildRunner } from '../../server/site/rebuild.ts';
import { apiLogin, contextWith, type ApiSession } from './console-helpers.ts';
import { apiJson, baseUrl, disconnect, hydrated, newContext } from './site-helpers.ts';

const PHONE = { width: 360, height: 800 };
const PDF = { name: 'file.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };
const DOCS = ['Sponsor letter (signed)', 'Ward relationship certificate'] as const;
const REASON = 'The scan is cut off: send all four corners.';

let consultancy: ApiSession;
let code = '';
let applicationId = 0;
let staff: BrowserContext;
let student: BrowserContext;
let dashboard: Page;
let track: Page;
const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-case-site-'));
let version = 1;
let runner: ReturnType<typeof createRebuildRunner>;
let slug = '';

const bearer = () => ({ authorization: `Bearer ${consultancy.access}` });
const outcomesNow = async () =>
  (await apiJson<{ results: Outcome[] }>(`consultancy-application/outcomes/?consultancy=${consultancy.user.consultancy_id}`)).results[0];

async function moveByApi(status: string) {
  await apiJson(`consultancy/dashboard/applications/${applicationId}/status/`, {
    method: 'POST',
    headers: { ...bearer(), 'content-type': 'application/json' },
    body: JSON.stringify({ status, note: '' }),
  });
}

/** The case's row in the dashboard, found among the applications at its stage. */
async function openCase(stageLabel: string) {
  await dashboard.goto('/dashboard/applications/');
  await dashboard.getByRole('heading', { name: 'Applications' }).waitFor();
  await dashboard.getByLabel('Stage', { exact: true }).selectOption({ label: stageLabel });
  const row = dashboard.getByRole('row').filter({ hasText: code });
  await row.waitFor();
  await dashboard.locator('[aria-busy="false"]').first().waitFor();
  return row;
}

/** A section of the case that opens on demand (a details element: its summary has no role). */
const disclosure = (row: Locator, name: string) => row.locator('summary').filter({ hasText: new RegExp(`^${name}$`) });

async function openTrack() {
  await track.goto('/track/');
  await hydrated(track);
  await track.getByLabel('Tracking code').fill(code);
  await track.getByRole('button', { name: 'Check status' }).click();
  await track.getByRole('heading', { name: 'Your journey' }).waitFor();
}

/** The sentences of the "Visa outcomes" section of the consultancy's page as the runner built it. */
async function builtOutcomeLines(): Promise<string[]> {
  const html = fs.readFileSync(path.join(siteDir, 'current', 'consultancy', slug, 'index.html'), 'utf8');
  const context = await newContext({ javaScript: false });
  const page = await context.newPage();
  await page.setContent(html);
  const lines = await page.locator('[data-outcomes] > p:not(.muted)').allTextContents();
  await context.close();
  return lines.map((l) => l.replace(/\s+/g, ' ').trim());
}

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function expectNoOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

beforeAll(async () => {
  consultancy = await apiLogin('consultancy@example.com');
  const form = new FormData();
  form.set('consultancy', String(consultancy.user.consultancy_id));
  form.set('full_name', 'Asha Gurung');
  // a new applicant each run: the same one applying again is answered with the application they have
  form.set('email', `asha.${Date.now()}@example.com`);
  form.set('phone', '9841000001');
  code = (await apiJson<{ tracking_code: string }>('consultancy-application/submit/', { method: 'POST', body: form })).tracking_code;
  const own = await apiJson<{ results: { id: number; tracking_code: string }[] }>(
    'consultancy/dashboard/applications/?status=submitted&page_size=100',
    { headers: bearer() },
  );
  applicationId = own.results.find((r) => r.tracking_code === code)!.id;
  await moveByApi('documents');
  slug = (await apiJson<{ slug: string }>(`consultancy/${consultancy.user.consultancy_id}/`)).slug;
  runner = createRebuildRunner({
    apiUrl: `${baseUrl()}/api`,
    siteDir,
    siteUrl: baseUrl(),
    readVersion: async () => version,
    log: () => {},
    standby: true,
  });
  expect(await runner.check()).toMatchObject({ status: 'built', mode: 'full' });
  staff = await contextWith(consultancy, { mobile: true, viewport: PHONE });
  student = await newContext({ mobile: true, viewport: PHONE });
  dashboard = await staff.newPage();
  track = await student.newPage();
});

afterAll(async () => {
  await runner?.stop();
  fs.rmSync(siteDir, { recursive: true, force: true });
  await staff?.close();
  await student?.close();
  await disconnect();
});

describe('an application case on a phone', () => {
  it('the counsellor requests two documents, the student uploads both from /track/', async () => {
    const row = await openCase('Documents');
    await disclosure(row, 'Documents').click();
    for (const name of DOCS) {
      await row.getByLabel('Document', { exact: true }).fill(name);
      await row.getByRole('button', { name: 'Request', exact: true }).click();
      await row.getByText(name, { exact: true }).waitFor();
    }
    await expectNoOverflow(dashboard);

    await openTrack();
    const docs = track.getByRole('region', { name: 'Documents requested' });
    for (const name of DOCS) {
      await docs.getByRole('listitem').filter({ hasText: name }).getByLabel('Upload', { exact: true }).setInputFiles(PDF);
      await docs.getByRole('button', { name: `Upload ${name}` }).click();
      await track.getByRole('status').filter({ hasText: 'Uploaded.' }).waitFor();
    }
    // the summary's count is of the files sent with the application, and says so (not "0 documents" beside two uploads)
    await track.getByRole('term').filter({ hasText: 'Sent with the application' }).waitFor();
    expect(
      await track
        .getByRole('term')
        .filter({ hasText: /^Documents$/ })
        .count(),
    ).toBe(0);
    await expectNoOverflow(track);
  });

  it('the counsellor accepts one and rejects the other with a reason the student reads', async () => {
    const row = await openCase('Documents');
    await disclosure(row, 'Documents').click();
    const item = (name: string) => row.getByRole('listitem').filter({ hasText: name });
    await item(DOCS[0]).getByRole('button', { name: 'Accept' }).click();
    await item(DOCS[0]).getByText('Accepted').waitFor();
    await item(DOCS[1]).getByLabel('Reason to reject (the student reads it)').fill(REASON);
    await item(DOCS[1]).getByRole('button', { name: 'Reject' }).click();
    await item(DOCS[1]).getByText(`Rejected: ${REASON}`).waitFor();

    await openTrack();
    const docs = track.getByRole('region', { name: 'Documents requested' });
    await docs.getByRole('listitem').filter({ hasText: DOCS[0] }).getByText('Accepted').waitFor();
    await docs.getByText(`Why it was rejected: ${REASON}`).waitFor();
    // the rejected one can be sent again, the accepted one not
    await docs.getByRole('button', { name: `Upload ${DOCS[1]}` }).waitFor();
    expect(await docs.getByRole('button', { name: `Upload ${DOCS[0]}` }).count()).toBe(0);
  });

  it('they exchange messages: both sides see both, the answer under the staff name', async () => {
    const question = 'Is a colour scan of the passport fine?';
    const answer = 'Yes, a colour scan is fine.';
    await openTrack();
    const thread = track.getByRole('region', { name: 'Messages' });
    await thread.getByLabel('Your message').fill(question);
    await thread.getByRole('button', { name: 'Send message' }).click();
    await thread.getByRole('listitem').filter({ hasText: question }).waitFor();

    const row = await openCase('Documents');
    await disclosure(row, 'Messages and payments').click();
    const messages = row.getByRole('region', { name: 'Messages' });
    await messages.getByText(question).waitFor();
    await messages.getByLabel('Answer').fill(answer);
    await messages.getByRole('button', { name: 'Send' }).click();
    await messages.getByText(answer).waitFor();
    // the payment form's fields are named in sight, not by placeholders that go once typed
    await row.getByRole('region', { name: 'Payments' }).getByText('Date paid').waitFor();
    await expectNoOverflow(dashboard);

    const staffName = `${consultancy.user.first_name} ${consultancy.user.last_name}`.trim();
    await openTrack();
    await thread.getByRole('listitem').filter({ hasText: question }).waitFor();
    const answered = thread.getByRole('listitem').filter({ hasText: answer });
    await answered.waitFor();
    expect(await answered.textContent()).toContain(staffName);
  });

  it('the consultancy sets the visa granted, the student confirms it, and the public figures move', async () => {
    const before = await outcomesNow();
    for (const stage of ['applied', 'offer_unconditional', 'coe', 'visa_lodged']) await moveByApi(stage);

    const row = await openCase('Visa lodged');
    await row.getByLabel(`Move ${code} to`).selectOption({ label: 'Visa granted' });
    await row.getByRole('button', { name: 'Move' }).click();
    await dashboard
      .getByRole('status')
      .filter({ hasText: `Application ${code} moved to` })
      .waitFor();

    await openTrack();
    await track.getByRole('button', { name: 'Confirm this visa decision' }).click();
    await track.getByText("Thank you: your confirmation is saved and counts in the consultancy's public figures.").waitFor();
    await expectNoOverflow(track);

    // the demo consultancy has enough decisions for its figures to be shown
    const after = await outcomesNow();
    expect(before).toMatchObject({ enough: true });
    expect(after).toMatchObject({
      decided: before!.decided + 1,
      granted_confirmed: before!.granted_confirmed! + 1,
      granted_claimed: before!.granted_claimed,
    });

    expect(await builtOutcomeLines()).toEqual(outcomeLines(before));
    version++;
    expect(await runner.check()).toMatchObject({ status: 'built', mode: 'incremental' });
    const lines = await builtOutcomeLines();
    expect(lines).toEqual(outcomeLines(after));
    expect(lines).not.toEqual(outcomeLines(before));
  }, 180_000);
});
