/**
 * A page's first view on a phone (360x740), as a first-time visitor with nothing cached: every
 * request the browser makes until the network is quiet without any input (HTML, scripts, images,
 * the API calls and the pageview beacon), the bytes, the largest contentful paint and when the
 * page is usable. Used by bench/site.ts (slow 3G) and tests/e2e/site-requests.e2e.test.ts (counts); on
 * its own (slow 3G, medians): npx tsx bench/first-view.ts http://127.0.0.1:4503 --runs 3 / /consultancy/
 *
 * "Usable" = the later of the LCP and the moment the last island that hydrates without input
 * (client:load / client:idle, and client:visible ones on screen) has hydrated: from then on the
 * search box filters, the menu and account work.
 */
import type { Browser, BrowserContext } from 'playwright-core';

/** "Slow 3G" of issue 22: 400 kbps down and up, 400 ms round trip; the CPU 4x slower, as Lighthouse mobile. */
export const SLOW_3G = { latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8, cpuSlowdown: 4 };
export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export interface FirstView {
  route: string;
  requests: number;
  /** bytes over the wire (compressed, with headers) */
  bytes: number;
  lcp_ms: number;
  /** when the last island that hydrates by itself was live (0: none) */
  hydrated_ms: number;
  usable_ms: number;
  /** islands left static after the network went quiet (client:visible below the fold) */
  not_hydrated: string[];
  /** what was fetched over the network, in order: resource type and path (not what the browser answered from its cache) */
  urls: string[];
}

/** The network is taken as quiet after this long with nothing in flight and nothing new (Playwright's networkidle is 500 ms). */
const QUIET_MS = 1000;

export async function firstView(
  browser: Browser,
  base: string,
  route: string,
  { throttle = false, prepare }: { throttle?: boolean; prepare?: (context: BrowserContext) => Promise<void> } = {},
): Promise<FirstView> {
  const context = await browser.newContext(PHONE);
  try {
    await prepare?.(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // a new context starts with an empty cache (a first visit); the cache stays on, as in a browser, so a
    // picture shown twice in the view (the roadblock ad's preload, then its dialog) is fetched once
    if (throttle) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_3G.latency,
        downloadThroughput: SLOW_3G.downloadThroughput,
        uploadThroughput: SLOW_3G.uploadThroughput,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_3G.cpuSlowdown });
    }
    const sent: { id: string; url: string }[] = [];
    // answered by the browser's own cache (a second <img> of a picture already loaded): no trip on the network
    const cached = new Set<string>();
    const inflight = new Set<string>();
    let bytes = 0;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (e) => {
      // a redirect reuses its request id: one request for the browser's count
      if (!inflight.has(e.requestId)) sent.push({ id: e.requestId, url: `${e.type ?? 'Other'} ${e.request.url.replace(base, '')}` });
      inflight.add(e.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
    cdp.on('Network.responseReceived', (e) => {
      if (e.response.fromDiskCache) cached.add(e.requestId);
    });
    const done = (e: { requestId: string; encodedDataLength?: number }) => {
      bytes += e.encodedDataLength ?? 0;
      inflight.delete(e.requestId);
      lastActivity = Date.now();
    };
    cdp.on('Network.loadingFinished', done);
    cdp.on('Network.loadingFailed', done);
    await page.addInitScript(() => {
      const m = { lcp: 0, hydrated: 0 };
      (window as unknown as { __firstView: typeof m }).__firstView = m;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) m.lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // Astro removes an island's `ssr` attribute once it has hydrated
      new MutationObserver((records) => {
        for (const r of records)
          if ((r.target as Element).localName === 'astro-island' && !(r.target as Element).hasAttribute('ssr'))
            m.hydrated = performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['ssr'] });
    });
    await page.goto(base + route, { waitUntil: 'load', timeout: 120_000 });
    const onScreenOrEager = () =>
      [...document.querySelectorAll('astro-island[ssr]')].filter((el) => {
        if (el.getAttribute('client') !== 'visible') return el.getAttribute('client') !== 'only';
        const r = el.getBoundingClientRect();
        return r.top < innerHeight && r.bottom > 0;
      }).length === 0;
    await page.waitForFunction(onScreenOrEager, null, { timeout: 120_000 });
    const until = Date.now() + 120_000;
    while (inflight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > until) throw new Error(`${route}: the network never went quiet (${[...inflight].length} in flight)`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const m = await page.evaluate(() => ({
      ...(window as unknown as { __firstView: { lcp: number; hydrated: number } }).__firstView,
      pending: [...document.querySelectorAll('astro-island[ssr]')].map(
        (el) => `${el.getAttribute('component-url')} ${el.getAttribute('component-export') ?? ''} client:${el.getAttribute('client')}`,
      ),
    }));
    const urls = sent.filter((r) => !cached.has(r.id)).map((r) => r.url);
    return {
      route,
      requests: urls.length,
      bytes,
      lcp_ms: Math.round(m.lcp),
      hydrated_ms: Math.round(m.hydrated),
      usable_ms: Math.round(Math.max(m.lcp, m.hydrated)),
      not_hydrated: m.pending,
      urls,
    };
  } finally {
    await context.close();
  }
}

export interface Slow3gPage {
  route: string;
  requests: number;
  kb: number;
  lcp_ms: number;
  hydrated_ms: number;
  usable_ms: number;
  runs: { lcp_ms: number; usable_ms: number; requests: number }[];
  urls: string[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** Every route `runs` times on slow 3G in system Chromium (CHROMIUM_PATH), a fresh visitor each time; medians. */
export async function slow3g(base: string, routes: string[], runs = 3): Promise<Slow3gPage[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const out: Slow3gPage[] = [];
  try {
    for (const route of routes) {
      const views: FirstView[] = [];
      for (let i = 0; i < runs; i++) views.push(await firstView(browser, base, route, { throttle: true }));
      const page: Slow3gPage = {
        route,
        requests: median(views.map((v) => v.requests)),
        kb: Number((median(views.map((v) => v.bytes)) / 1024).toFixed(1)),
        lcp_ms: median(views.map((v) => v.lcp_ms)),
        hydrated_ms: median(views.map((v) => v.hydrated_ms)),
        usable_ms: median(views.map((v) => v.usable_ms)),
        runs: views.map((v) => ({ lcp_ms: v.lcp_ms, usable_ms: v.usable_ms, requests: v.requests })),
        urls: views[0]!.urls,
      };
      console.log(`slow 3G ${route}: ${page.requests} requests, ${page.kb} KB, LCP ${page.lcp_ms} ms, usable ${page.usable_ms} ms`);
      out.push(page);
    }
  } finally {
    await browser.close();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, ...rest] = process.argv.slice(2);
  if (!base) throw new Error('usage: tsx bench/first-view.ts <base url> [--runs N] <route>...');
  const r = rest.indexOf('--runs');
  const runs = r >= 0 ? Number(rest.splice(r, 2)[1]) : 3;
  console.log(JSON.stringify(await slow3g(base, rest.length ? rest : ['/'], runs), null, 2));
}
