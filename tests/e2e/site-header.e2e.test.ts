/**
 * The phone header: one Menu button reveals every section (it works before any script has loaded),
 * the account corner follows the session (sign in, the user, their pages, sign out), and the
 * counselling banner stays one compact row that never covers the footer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, connect, disconnect, hydrated, newContext } from './site-helpers.ts';

const PHONE = { width: 320, height: 700 };

afterAll(disconnect);

async function phonePage(options: Parameters<typeof newContext>[0] = {}) {
  const context = await newContext({ mobile: true, ...options });
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  return { context, page };
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Signs in on /login/ as a person would, and waits to be sent on. */
async function signIn(page: Page, email: string) {
  await page.goto('/login/');
  await hydrated(page);
  await page.getByLabel('Email').first().fill(email);
  await page
    .getByLabel('Password')
    .first()
    .fill(process.env.DEMO_PASSWORD ?? 'demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe('phone header', () => {
  it('the Menu button reveals every section of the site, without JavaScript', async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    const sections = new Set([...sitemap.matchAll(/<loc>[^<]+?:\d+(\/[^/<]+\/)/g)].map((m) => m[1]!));
    expect(sections.size).toBeGreaterThan(10);

    const context = await (await connect()).newContext({ baseURL: baseUrl(), viewport: PHONE, isMobile: true, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/university/');
    const menu = page.locator('details.menu');
    const menuLinks = menu.locator('a');
    expect(await menuLinks.first().isVisible()).toBe(false);
    await menu.locator('summary').click();
    const hrefs = await menuLinks.evaluateAll((links) =>
      links.filter((a) => (a as HTMLElement).offsetParent !== null).map((a) => a.getAttribute('href')),
    );
    for (const section of sections) expect(hrefs, section).toContain(section);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('says Sign in to a visitor, names a signed-in student and signs them out to the sign-in page', async () => {
    const { context, page } = await phonePage();
    await signIn(page, 'student@example.com');

    await page.goto('/scholarship/');
    await hydrated(page);
    const account = page.locator('details.account');
    await account.locator('summary').click();
    await expect.poll(() => account.locator('.account-panel').textContent()).toContain('student@example.com');
    expect(await account.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await account.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login/');
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
    await context.close();
  });

  it('offers the console to a signed-in admin', async () => {
    const { context, page } = await phonePage();
    await signIn(page, 'admin@example.com');
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\//);
    await page.goto('/destination/');
    await hydrated(page);
    await page.locator('details.account summary').click();
    expect(await page.locator('details.account').getByRole('link', { name: 'Console' }).getAttribute('href')).toBe('/admin/');
    await context.close();
  });
});

describe('counselling banner on a phone', () => {
  it('is one compact row and never covers the footer', async () => {
    const { context, page } = await phonePage({ noBanner: false });
    await page.goto('/exam/');
    const banner = page.locator('aside.banner');
    await banner.waitFor();
    const box = (await banner.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(64);
    // at the bottom the prompt after the content hydrates (client:visible) and adds its card once its settings answer: scroll again after that
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => !document.querySelector('astro-island[client="visible"][ssr]'));
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastFooterLink = page.locator('footer.site a').last();
    const footerBottom = await lastFooterLink.evaluate((a) => a.getBoundingClientRect().bottom);
    const bannerTop = await banner.evaluate((b) => b.getBoundingClientRect().top);
    expect(footerBottom).toBeLessThanOrEqual(bannerTop);
    await context.close();
  });
});
