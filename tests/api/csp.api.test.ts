/**
 * Native form posts to pages, and Content-Security-Policy headers: API replies and media may load and run nothing and be framed by
 * nobody; pages from the built site get the header half of their policy (the other half, with the
 * hashes of their inline scripts, is the <meta> Astro writes: tests/e2e/site-security.e2e.test.ts);
 * the API reference has Swagger UI's own hashes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_HEADER_POLICY, mediaOrigins, pageDirectives } from '../../src/lib/shared/csp.ts';
import { MEDIA_POLICY } from '../../server/bootstrap.ts';
import { buildTestApp, engines, type TestApp } from './helpers.ts';

const API_POLICY = "default-src 'none';frame-ancestors 'none'";

describe.each(engines)('Content-Security-Policy headers on %s', (engine) => {
  let t: TestApp;
  let siteDir: string;

  beforeAll(async () => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-site-'));
    const build = path.join(siteDir, 'build');
    fs.mkdirSync(path.join(build, 'admin'), { recursive: true });
    fs.mkdirSync(path.join(build, '_astro'), { recursive: true });
    for (const file of ['index.html', 'admin/index.html', '404.html'])
      fs.writeFileSync(path.join(build, file), '<!doctype html><title>x</title>');
    fs.writeFileSync(path.join(build, '_astro', 'island.js'), 'export {};');
    fs.symlinkSync('build', path.join(siteDir, 'current'));
    t = await buildTestApp(engine, { siteDir });
    fs.writeFileSync(path.join(t.uploadsDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  const csp = async (url: string, method: 'GET' | 'POST' = 'GET') =>
    (await t.app.inject({ method, url })).headers['content-security-policy'];

  it('JSON replies, errors included, and uploaded media: nothing may load or run', async () => {
    expect(await csp('/api/consultancy/')).toBe(API_POLICY);
    expect(await csp('/api/consultancy/no-such-row/')).toBe(API_POLICY);
    expect(await csp('/api/auth/login/', 'POST')).toBe(API_POLICY);
    expect(await csp('/media/logo.svg')).toBe(MEDIA_POLICY);
  });

  it('uploaded files never run on our origin: every one a sandboxed document, a PDF always downloaded', async () => {
    fs.writeFileSync(
      path.join(t.uploadsDir, 'brochure.pdf'),
      '%PDF-1.4\n1 0 obj<</OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF\n',
    );
    const pdf = await t.app.inject({ url: '/media/brochure.pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment');
    expect(pdf.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const svg = await t.app.inject({ url: '/media/logo.svg' });
    expect(svg.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(svg.headers['content-disposition']).toBeUndefined();
  });

  it('pages and the console shell: no framing, no plugins, no foreign base or form targets', async () => {
    expect(await csp('/')).toBe(PAGE_HEADER_POLICY);
    expect(await csp('/admin/')).toBe(PAGE_HEADER_POLICY);
    expect(await csp('/admin/consultancy/7/')).toBe(PAGE_HEADER_POLICY);
    expect(await csp('/no/such/page/')).toBe(PAGE_HEADER_POLICY);
    expect(PAGE_HEADER_POLICY).toContain("frame-ancestors 'none'");
    expect(PAGE_HEADER_POLICY).not.toMatch(/script-src|unsafe-inline/);
  });

  it('a form posted natively to a page (before its island is live) goes back to the page, with nothing in the URL', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login/?next=%2Fforum%2F',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.test&password=secret-pass',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login/?next=%2Fforum%2F');
    const offSite = await t.app.inject({
      method: 'POST',
      url: '//evil.example/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'q=1',
    });
    expect(offSite.statusCode).toBe(303);
    expect(offSite.headers.location).toBe('/');
    // the API keeps its JSON errors
    expect((await t.app.inject({ method: 'POST', url: '/api/no-such-thing/' })).statusCode).not.toBe(303);
  });

  it("every unknown path under /api/ answers a JSON 404 in the error shape, for every method, while pages keep the site's 404", async () => {
    for (const url of ['/api', '/api/', '/api/anything/', '/api/anything', '/api/destination/extra/path/', '/api/?x=1'])
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url, remoteAddress: '10.9.0.1' });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
        expect(res.json().error, `${method} ${url}`).toMatch(/^No route \w+ \/api/);
      }
    const page = await t.app.inject({ url: '/no-such-page/', remoteAddress: '10.9.0.2' });
    expect([page.statusCode, page.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
  });

  it('limits probing for routes: the 121st unknown path in a minute from one address gets 429', async () => {
    const probe = (i: number) => t.app.inject({ url: `/api/probe-${i}/`, remoteAddress: '10.9.0.3' });
    for (let i = 0; i < 120; i++) expect((await probe(i)).statusCode).toBe(404);
    const limited = await probe(120);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it("never limits the site: the console's client-routed pages are answered by the same fallback", async () => {
    for (let i = 0; i < 130; i++)
      expect((await t.app.inject({ url: `/admin/resource-${i}/`, remoteAddress: '10.9.0.4' })).statusCode).toBe(200);
  });

  it("the API reference: Swagger UI's own policy, scripts from our origin only, framed by nobody", async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self'[^;]*;/);
    expect(policy).toContain("script-src-attr 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('upgrade-insecure-requests');
  });
});

describe('page directives from the configuration', () => {
  it('media on our own origin: self only', () => {
    expect(mediaOrigins(undefined)).toEqual([]);
    expect(mediaOrigins('/media')).toEqual([]);
    expect(pageDirectives({})).toContain("img-src 'self'");
  });

  it('media from a bucket or CDN (MEDIA_BASE_URL): its origin may serve images and be fetched', () => {
    const directives = pageDirectives({ MEDIA_BASE_URL: 'https://cdn.example.com/media' });
    expect(directives).toContain("img-src 'self' https://cdn.example.com");
    expect(directives).toContain("connect-src 'self' https://cdn.example.com");
    expect(directives).toContain("object-src 'none'");
    expect(directives.join(';')).not.toContain('unsafe-inline');
  });
});
