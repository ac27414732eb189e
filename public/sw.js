/*
 * The site's service worker (issue 27, "Installable and offline"). Hand-written rather than
 * Workbox: Astro's static output has no precache manifest step of its own, and the four rules below
 * fit in one small file that the browser can read as is (no build step, nothing to keep in sync).
 *
 * - Shell: on install, the home and /offline/ pages and the /_astro/ scripts they load.
 * - /_astro/*: hashed and immutable, so cache-first; a new build brings new names.
 * - HTML pages: network-first; offline, the copy kept from the last visit, marked with a
 *   <meta name="sw-cached-at"> the site chrome turns into an "as of" note; else /offline/.
 * - Public API GETs (answers marked Cache-Control: public): stale-while-revalidate.
 * Never kept: /api/auth/*, /admin, /dashboard, anything asked with an Authorization header or
 * answered no-store/private (personal answers such as a tracked application), and non-GETs.
 * Bump VERSION when this file's rules change: activate drops every cache of another version.
 */
const VERSION = 'v1';
const SHELL = `shell-${VERSION}`;
const PAGES = `pages-${VERSION}`;
const API = `api-${VERSION}`;
const OFFLINE = '/offline/';
const CACHED_AT = 'x-sw-cached-at';

const NEVER = [/^\/api\/auth\//, /^\/admin(\/|$)/, /^\/dashboard(\/|$)/];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      const pages = await Promise.all(['/', OFFLINE].map((url) => fetch(url).then((r) => (r.ok ? r : null))));
      const scripts = new Set();
      for (const page of pages.filter(Boolean)) {
        const html = await page.clone().text();
        for (const [, src] of html.matchAll(/(?:src|href)="(\/_astro\/[^"]+\.js)"/g)) scripts.add(src);
        await cache.put(new URL(page.url).pathname, await stamp(page));
      }
      await cache.addAll([...scripts]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = [SHELL, PAGES, API];
      for (const name of await caches.keys()) if (!keep.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (NEVER.some((re) => re.test(url.pathname)) || request.headers.has('authorization')) return;
  if (url.pathname.startsWith('/_astro/')) event.respondWith(cacheFirst(request));
  else if (request.mode === 'navigate') event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith('/api/')) event.respondWith(staleWhileRevalidate(event, request));
});

/** A reply may be kept when it is whole and not personal. */
const keepable = (response) => response.ok && response.type === 'basic' && !/no-store|private/i.test(response.headers.get('cache-control') ?? '');
/**
 * An API answer only when the server calls it public (its cached public reads): an anonymous
 * answer by code (a tracked application) is personal though it carries no Authorization.
 */
const keepableApi = (response) => keepable(response) && /\bpublic\b/i.test(response.headers.get('cache-control') ?? '');

/** The reply as kept: with the time it was fetched, for the "as of" note. */
async function stamp(response) {
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT, new Date().toISOString());
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (keepable(response)) (await caches.open(SHELL)).put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (keepable(response)) (await caches.open(PAGES)).put(request, await stamp(response.clone()));
    return response;
  } catch {
    const cached = (await caches.match(request, { cacheName: PAGES })) ?? (await caches.match(request, { cacheName: SHELL }));
    if (cached) return markAsOf(cached);
    return (await caches.match(OFFLINE, { cacheName: SHELL })) ?? Response.error();
  }
}

/** Tells the page it comes from the device, and from when: a <meta> the site chrome reads. */
async function markAsOf(cached) {
  const at = cached.headers.get(CACHED_AT) ?? '';
  const html = (await cached.text()).replace('</head>', `<meta name="sw-cached-at" content="${at}"></head>`);
  const headers = new Headers(cached.headers);
  headers.delete('content-length');
  return new Response(html, { status: 200, headers });
}

async function staleWhileRevalidate(event, request) {
  const cache = await caches.open(API);
  const cached = await cache.match(request);
  const fresh = fetch(request).then(async (response) => {
    if (keepableApi(response)) await cache.put(request, await stamp(response.clone()));
    return response;
  });
  if (!cached) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return cached;
}
