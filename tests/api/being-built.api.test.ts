import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, engines, type TestApp } from './helpers.ts';
import { swapCurrent } from '../../server/site/rebuild.ts';

// Before the first build a deep link answered a plain-text 404 while / said the site is being built.
describe.each(engines)('the "being built" page before the first build on %s', (engine) => {
  let t: TestApp;
  let siteDir: string;
  beforeAll(async () => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'being-built-'));
    t = await buildTestApp(engine, { siteDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  it('answers every page path with it, 503 with Retry-After, never stored, and answers once', async () => {
    // a second answer to the same request is only logged ("Reply was already sent"): catch the log
    const warn = vi.spyOn(t.app.log, 'warn');
    expect((await t.app.inject({ url: '/' })).body).toContain('The site is being built');
    for (const url of ['/forum/', '/consultancy/some-slug/', '/admin/', '/dashboard/complaints/', '/forum/12/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['retry-after'], url).toBe('10');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).toContain('The site is being built');
    }
    expect(warn.mock.calls.map((call) => JSON.stringify(call))).not.toContainEqual(expect.stringContaining('already sent'));
    warn.mockRestore();
  });

  it('gives way to the build once one is served', async () => {
    const build = path.join(siteDir, 'builds', 'first');
    fs.mkdirSync(path.join(build, 'admin'), { recursive: true });
    fs.writeFileSync(path.join(build, 'index.html'), '<!doctype html><title>home</title>');
    fs.writeFileSync(path.join(build, '404.html'), '<!doctype html><title>not here</title>');
    fs.writeFileSync(path.join(build, 'admin', 'index.html'), '<!doctype html><title>console</title>');
    swapCurrent(siteDir, build);
    const missing = await t.app.inject({ url: '/forum/' });
    expect([missing.statusCode, missing.body]).toEqual([404, '<!doctype html><title>not here</title>']);
    expect((await t.app.inject({ url: '/admin/' })).body).toContain('console');
  });
});
