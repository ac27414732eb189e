/**
 * The built site from memory (issue 25, "Static files never wait"): the same bytes and headers as
 * the files streamed by @fastify/static (SITE_CACHE_MB=0 serves every file that way, as before),
 * a strong ETag and 304, brotli/gzip made once, a file above the bound streamed, a swap seen at once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ONLY_HEADERS, PERMISSIONS_POLICY } from '../../server/app.ts';
import { swapCurrent } from '../../server/site/rebuild.ts';
import { SiteMemory } from '../../server/site-memory.ts';
import { buildTestApp, engines, type TestApp } from './helpers.ts';

const page = (title: string) => `<!doctype html><title>${title}</title><main>${'<p>A consultancy in Kathmandu.</p>'.repeat(80)}</main>`;

/** A build folder under siteDir/builds with these files. */
function writeBuild(siteDir: string, name: string, files: Record<string, string | Buffer>) {
  const dir = path.join(siteDir, 'builds', name);
  for (const [file, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), body);
  }
  return dir;
}

const decoded = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload);
  return res.rawPayload;
};
const KEPT_HEADERS = ['content-type', 'cache-control', 'content-security-policy', 'last-modified', 'accept-ranges'];

describe.each(engines)('the built site from memory on %s', (engine) => {
  let memory: TestApp;
  let streamed: TestApp;
  let siteDir: string;

  beforeAll(async () => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-memory-'));
    const build = writeBuild(siteDir, 'first', {
      'index.html': page('home'),
      'consultancy/index.html': page('consultancies'),
      '404.html': '<!doctype html><title>not here</title>',
      '_astro/island.Ab12.js': `export const x = ${JSON.stringify('island '.repeat(400))};`,
      'sw.js': `self.addEventListener('fetch', () => {}); // ${'cache '.repeat(300)}`,
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'big.bin': crypto.randomBytes(40_000),
    });
    swapCurrent(siteDir, build);
    // 20 KiB: every file but big.bin is kept
    memory = await buildTestApp(engine, { siteDir, env: { SITE_CACHE_MB: String(20 / 1024) } });
    streamed = await buildTestApp(engine, { siteDir, env: { SITE_CACHE_MB: '0' } });
  });
  afterAll(async () => {
    await memory?.close();
    await streamed?.close();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  it('sends the same bytes and headers as the streamed files for a page, an asset, the 404 and sw.js', async () => {
    for (const url of ['/', '/consultancy/', '/_astro/island.Ab12.js', '/sw.js', '/favicon.svg', '/no-such-page/', '/big.bin']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const headers = { 'accept-encoding': encoding };
        const [mine, before] = await Promise.all([memory.app.inject({ url, headers }), streamed.app.inject({ url, headers })]);
        expect(mine.statusCode, url).toBe(before.statusCode);
        expect(decoded(mine).equals(decoded(before)), `${url} ${encoding}`).toBe(true);
        for (const name of KEPT_HEADERS) expect(mine.headers[name], `${url} ${name}`).toBe(before.headers[name]);
        if (url !== '/big.bin' && mine.statusCode === 200 && encoding !== 'identity' && decoded(mine).length > 1024)
          expect(mine.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
      }
    }
    const home = await memory.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([home.headers['content-encoding'], home.headers.vary]).toEqual(['br', 'Accept-Encoding']);
    expect(home.rawPayload.length).toBeLessThan(page('home').length / 4);
  });

  it("sends the site's files other than pages without the headers only a document obeys, from memory and streamed; pages keep them", async () => {
    for (const app of [memory.app, streamed.app]) {
      for (const url of ['/_astro/island.Ab12.js', '/favicon.svg', '/sw.js', '/big.bin']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
        // what a script or a picture opened on its own does obey
        for (const name of ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy', 'strict-transport-security'])
          expect(res.headers[name], `${url} ${name}`).toBeDefined();
      }
      expect((await app.inject({ url: '/favicon.svg' })).headers['content-security-policy']).toBeDefined();
      expect((await app.inject({ url: '/sw.js' })).headers['content-security-policy']).toBeDefined();
      for (const url of ['/', '/consultancy/', '/no-such-page/']) {
        const res = await app.inject({ url });
        for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers[name], `${url} ${name}`).toBeDefined();
        expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
      }
      expect((await app.inject({ url: '/api/destination/' })).headers['x-frame-options']).toBeDefined();
    }
  });

  it('answers 304 to If-None-Match with its ETag, in any of its encodings, and to If-Modified-Since', async () => {
    const first = await memory.app.inject({ url: '/consultancy/', headers: { 'accept-encoding': 'identity' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const br = await memory.app.inject({ url: '/consultancy/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers.etag).toBe(`${etag.slice(0, -1)}-br"`);
    for (const tag of [etag, String(br.headers.etag), `W/${etag}`, `"other", ${etag}`]) {
      const again = await memory.app.inject({ url: '/consultancy/', headers: { 'if-none-match': tag } });
      expect([again.statusCode, again.body], tag).toEqual([304, '']);
      expect(again.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
    expect((await memory.app.inject({ url: '/consultancy/', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    const since = { 'if-modified-since': String(first.headers['last-modified']) };
    expect((await memory.app.inject({ url: '/consultancy/', headers: since })).statusCode).toBe(304);
  });

  it('streams a file larger than the bound, and a Range request, as @fastify/static did', async () => {
    const big = await memory.app.inject({ url: '/big.bin' });
    expect(big.statusCode).toBe(200);
    expect(big.headers.etag).toMatch(/^W\//); // @fastify/static's, from size and time
    const range = await memory.app.inject({ url: '/', headers: { range: 'bytes=0-9' } });
    expect([range.statusCode, range.body]).toEqual([206, '<!doctype ']);
  });

  it('serves a new build at once after the swap, and never a file of the old one', async () => {
    expect((await memory.app.inject({ url: '/' })).body).toContain('<title>home</title>');
    const next = writeBuild(siteDir, 'second', { 'index.html': page('new home'), '404.html': 'gone' });
    swapCurrent(siteDir, next);
    expect((await memory.app.inject({ url: '/' })).body).toContain('<title>new home</title>');
    expect((await memory.app.inject({ url: '/consultancy/' })).statusCode).toBe(404);
  });
});

describe('the memory of the built site', () => {
  it('holds no more than its bound, least recently used out first, and keeps an unchanged file across a swap', async () => {
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-memory-bound-'));
    try {
      const files = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}.bin`, crypto.randomBytes(3_000)]));
      const first = writeBuild(siteDir, 'first', files);
      swapCurrent(siteDir, first);
      const memory = new SiteMemory(siteDir, 10_000);
      for (const name of Object.keys(files)) expect((await memory.lookup(name))?.body.equals(files[name]!)).toBe(true);
      expect(memory.keptBytes).toBeGreaterThan(6_000);
      expect(memory.keptBytes).toBeLessThanOrEqual(10_000);
      // the next build links f7.bin (same inode): the copy in memory is the same object, not read again
      const kept = await memory.lookup('f7.bin');
      const second = path.join(siteDir, 'builds', 'second');
      fs.mkdirSync(second);
      fs.linkSync(path.join(first, 'f7.bin'), path.join(second, 'f7.bin'));
      swapCurrent(siteDir, second);
      expect(await memory.lookup('f7.bin')).toBe(kept);
      expect(await memory.lookup('f6.bin')).toBeNull();
    } finally {
      fs.rmSync(siteDir, { recursive: true, force: true });
    }
  });
  it('sends a page first at a fast brotli quality, then its best copy once made, the same bytes decoded', async () => {
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-memory-quality-'));
    try {
      // varied words, so the qualities differ in size
      const words = Array.from({ length: 4_000 }, (_, i) => `consultancy-${(i * 7919) % 1_009} Kathmandu ${i % 97}`);
      const body = Buffer.from(`<!doctype html><main>${words.join(' ')}</main>`);
      swapCurrent(siteDir, writeBuild(siteDir, 'first', { 'index.html': body }));
      const memory = new SiteMemory(siteDir, 1_000_000);
      const first = (await memory.lookup('index.html'))!;
      const fast = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
      expect(first.br?.equals(fast)).toBe(true);
      await memory.improved();
      const best = (await memory.lookup('index.html'))!;
      expect(best.br!.length).toBeLessThan(fast.length);
      expect(zlib.brotliDecompressSync(best.br!).equals(body)).toBe(true);
      expect([best.etag, best.gzip]).toEqual([first.etag, first.gzip]);
    } finally {
      fs.rmSync(siteDir, { recursive: true, force: true });
    }
  });
});
