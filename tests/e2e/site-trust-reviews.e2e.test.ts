/**
 * Reviews only from proven applicants, through the browser: a student with a tracking code is
 * refused while the consultancy has not acted, writes the review once it has (acted through the
 * API, as its dashboard does), and the review shows on the consultancy's public page after the
 * data-only rebuild its write triggers (the content version moved). The rebuild runs into a site
 * folder of this file's own, like site-rebuild.e2e.test.ts; the browser is shown that page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRebuildRunner } from '../../server/site/rebuild.ts';
import type { Review } from '../../src/lib/api/reviews.ts';
import { formatMonth } from '../../src/lib/format.ts';
import { summarize, summaryText } from '../../src/lib/site/reviews.ts';
import { apiLogin, contextWith, type ApiSession } from './console-helpers.ts';
import { adminToken, apiJson, baseUrl, disconnect, hydrated, newContext } from './site-helpers.ts';

const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-reviews-'));
const stamp = Date.now();
const name = `Trusted Review Consultancy ${stamp}`;
const TEXT = `They quoted every fee in writing, the visa file was checked twice and they answered on WhatsApp the same day. ${stamp}`;
let runner: ReturnType<typeof createRebuildRunner>;
let admin = '';
let agent = '';
let agentSession: ApiSession;
let code = '';
let consultancy: { id: number; slug: string } | null = null;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const post = <T>(apiPath: string, token: string | null, body: unknown) =>
  apiJson<T>(apiPath, {
    method: 'POST',
    headers: token ? bearer(token) : { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const contentVersion = async () => (await apiJson<{ content_version: number }>('site/status/', { headers: bearer(admin) })).content_version;

beforeAll(async () => {
  admin = await adminToken();
  // a consultancy of this file's own, with an account to act on its applications
  const form = new FormData();
  form.set('name', name);
  form.set('address', 'Putalisadak, Kathmandu');
  const row = await apiJson<{ id: number; slug: string }>('consultancy/create/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}` },
    body: form,
  });
  consultancy = { id: row.id, slug: row.slug };
  const email = `reviews-agent-${stamp}@example.com`;
  const password = `Himal-${stamp}-Trust!`;
  await post('auth/users/create/', admin, {
    email,
    password,
    role: 'consultancy',
    consultancy_id: consultancy.id,
    first_name: 'Review',
    last_name: 'Agent',
  });
  agentSession = await post<ApiSession>('auth/login/', null, { email, password });
  agent = agentSession.access;

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
  if (consultancy)
    await apiJson(`consultancy/${consultancy.id}/delete/`, { method: 'DELETE', headers: { Authorization: `Bearer ${admin}` } }).catch(
      () => {},
    );
  fs.rmSync(siteDir, { recursive: true, force: true });
  await disconnect();
});

const pageFile = () => path.join(siteDir, 'current', `consultancy/${consultancy!.slug}/index.html`);

describe('reviews only from proven applicants', () => {
  it('says "No reviews yet" on a consultancy nobody reviewed', () => {
    expect(fs.readFileSync(pageFile(), 'utf8')).toContain('No reviews yet');
  });

  it('refuses a review until the consultancy acts, accepts it after, and shows it on the public page after the rebuild', async () => {
    const applicant = 'Sabina Tamang';
    const applied = await post<{ tracking_code: string }>('consultancy-application/submit/', null, {
      consultancy: consultancy!.id,
      full_name: applicant,
      email: `sabina-${stamp}@example.com`,
      phone: '9812300456',
    });
    code = applied.tracking_code;

    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    // untouched: the tracking page offers no review, the review page refuses and says why
    await page.goto(`/track/?code=${encodeURIComponent(code)}`);
    await page.getByRole('heading', { level: 3, name: 'Your journey' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: 'Review this consultancy' }).count()).toBe(0);
    await page.goto('/review/');
    await hydrated(page);
    await page.getByLabel('Tracking code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    const refusal = page.getByRole('alert');
    await refusal.waitFor({ timeout: 15_000 });
    expect(await refusal.textContent()).toContain(`${name} has not started working on this application yet`);
    expect(await page.getByRole('button', { name: 'Publish review' }).count()).toBe(0);

    // the consultancy acts, through its dashboard's call
    const mine = await apiJson<{ results: { id: number }[] }>(`consultancy/dashboard/applications/?search=${encodeURIComponent(code)}`, {
      headers: bearer(agent),
    });
    await post(`consultancy/dashboard/applications/${mine.results[0]!.id}/status/`, agent, {
      status: 'counselling',
      note: 'We are checking your documents.',
    });

    // now the tracking page offers the review, and it is accepted
    await page.goto(`/track/?code=${encodeURIComponent(code)}`);
    await page.getByRole('link', { name: 'Review this consultancy' }).click();
    await page.waitForURL('**/review/?code=*');
    await hydrated(page);
    await page.getByRole('heading', { level: 2, name: `Review ${name}` }).waitFor({ timeout: 15_000 });
    for (const [aspect, stars] of [
      ['Honesty about costs', '5'],
      ['Responsiveness', '4'],
      ['Visa guidance', '4'],
    ] as const) {
      await page
        .getByRole('group', { name: `${aspect} *` })
        .getByLabel(stars, { exact: true })
        .check();
    }
    await page.getByLabel(/Your experience/).fill(TEXT);
    const before = await contentVersion();
    await page.getByRole('button', { name: 'Publish review' }).click();
    await page.getByRole('status').filter({ hasText: 'your review is published' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe(`Edit your review of ${name}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await contentVersion()).toBeGreaterThan(before);

    // the write moved the content version: a data-only rebuild renders the consultancy's page again
    const r = await runner.check();
    expect(r, JSON.stringify(r)).toMatchObject({ status: 'built', mode: 'incremental' });
    expect(r.report!.rendered).toBeLessThan(r.report!.paths / 10);
    const html = fs.readFileSync(pageFile(), 'utf8');
    expect(html).toContain(TEXT);
    expect(html).not.toContain(applicant);

    // the browser is shown the rebuilt page at its address
    await page.route(`**/consultancy/${consultancy!.slug}/`, (route) => route.fulfill({ body: html, contentType: 'text/html' }));
    await page.goto(`/consultancy/${consultancy!.slug}/`);
    const reviews = page.locator('#reviews');
    const listed = await apiJson<{ results: Review[] }>(`consultancy-review/?consultancy=${consultancy!.id}&page_size=1000`);
    expect(await reviews.getByText(summaryText(summarize(listed.results)), { exact: true }).count()).toBeGreaterThan(0);
    expect(summaryText(summarize(listed.results))).toBe('4.3 from 1 review');
    expect(await reviews.textContent()).toContain(`Verified applicant, applied ${formatMonth(listed.results[0]!.applied_month)}`);
    expect(await reviews.getByText(TEXT).isVisible()).toBe(true);
    expect(await page.textContent('body')).not.toContain(applicant);

    // and the tracking page now offers the edit
    await page.goto(`/track/?code=${encodeURIComponent(code)}`);
    await page.getByRole('link', { name: 'Edit your review' }).waitFor({ timeout: 15_000 });
    await context.close();
  }, 180_000);

  it("takes the consultancy's one reply from its dashboard and an admin's removal from the reviews screen, on a 360 px phone, to the page", async () => {
    /** every card of the screen inside the screen's width */
    const fits = (page: import('playwright-core').Page) =>
      page.evaluate(
        () =>
          document.documentElement.scrollWidth <= innerWidth &&
          [...document.querySelectorAll('tr, li')].every((e) => e.getBoundingClientRect().right <= innerWidth + 0.5),
      );
    const dashboard = await contextWith(agentSession);
    const own = await dashboard.newPage();
    await own.setViewportSize({ width: 360, height: 780 });
    await own.goto('/dashboard/reviews/');
    await own.getByText(TEXT).waitFor({ timeout: 15_000 });
    expect(await fits(own)).toBe(true);
    const reply = 'Thank you, Sabina. We are glad the fees were clear; good luck with your studies.';
    await own.getByLabel('Your public reply (once; it cannot be changed)').fill(reply);
    await own.getByRole('button', { name: 'Publish reply' }).click();
    await own.getByText('Your reply', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await own.getByRole('button', { name: 'Publish reply' }).count()).toBe(0);
    await dashboard.close();
    let r = await runner.check();
    expect(r, JSON.stringify(r)).toMatchObject({ status: 'built', mode: 'incremental' });
    expect(fs.readFileSync(pageFile(), 'utf8')).toContain(reply);

    const adminContext = await contextWith(await apiLogin('admin@example.com'));
    const admin = await adminContext.newPage();
    await admin.setViewportSize({ width: 360, height: 780 });
    await admin.goto('/admin/review/');
    await admin.getByLabel('Search reviews').fill(code);
    await expect.poll(() => admin.getByRole('button', { name: 'Remove' }).count(), { timeout: 15_000 }).toBe(1);
    const reason = 'Names the counsellor and her personal number';
    await admin.getByLabel(`Why remove ${code}? (shown in its place)`).fill(reason);
    expect(await fits(admin)).toBe(true);
    await admin.getByRole('button', { name: 'Remove' }).click();
    await admin.getByRole('button', { name: `Restore ${code}` }).waitFor({ timeout: 15_000 });
    await adminContext.close();
    r = await runner.check();
    expect(r, JSON.stringify(r)).toMatchObject({ status: 'built', mode: 'incremental' });
    const html = fs.readFileSync(pageFile(), 'utf8');
    expect(html).toContain(`Removed: ${reason}`);
    expect(html).not.toContain(TEXT);
    expect(html).not.toContain(reply);
    expect(html).toContain('No reviews yet');
  }, 180_000);
});
