/**
 * The Outbox and the password reset journey: a forgotten password is reset from /login/ with the
 * link of the message the site keeps in the console's Outbox (the e2e server has no mail server),
 * and an admin reads that message on the Outbox screen.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, contextWith, type ApiSession } from './console-helpers.ts';
import { outboxText } from './outbox-helpers.ts';
import { apiJson, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

let admin: ApiSession;
const email = `forgetful-${crypto.randomBytes(4).toString('hex')}@example.com`;
beforeAll(async () => {
  admin = await apiLogin('admin@example.com');
  await apiJson('auth/users/create/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.access}` },
    body: JSON.stringify({ email, password: 'first-monsoon-41', role: 'student', first_name: 'Pema' }),
  });
});

describe('password reset and the Outbox', () => {
  it('a student who forgot the password asks on /login/, follows the link, sets a new one and signs in with it', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/login/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account uses this email address' }).waitFor();

    const text = await outboxText(email, 'Choose a new password');
    const link = new URL(text.match(/https?:\/\/\S+\/login\/reset\/\?token=[\w.-]+/)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await hydrated(page);
    // the token leaves the address bar at once
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.locator('#rp-password').fill('second-monsoon-42');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();

    await page.locator('#main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login/');
    await hydrated(page);
    await page.locator('#li-email').fill(email);
    await page.locator('#li-password').fill('second-monsoon-42');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/forum/');
    await context.close();
  });

  it('an admin reads the message in the Outbox: recipient, status, text and HTML', async () => {
    const context = await contextWith(admin, { mobile: true, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/admin/');
    await page.getByRole('link', { name: 'Outbox' }).click();
    await page.waitForURL('**/admin/outbox/');
    await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Kept here (no mail server)' });
    const card = page
      .locator('li.panel')
      .filter({ hasText: `To ${email}` })
      .first();
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('Choose a new password');
    expect(await card.textContent()).toContain('Kept here (no mail server)');
    await card.getByRole('button', { name: `Read: Choose a new password to ${email}` }).click();
    await card.locator('pre').filter({ hasText: '/login/reset/?token=' }).waitFor();
    const html = card.frameLocator('iframe[title="HTML of Choose a new password"]');
    await html.getByRole('link', { name: 'Choose a new password' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
