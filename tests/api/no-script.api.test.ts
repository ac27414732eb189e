/**
 * The site without JavaScript (issue 22, server/no-script.ts): the apply and complaint forms posted
 * by the browser itself, and the tracking pages answered by the server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createConsultancy, engines, freshIp, multipart, type TestApp } from './helpers.ts';

/** What a browser sends with a form it submits itself. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const SLOT = '<noscript><div data-no-script-result></div></noscript>';
const page = (title: string) => `<!doctype html><html><body><h1>${title}</h1><form method="get"></form>${SLOT}</body></html>`;

describe.each(engines)('without JavaScript on %s', (engine) => {
  let t: TestApp;
  let consultancyId: number;
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-script-site-'));

  beforeAll(async () => {
    const build = path.join(siteDir, 'builds', 'one');
    fs.mkdirSync(path.join(build, 'track'), { recursive: true });
    fs.mkdirSync(path.join(build, 'complaint', 'track'), { recursive: true });
    fs.writeFileSync(path.join(build, 'track', 'index.html'), page('Track your application'));
    fs.writeFileSync(path.join(build, 'complaint', 'track', 'index.html'), page('Follow your complaint'));
    fs.writeFileSync(path.join(build, '404.html'), '<h1>Not found</h1>');
    fs.symlinkSync(path.join('builds', 'one'), path.join(siteDir, 'current'));
    t = await buildTestApp(engine, { siteDir });
    consultancyId = await createConsultancy(t.database.db, 'Himal Education');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  const post = (
    url: string,
    fields: Record<string, string>,
    accept = BROWSER_ACCEPT,
    referer = 'http://localhost/consultancy/himal/apply/',
  ) => {
    const form = multipart(fields);
    return t.app.inject({
      method: 'POST',
      url,
      remoteAddress: freshIp(),
      payload: form.payload,
      headers: { ...form.headers, accept, referer },
    });
  };
  // as the browser sends the apply form: every field, empty ones too
  const application = (extra: Record<string, string> = {}) => ({
    consultancy: String(consultancyId),
    full_name: 'Asha Gurung',
    email: 'asha@example.com',
    phone: '9841234567',
    address: '',
    destination: '',
    university: '',
    preferred_intake: '',
    education_level: '',
    message: '',
    ...extra,
  });

  it('an application posted by the browser is answered 303 to its tracking page, which shows it', async () => {
    const res = await post('/api/consultancy-application/submit/', application());
    expect(res.statusCode).toBe(303);
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/track\/\?code=[\w-]+$/);
    const code = new URL(location, 'http://x').searchParams.get('code')!;
    const tracked = await t.app.inject({ url: location, remoteAddress: freshIp() });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.headers['cache-control']).toBe('no-store');
    expect(tracked.body).toContain('<h1>Track your application</h1>');
    expect(tracked.body).toContain('data-no-script-application');
    expect(tracked.body).toContain('Himal Education');
    expect(tracked.body).toContain(code);
    expect(tracked.body).toContain('Application submitted.');
    expect(tracked.body).not.toContain('data-no-script-result');
  });

  it('the same endpoint still answers our scripts with JSON', async () => {
    const res = await post('/api/consultancy-application/submit/', application({ email: 'json@example.com' }), 'application/json');
    expect(res.statusCode).toBe(201);
    expect(res.json().tracking_code).toBeTruthy();
  });

  it('a mistake in a browser post is a page saying what is wrong, field by field, with a link back; never a 500', async () => {
    const res = await post('/api/consultancy-application/submit/', application({ phone: 'call me', email: 'not-an-address' }));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Some values are not valid.');
    expect(res.body).toMatch(/<strong>Phone<\/strong>: /);
    expect(res.body).toMatch(/<strong>Email<\/strong>: /);
    expect(res.body).toContain('<a href="/consultancy/himal/apply/">Go back to the form</a>');
  });

  it('a link back never leads off the site', async () => {
    const res = await post(
      '/api/consultancy-application/submit/',
      application({ phone: 'x' }),
      BROWSER_ACCEPT,
      'https://evil.example/phish',
    );
    expect(res.body).toContain('<a href="/">Go back to the form</a>');
  });

  it('a complaint posted by the browser is answered 303 to its follow-up page, which shows it', async () => {
    const res = await post(
      '/api/complaint/submit/',
      {
        name: 'Sita Gurung',
        email: 'sita@example.com',
        phone: '',
        consultancy: '',
        subject: 'Fees not refunded',
        message: 'They never refunded the processing fee.',
      },
      BROWSER_ACCEPT,
      'http://localhost/complaint/',
    );
    expect(res.statusCode).toBe(303);
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/complaint\/track\/\?code=[\w-]+$/);
    const followed = await t.app.inject({ url: location, remoteAddress: freshIp() });
    expect(followed.body).toContain('data-no-script-complaint');
    expect(followed.body).toContain('Fees not refunded');
    expect(followed.body).toContain('They never refunded the processing fee.');
  });

  it('a code that finds nothing says so on the page; without a code the page is as built', async () => {
    const wrong = await t.app.inject({ url: '/track/?code=NOPE-NOPE', remoteAddress: freshIp() });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toMatch(/<p class="error" role="alert">[^<]+<\/p>/);
    const plain = await t.app.inject({ url: '/track/', remoteAddress: freshIp() });
    expect(plain.body).toBe(page('Track your application'));
  });

  it('what the page writes is escaped', async () => {
    const res = await post(
      '/api/complaint/submit/',
      { name: 'Ram', email: 'ram@example.com', subject: '<script>alert(1)</script>', message: 'A message with <b>markup</b> in it.' },
      BROWSER_ACCEPT,
      'http://localhost/complaint/',
    );
    expect(res.statusCode).toBe(303);
    const followed = await t.app.inject({ url: res.headers.location as string, remoteAddress: freshIp() });
    expect(followed.body).not.toContain('<script>alert(1)</script>');
    expect(followed.body).not.toContain('<b>markup</b>');
  });
});
