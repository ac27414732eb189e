/**
 * Hardening, in a real browser against the built site:
 * - sign-in before hydration (a slow phone) or without JavaScript never puts the password in a URL;
 * - ?next= never leads to another site after sign-in;
 * - every built page has a Content-Security-Policy covering each of its inline scripts and styles,
 *   and pages and the console run without a single violation or console error.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { apiLogin, contextWith, PASSWORD } from './console-helpers.ts';
import { apiJson, connect, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

const STUDENT = 'student@example.com';
const leaks = (requests: Request[]) =>
  requests
    .map((r) => r.url())
    .filter((url) => url.includes(encodeURIComponent(PASSWORD)) || url.includes(PASSWORD) || url.includes('password='));

describe('sign-in before the page is live', () => {
  it('without JavaScript, Enter and a tap on the button send nothing in a URL', async () => {
    const noJs = await (await connect()).newContext({ baseURL: inject('baseUrl'), javaScriptEnabled: false });
    const page = await noJs.newPage();
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto('/login/');
    await page.locator('#li-email').fill(STUDENT);
    await page.locator('#li-password').fill(PASSWORD);
    // Playwright waits for a navigation an action starts, so a native submission would be under way here
    await page.locator('#li-password').press('Enter');
    await page.locator('form[aria-label="Sign in"] button[type="submit"]').click({ force: true });
    expect(new URL(page.url()).pathname).toBe('/login/');
    expect(page.url()).not.toContain('password');
    expect(leaks(requests)).toEqual([]);
    expect(await page.locator('form[aria-label="Sign in"]').getAttribute('method')).toBe('post');
    await noJs.close();
  });

  it('on a slow connection: pressing Sign in before hydration does nothing, after it signs in, and ?next= to another site is not followed', async () => {
    const context = await newContext();
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/_astro/**/*.js', async (route) => {
      await scriptsHeld;
      await route.continue().catch(() => {});
    });
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto('/login/?next=/%5Cevil.example/', { waitUntil: 'domcontentloaded' });
    const button = page.locator('form[aria-label="Sign in"] button[type="submit"]');
    expect(await button.textContent()).toBe('Loading…');
    await page.locator('#li-email').fill(STUDENT);
    await page.locator('#li-password').fill(PASSWORD);
    await page.locator('#li-password').press('Enter');
    await button.click({ force: true });
    expect(page.url()).not.toContain('password');
    expect(leaks(requests)).toEqual([]);

    release();
    await hydrated(page);
    await expect.poll(() => button.textContent()).toBe('Sign in');
    await button.click();
    await page.waitForURL((url) => url.pathname === '/forum/');
    expect(new URL(page.url()).origin).toBe(inject('baseUrl'));
    expect(leaks(requests)).toEqual([]);
    await context.close();
  });
});

// ---- Content-Security-Policy ------------------------------------------------------------------

const metaPolicy = (html: string) =>
  html.match(/<meta http-equiv="content-security-policy" content="([^"]*)"/i)?.[1]?.replace(/&#39;|&apos;/g, "'") ?? null;
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? null;
const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc=/.test(attrs!) && !/type="application\/(ld\+)?json"/.test(attrs!))
    .map(([, , body]) => body!);
const inlineStyles = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, body]) => body!);

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? e.name === '_astro'
          ? []
          : htmlFiles(path.join(dir, e.name))
        : e.name.endsWith('.html')
          ? [path.join(dir, e.name)]
          : [],
    );
}

describe('Content-Security-Policy of the built site', () => {
  it('every page has one, without unsafe-inline, covering each inline script and style, and no style attributes', () => {
    const root = path.join(inject('dataDir'), 'site', 'current');
    const files = htmlFiles(root);
    expect(files.length).toBeGreaterThan(20);
    const problems: string[] = [];
    let scripts = 0;
    for (const file of files) {
      const html = fs.readFileSync(file, 'utf8');
      const where = path.relative(root, file);
      const policy = metaPolicy(html);
      if (!policy) {
        problems.push(`${where}: no policy`);
        continue;
      }
      // the <meta> must come before anything it governs
      const firstGoverned = html.search(/<script(?![^>]*type="application\/ld\+json")|<style|<link rel="stylesheet"/);
      if (firstGoverned >= 0 && html.indexOf('http-equiv="content-security-policy"') > firstGoverned)
        problems.push(`${where}: policy after a script or style`);
      const scriptSrc = directive(policy, 'script-src') ?? [];
      const styleSrc = directive(policy, 'style-src') ?? [];
      if (scriptSrc.includes("'unsafe-inline'") || styleSrc.includes("'unsafe-inline'")) problems.push(`${where}: unsafe-inline`);
      if (directive(policy, 'object-src')?.join(' ') !== "'none'") problems.push(`${where}: object-src`);
      for (const body of inlineScripts(html)) {
        scripts++;
        if (!scriptSrc.includes(sha256(body))) problems.push(`${where}: inline script ${sha256(body)} not in script-src`);
      }
      for (const body of inlineStyles(html))
        if (!styleSrc.includes(sha256(body))) problems.push(`${where}: inline style ${sha256(body)} not in style-src`);
      if (/<[a-z][^>]*\sstyle="/i.test(html)) problems.push(`${where}: a style attribute (blocked without 'unsafe-inline')`);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(scripts).toBeGreaterThan(0);
  });

  /** Collects violations and console errors on a page, from before its first script runs. */
  async function watch(page: Page) {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const list = ((window as unknown as { __csp: string[] }).__csp ??= []);
        list.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
      });
    });
    return async () => {
      const violations = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
      return [...errors.splice(0), ...violations.map((v) => `${page.url()}: CSP ${v}`)];
    };
  }

  it('public pages run without a violation or console error', async () => {
    const context = await newContext({ noBanner: false });
    const page = await context.newPage();
    const found = await watch(page);
    const uni = await apiJson<{ results: { slug: string }[] }>('university/?page_size=1');
    const consultancy = await apiJson<{ results: { slug: string }[] }>('consultancy/?page_size=1');
    const problems: string[] = [];
    for (const url of [
      '/',
      '/destination/',
      `/university/${uni.results[0]!.slug}/`,
      `/consultancy/${consultancy.results[0]!.slug}/`,
      `/consultancy/${consultancy.results[0]!.slug}/apply/`,
      '/forum/',
      '/complaint/',
      '/track/',
      '/login/',
      '/search/?search=nursing',
      '/no-such-page/',
    ]) {
      await page.goto(url);
      await hydrated(page);
      // the images on the page have loaded (or failed) by now
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      problems.push(...(await found()).filter((p) => !p.includes('404 (Not Found)') || !url.includes('no-such-page')));
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['admin@example.com', ['/admin/', '/admin/consultancy/', '/admin/district/new/']],
    ['consultancy@example.com', ['/dashboard/', '/dashboard/applications/']],
  ])('the console runs without a violation or console error (%s)', async (email, urls) => {
    const context = await contextWith(await apiLogin(email));
    const page = await context.newPage();
    const found = await watch(page);
    const problems: string[] = [];
    for (const url of urls) {
      await page.goto(url);
      await page.locator('main h1, main h2').first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      problems.push(...(await found()));
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
