/**
 * An application's case end to end on a 360 px phone (issue 26): a counsellor the demo consultancy's
 * owner invited opens the case from the list (its own page, which a reload keeps), sees no owner's
 * screens in the navigation, requests two documents, the student uploads both from /track/ with the tracking
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
import { STAGES, STAGE_LABELS } from '../../src/lib/contract/applications.ts';
import type { Outcome } from '../../src/lib/contract/outcomes.ts';
import { outcomeLines } from '../../src/lib/shared/outcomes.ts';
import { createRebuildRunner } from '../../server/site/rebuild.ts';
import { apiLogin, contextWith, type ApiSession } from './console-helpers.ts';
import { outboxText } from './outbox-helpers.ts';
import { apiJson, baseUrl, disconnect, hydrated, newContext } from './site-helpers.ts';

const PHONE = { width: 360, height: 800 };
const PDF = { name: 'file.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };
const DOCS = ['Sponsor letter (signed)', 'Ward relationship certificate'] as const;
const REASON = 'The scan is cut off: send all four corners.';

let consultancy: ApiSession;
let counsellor: ApiSession;
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

/** The case's page, opened from its row among the applications at its stage. */
async function openCase(stageLabel: string) {
  await dashboard.goto('/dashboard/applications/');
  await dashboard.getByRole('heading', { name: 'Applications' }).waitFor();
  // the filter's options carry their counts ("Documents (2)"): chosen by the stage they name
  const stage = STAGES.find((st) => STAGE_LABELS[st] === stageLabel)!;
  await dashboard.getByLabel('Stage', { exact: true }).selectOption(stage);
  await dashboard.locator('[aria-busy="false"]').first().waitFor();
  await dashboard.getByRole('row').filter({ hasText: code }).getByRole('link', { name: code }).click();
  await dashboard.getByRole('heading', { name: 'Asha Gurung', level: 1 }).waitFor();
  return dashboard.getByRole('main');
}

/** A section of the case's page, by its heading. */
const part = (page: Locator, name: string) => page.getByRole('region', { name, exact: true });

/** A counsellor of the consultancy: invited by its owner through the outbox, joined by the mailed link. */
async function inviteCounsellor(): Promise<ApiSession> {
  const email = `counsellor.${Date.now()}@example.com`;
  const consultancyName = (await apiJson<{ name: string }>(`consultancy/${consultancy.user.consultancy_id}/`)).name;
  await apiJson('consultancy/dashboard/staff/invitations/', {
    method: 'POST',
    headers: { ...bearer(), 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const token = /accept-invite\/\?token=([\w-]+)/.exec(await outboxText(email, `Join ${consultancyName} on StudyAbroad Nepal`))![1];
  return apiJson<ApiSession>('consultancy/staff/accept/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, first_name: 'Gita', last_name: 'Thapa', password: 'violet-kettle-harbour-42' }),
  });
}

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
  counsellor = await inviteCounsellor();
  staff = await contextWith(counsellor, { mobile: true, viewport: PHONE });
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
  it("a counsellor opens the case on its own page, which a reload keeps, and sees none of the owner's screens", async () => {
    await openCase('Documents');
    expect(new URL(dashboard.url()).pathname).toBe(`/dashboard/applications/${applicationId}/`);
    await expectNoOverflow(dashboard);
    // the way back keeps the list's filter, in the list's address too
    await dashboard.getByRole('link', { name: '← Applications' }).click();
    await dashboard.getByRole('row').filter({ hasText: code }).waitFor();
    expect(await dashboard.getByLabel('Stage', { exact: true }).inputValue()).toBe('documents');
    expect(new URL(dashboard.url()).search).toBe('?status=documents');
    // the case's address opens it again after a reload
    await dashboard.goto(`/dashboard/applications/${applicationId}/`);
    await dashboard.reload();
    await dashboard.getByRole('heading', { name: 'Asha Gurung', level: 1 }).waitFor();
    await dashboard.getByRole('region', { name: 'Stage', exact: true }).getByLabel('Move to').waitFor();
    await expectNoOverflow(dashboard);

    await dashboard.getByRole('button', { name: 'Menu' }).click();
    const nav = dashboard.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'Applications' }).waitFor();
    for (const owners of ['Profile', 'Licence', 'Staff']) expect(await nav.getByRole('link', { name: owners }).count(), owners).toBe(0);
  });

  it('the counsellor requests two documents, the student uploads both from /track/', async () => {
    const row = part(await openCase('Documents'), 'Documents');
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
    const row = part(await openCase('Documents'), 'Documents');
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
    const messages = row.getByRole('region', { name: 'Messages', exact: true });
    await messages.getByText(question).waitFor();
    await messages.getByLabel('Answer').fill(answer);
    await messages.getByRole('button', { name: 'Send' }).click();
    await messages.getByText(answer).waitFor();
    // the payment form's fields are named in sight, not by placeholders that go once typed
    await row.getByRole('region', { name: 'Payments', exact: true }).getByText('Date paid').waitFor();
    await expectNoOverflow(dashboard);

    const staffName = 'Gita Thapa';
    await openTrack();
    await thread.getByRole('listitem').filter({ hasText: question }).waitFor();
    const answered = thread.getByRole('listitem').filter({ hasText: answer });
    await answered.waitFor();
    expect(await answered.textContent()).toContain(staffName);
  });

  it('the consultancy sets the visa granted, the student confirms it, and the public figures move', async () => {
    const before = await outcomesNow();
    for (const stage of ['applied', 'offer_unconditional', 'coe', 'visa_lodged']) await moveByApi(stage);

    const stage = part(await openCase('Visa lodged'), 'Stage');
    await stage.getByLabel('Move to').selectOption({ label: 'Visa granted' });
    await stage.getByRole('button', { name: 'Move' }).click();
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
