/**
 * The forum as crawlable pages that stay clean, through the browser: a new question and its answer
 * are HTML on the question's own page after the data-only rebuild their writes trigger (read
 * without JavaScript, with QAPage JSON-LD and a sitemap entry); the asker accepts the answer on that
 * page; someone reports a reply there; an admin hides and restores it in the console's moderation
 * queue. The rebuild runs into a site folder of this file's own, like site-rebuild.e2e.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRebuildRunner } from '../../server/site/rebuild.ts';
import type { ForumQuestion } from '../../src/lib/api/public.ts';
import { apiLogin, contextWith, type ApiSession } from './console-helpers.ts';
import { apiJson, baseUrl, disconnect, hydrated } from './site-helpers.ts';

const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-forum-'));
const stamp = Date.now();
const TITLE = `How long does an Australian student visa take from Kathmandu? ${stamp}`;
const ANSWER = `About six weeks after the biometrics at VFS, if the financial documents are complete. ${stamp}`;
const SPAM = `Guaranteed visa in three days, message us on WhatsApp for the fee ${stamp}`;
let runner: ReturnType<typeof createRebuildRunner>;
let admin: ApiSession;
let asker: ApiSession;
let answerer: ApiSession;
let spammer: ApiSession;
let question: ForumQuestion;
let answerId = 0;
let spamId = 0;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const post = <T>(apiPath: string, who: ApiSession, body: unknown) =>
  apiJson<T>(apiPath, { method: 'POST', headers: bearer(who.access), body: JSON.stringify(body) });
const contentVersion = async () =>
  (await apiJson<{ content_version: number }>('site/status/', { headers: bearer(admin.access) })).content_version;
const pageFile = () => path.join(siteDir, 'current', `forum/${question.id}/index.html`);

beforeAll(async () => {
  [admin, asker, answerer, spammer] = await Promise.all(
    ['admin@example.com', 'student@example.com', 'consultancy@example.com', 'college@example.com'].map(apiLogin),
  );
  runner = createRebuildRunner({
    apiUrl: `${baseUrl()}/api`,
    siteDir,
    siteUrl: baseUrl(),
    readVersion: contentVersion,
    log: () => {},
    standby: true,
  });
  const r = await runner.check();
  expect(r, JSON.stringify(r)).toMatchObject({ status: 'built', mode: 'full' });
}, 300_000);

afterAll(async () => {
  await runner?.stop();
  if (question) await apiJson(`forum/questions/${question.id}/`, { method: 'DELETE', headers: bearer(admin.access) }).catch(() => {});
  fs.rmSync(siteDir, { recursive: true, force: true });
  await disconnect();
});

describe('forum question pages', () => {
  it('a new question and its answer are HTML on the question’s own page after the data-only rebuild', async () => {
    question = await post<ForumQuestion>('forum/questions/', asker, { title: TITLE, body: 'I have my CoE and the fees are paid.' });
    answerId = (await post<{ id: number }>(`forum/questions/${question.id}/reply/`, answerer, { body: ANSWER })).id;
    spamId = (await post<{ id: number }>(`forum/questions/${question.id}/reply/`, spammer, { body: SPAM })).id;

    const r = await runner.check();
    expect(r, JSON.stringify(r)).toMatchObject({ status: 'built', mode: 'incremental' });
    expect(r.report!.rendered).toBeLessThan(r.report!.paths / 10);
    // no JavaScript: the file as served holds the question, its answers and the QAPage data
    const html = fs.readFileSync(pageFile(), 'utf8');
    expect(html).toContain(`<h1>${TITLE}</h1>`);
    expect(html).toContain(ANSWER);
    expect(html).not.toContain('student@example.com');
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!);
    expect(ld).toMatchObject({ '@type': 'QAPage', mainEntity: { '@type': 'Question', name: TITLE, answerCount: 2 } });
    expect(fs.readFileSync(path.join(siteDir, 'current', 'sitemap.xml'), 'utf8')).toContain(`/forum/${question.id}/</loc>`);
    expect(fs.readFileSync(path.join(siteDir, 'current', 'forum/index.html'), 'utf8')).toContain(TITLE);
  }, 120_000);

  it('the asker accepts the answer on the page, and reports the other reply; the rebuilt page says which is accepted', async () => {
    const context = await contextWith(asker as ApiSession);
    const page = await context.newPage();
    const html = fs.readFileSync(pageFile(), 'utf8');
    await page.route(`**/forum/${question.id}/`, (route) => route.fulfill({ body: html, contentType: 'text/html' }));
    await page.goto(`/forum/${question.id}/`);
    await hydrated(page);
    // within the edit window the asker may still change the details
    await page.getByRole('button', { name: 'Edit question' }).click();
    await page.getByLabel('Details', { exact: true }).fill('I have my CoE, the fees are paid and the biometrics are done.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('the biometrics are done.').waitFor({ timeout: 15_000 });
    const answer = page.locator(`#reply-${answerId}`);
    await answer.getByRole('button', { name: 'Accept this answer' }).click();
    await answer.getByText('Accepted answer', { exact: true }).waitFor({ timeout: 15_000 });
    expect((await apiJson<ForumQuestion>(`forum/questions/${question.id}/`)).accepted_reply_id).toBe(answerId);

    const spam = page.locator(`#reply-${spamId}`);
    await spam.getByRole('button', { name: 'Report' }).click();
    await spam.getByLabel('Why should a moderator look at this reply?').fill('Promises a visa for money');
    await spam.getByRole('button', { name: 'Send report' }).click();
    await spam.getByRole('status').filter({ hasText: 'A moderator will look at it' }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();

    const r = await runner.check();
    expect(r, JSON.stringify(r)).toMatchObject({ status: 'built', mode: 'incremental' });
    const rebuilt = fs.readFileSync(pageFile(), 'utf8');
    expect(rebuilt).toContain('Accepted answer');
    expect(JSON.parse(rebuilt.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!).mainEntity.acceptedAnswer.text).toBe(
      ANSWER,
    );
  }, 120_000);

  it('an admin hides the reported reply in the console’s moderation queue, restores it, and deletes it with a reason', async () => {
    const context = await contextWith(admin, { mobile: true });
    const page = await context.newPage();
    await page.goto('/admin/forum-moderation/');
    await page.getByRole('heading', { level: 1, name: 'Forum moderation' }).waitFor({ timeout: 15_000 });
    const subject = `Reply to “${TITLE}”`;
    const card = page.locator('article', { has: page.getByRole('heading', { name: subject }) });
    await card.getByText('Promises a visa for money').waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: `Hide ${subject}` }).click();
    await page.getByRole('status').filter({ hasText: 'is hidden' }).waitFor({ timeout: 15_000 });
    const replies = async () => (await apiJson<ForumQuestion>(`forum/questions/${question.id}/`)).replies!.map((r) => r.id);
    expect(await replies()).toEqual([answerId]);
    // hiding settled the report: the queue no longer lists it
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);

    // hidden posts are listed apart, to restore
    await page.getByRole('tab', { name: 'Hidden' }).click();
    await card.getByRole('button', { name: `Restore ${subject}` }).click();
    await page.getByRole('status').filter({ hasText: 'is shown again' }).waitFor({ timeout: 15_000 });
    expect(await replies()).toEqual([answerId, spamId]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // reported again, it is deleted for good with a reason (mailed to its author)
    await post(`forum/replies/${spamId}/report/`, asker, { reason: 'Promises a visa for money, again' });
    await page.getByRole('tab', { name: 'Waiting' }).click();
    await card.getByRole('button', { name: `Delete ${subject}` }).click();
    await card.getByLabel('Why is it deleted? Its author is mailed this.').fill('Sells visas: not allowed on the forum');
    await card.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByRole('status').filter({ hasText: 'is deleted' }).waitFor({ timeout: 15_000 });
    expect(await replies()).toEqual([answerId]);
    await context.close();
  }, 120_000);
});
