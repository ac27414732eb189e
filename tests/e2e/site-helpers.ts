/** Shared by the e2e files: one connection per file to the one Chromium, fresh contexts per test. */
import crypto from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { SHOWN_COOKIE } from '../../src/lib/shared/auto-dialog-rules.ts';

export const baseUrl = () => inject('baseUrl');

let browser: Browser | null = null;
export async function connect(): Promise<Browser> {
  browser ??= await chromium.connect(inject('wsEndpoint'));
  return browser;
}
export async function disconnect() {
  await browser?.close();
  browser = null;
}

export interface ContextOptions {
  /** keep the roadblock ad out of the way (default true): the session has had it */
  quiet?: boolean;
  /** hide the counselling banner (and its 2 s dialog) by answering site settings with the bar off */
  noBanner?: boolean;
  mobile?: boolean;
  /** the window size, when not the default of a phone (390x800) or a desktop (1280x900) */
  viewport?: { width: number; height: number };
  /** device pixels per CSS pixel (default 1) */
  deviceScaleFactor?: number;
  /** lets the test add its own script (axe) to pages past the site's Content-Security-Policy */
  bypassCSP?: boolean;
  /** false: a browser that runs no scripts */
  javaScript?: boolean;
  /**
   * let the site's service worker run (default false: it would answer pages and API reads from its
   * caches, past the routes the tests set; only the offline tests want it)
   */
  serviceWorkers?: boolean;
}

export async function newContext({
  quiet = true,
  noBanner = true,
  mobile = false,
  viewport,
  deviceScaleFactor = 1,
  bypassCSP = false,
  javaScript = true,
  serviceWorkers = false,
}: ContextOptions = {}): Promise<BrowserContext> {
  const b = await connect();
  const size = viewport ?? (mobile ? { width: 390, height: 800 } : { width: 1280, height: 900 });
  const context = await b.newContext({
    baseURL: baseUrl(),
    bypassCSP,
    viewport: size,
    deviceScaleFactor,
    javaScriptEnabled: javaScript,
    serviceWorkers: serviceWorkers ? 'allow' : 'block',
    ...(mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  if (quiet) await context.addCookies([{ name: SHOWN_COOKIE, value: 'roadblock', url: baseUrl() }]);
  if (noBanner)
    await context.route('**/api/site-settings/', async (route) => {
      try {
        const response = await route.fetch();
        const body = await response.json();
        await route.fulfill({ response, json: { ...body, show_counselling_bar: false } });
      } catch {
        // the page or context closed while the call was under way
      }
    });
  return context;
}

/**
 * Resolves once the page's islands have hydrated (no astro-island left with the ssr attribute),
 * but for those that wait to be scrolled into view (client:visible: the prompt after the content).
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => [...document.querySelectorAll('astro-island:not([client="visible"])')].every((el) => !el.hasAttribute('ssr')),
    null,
    { timeout: 15_000 },
  );
}

export async function apiJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/${path}`, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

/**
 * Signs in through the API as a visitor of its own address: the e2e server believes
 * X-Forwarded-For from the runner (tests/e2e/setup.ts), so the many sign-ins of a whole e2e run
 * do not add up against one address's sign-in limit as a single visitor's would.
 */
export function apiSignIn<T = { access: string }>(email: string): Promise<T> {
  const address = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  return apiJson<T>('auth/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: process.env.DEMO_PASSWORD ?? 'demo1234' }),
  });
}

export async function adminToken(): Promise<string> {
  return (await apiSignIn('admin@example.com')).access;
}
