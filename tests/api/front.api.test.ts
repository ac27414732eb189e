/**
 * The front of `npm start` on PGlite (server/front, issue 25): it answers the built site's files
 * and the API's anonymous public reads without the back, while their kinds are unchanged, with the
 * same bytes and headers the back gives; a write is seen by the next read through it; a signed-in
 * read and every write go to the back, with the caller's address, the path as sent and the body
 * unread. The two threads are two servers in this process here (the board and the posted answers
 * are what the threads share); stop.api.test.ts runs them as `npm start` does.
 */
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { Client, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { bumpContentVersion } from '../../server/content-version.ts';
import { FrontAnswers } from '../../server/front/front-answers.ts';
import { buildFront, oneHopMore } from '../../server/front/front.ts';
import { KindBoard } from '../../server/front/kind-board.ts';
import { FrontTally } from '../../server/front/tally.ts';
import { countFrontAnswers } from '../../server/ops/metrics.ts';
import { swapCurrent } from '../../server/site/rebuild.ts';
import {
  bearer,
  buildTestApp,
  closedPort,
  createConsultancy,
  createForumCategory,
  multipart,
  signedIn,
  tokenFor,
  type TestApp,
} from './helpers.ts';

const LIST = '/api/consultancy/';
const BR = { 'accept-encoding': 'gzip, deflate, br' };
/** set per answer by the server that sends it */
const OWN = ['date', 'connection', 'keep-alive'];

const headersOf = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !OWN.includes(name)));

describe('the front thread', () => {
  let t: TestApp;
  let front: FastifyInstance;
  let base: string;
  let client: Client;
  const tally = new FrontTally();
  let backBase: string;
  let siteDir: string;
  let admin: { auth: { authorization: string } };
  let consultancy: number;
  let category: { id: number };
  /** what reached the back: method, path as received, X-Forwarded-* */
  const reached: { method: string; url: string; forwarded: (string | undefined)[] }[] = [];

  beforeAll(async () => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'front-'));
    const build = path.join(siteDir, 'builds', 'one');
    fs.mkdirSync(path.join(build, '_astro'), { recursive: true });
    fs.writeFileSync(path.join(build, 'index.html'), `<!doctype html><title>Home</title>${'<p>Study in Australia.</p>'.repeat(100)}`);
    fs.writeFileSync(path.join(build, '_astro', 'site.js'), `export const x = ${JSON.stringify('y'.repeat(3000))};`);
    swapCurrent(siteDir, build);

    const board = new KindBoard();
    const answers = new FrontAnswers(board, 4 * 1024 * 1024);
    // structuredClone: what crossing the threads does to a posted answer
    t = await buildTestApp('pglite', {
      siteDir,
      front: { answer: (a) => answers.keep(structuredClone(a)), versions: (v) => board.raise(v) },
    });
    t.app.server.on('request', (req: IncomingMessage) =>
      reached.push({
        method: req.method!,
        url: req.url!,
        forwarded: ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'].map((h) => req.headers[h] as string | undefined),
      }),
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    backBase = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const config = { ...loadConfig({ DATA_DIR: t.uploadsDir, SITE_DIR: siteDir }), production: false, logLevel: 'warn' };
    front = await buildFront(config, backBase, answers, tally);
    await front.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(front.server.address() as { port: number }).port}`;
    client = new Client(base);

    admin = await tokenFor(t, 'admin');
    consultancy = await createConsultancy(t.database.db, 'Himalaya Education');
    // a list above compression's sync threshold: streamed, compressed as it goes out
    for (let i = 0; i < 30; i++) await createConsultancy(t.database.db, `Everest Education Consultancy ${i}`);
    category = await createForumCategory(t.database.db, 'Visa');
  });
  afterAll(async () => {
    await client?.close();
    await front?.close();
    await t?.close();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  const call = async (url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}) => {
    const before = reached.length;
    // the path as written, not as a URL would normalize it
    const res = await client.request({
      path: url,
      method: (options.method ?? 'GET') as 'GET',
      headers: options.headers,
      body: options.body,
    });
    const body = Buffer.from(await res.body.arrayBuffer());
    return { status: res.statusCode, headers: res.headers as Record<string, string>, body, toBack: reached.length - before };
  };
  const fromBack = async (url: string, headers: Record<string, string> = {}) => {
    const res = await request(backBase + url, { headers });
    return { status: res.statusCode, headers: res.headers as Record<string, string>, body: Buffer.from(await res.body.arrayBuffer()) };
  };
  const phoneIn = (body: Buffer) =>
    (JSON.parse(body.toString()) as { results: { id: number; phone: string }[] }).results.find((r) => r.id === consultancy)?.phone;

  it('answers a public read again without the back, with the bytes and headers the back sent', async () => {
    const first = await call(LIST, { headers: BR });
    expect(first.status).toBe(200);
    expect(first.toBack).toBe(1);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['transfer-encoding']).toBe('chunked');
    const again = await call(LIST, { headers: BR });
    expect(again.toBack).toBe(0);
    expect(again.body.equals(first.body)).toBe(true);
    // the same headers, but that the front knows the length of what it sends
    expect(again.headers['content-length']).toBe(String(first.body.length));
    const { 'content-length': _, ...sent } = headersOf(again.headers);
    expect(sent).toEqual(headersOf({ ...first.headers, 'transfer-encoding': undefined }));
    // another Accept-Encoding is another answer: the back makes it once
    const plain = await call(LIST);
    expect(plain.toBack).toBe(1);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((await call(LIST)).toBack).toBe(0);
  });

  it('answers If-None-Match with the 304 the back gives', async () => {
    const { headers } = await call(LIST, { headers: BR });
    const notModified = await call(LIST, { headers: { ...BR, 'if-none-match': headers.etag! } });
    expect(notModified.status).toBe(304);
    expect(notModified.toBack).toBe(0);
    expect(notModified.body.length).toBe(0);
    const backs = await fromBack(LIST, { ...BR, 'if-none-match': headers.etag! });
    expect(backs.status).toBe(304);
    // the Vary of the 200 it stands for (RFC 9110 §15.4.5), where the back's own 304 names only Authorization
    const { vary, ...rest } = headersOf(notModified.headers);
    expect(vary).toBe(headers.vary);
    expect(rest).toEqual(headersOf({ ...backs.headers, vary: undefined }));
  });

  it('sends a read to the back once a write to a kind it reads returned, and not for a write to another kind', async () => {
    const student = await signedIn(t.app, t.database.db, 'student');
    expect((await call(LIST, { headers: BR })).toBack).toBe(0);
    const asked = await call('/api/forum/questions/', {
      method: 'POST',
      headers: { ...bearer(student), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Student visa for Japan: what to bring?', body: 'Which documents?', category: category.id }),
    });
    expect(asked.status, asked.body.toString()).toBe(201);
    expect((await call(LIST, { headers: BR })).toBack).toBe(0);

    const form = multipart({ phone: '01-4400001' });
    const renamed = await call(`/api/consultancy/${consultancy}/update/`, {
      method: 'PATCH',
      headers: { ...admin.auth, ...(form.headers as Record<string, string>) },
      body: form.payload,
    });
    expect(renamed.status, renamed.body.toString()).toBe(200);
    const next = await call(LIST);
    expect(next.toBack).toBe(1);
    expect(phoneIn(next.body)).toBe('01-4400001');
  });

  it('sees a write made outside any request (the outbox’s notices) within two seconds', async () => {
    await call(LIST);
    expect((await call(LIST)).toBack).toBe(0);
    await bumpContentVersion(t.database.db, ['consultancy']);
    await vi.waitFor(async () => expect((await call(LIST)).toBack).toBe(1), { timeout: 3000, interval: 100 });
  });

  it('keeps a detail across writes to other rows of its kind only while its own kind is unchanged', async () => {
    const detail = `/api/consultancy/${consultancy}/`;
    expect((await call(detail)).toBack).toBe(1);
    expect((await call(detail)).toBack).toBe(0);
    const student = await signedIn(t.app, t.database.db, 'student');
    const made = await call('/api/forum/questions/', {
      method: 'POST',
      headers: { ...bearer(student), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Which banks give education loans?', body: 'For Australia.', category: category.id }),
    });
    expect(made.status, made.body.toString()).toBe(201);
    // the forum is not a kind a consultancy's detail reads
    expect((await call(detail)).toBack).toBe(0);
    const form = multipart({ phone: '01-4400002' });
    await call(`/api/consultancy/${consultancy}/update/`, {
      method: 'PATCH',
      headers: { ...admin.auth, ...(form.headers as Record<string, string>) },
      body: form.payload,
    });
    const next = await call(detail);
    expect(next.toBack).toBe(1);
    expect((JSON.parse(next.body.toString()) as { phone: string }).phone).toBe('01-4400002');
  });

  it('passes on a HEAD and a 304 the back answers as the back sends them', async () => {
    const head = await call('/api/university/', { method: 'HEAD' });
    expect(head.toBack).toBe(1);
    const backs = await request(backBase + '/api/university/', { method: 'HEAD' });
    await backs.body.dump();
    expect(head.headers['content-length']).toBe(backs.headers['content-length']);
    // the back's own 304: the front has no copy for an Accept-Encoding not asked before (the ETag is the same for all)
    const { headers } = await fromBack('/api/university/', { 'accept-encoding': 'identity' });
    // nor of an answer the back gave a caller that came straight to it (the site's renderer)
    expect((await call('/api/university/', { headers: { 'accept-encoding': 'identity' } })).toBack).toBe(1);
    const unasked = { 'accept-encoding': 'gzip;q=0.5' };
    const notModified = await call('/api/university/', { headers: { ...unasked, 'if-none-match': headers.etag! } });
    expect(notModified.toBack).toBe(1);
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    // and the connection it came on serves the next answer whole
    const next = await call('/api/university/', { headers: unasked });
    expect(next.status).toBe(200);
    const text = next.headers['content-encoding'] === 'gzip' ? gunzipSync(next.body) : next.body;
    expect(JSON.parse(text.toString())).toHaveProperty('results');
  });

  it('never answers a signed-in read from its copies', async () => {
    await call(LIST);
    const signed = await call(LIST, { headers: admin.auth });
    expect(signed.toBack).toBe(1);
    expect(signed.headers['cache-control']).toBe('no-store');
  });

  it('serves the built site from memory with the headers the back gives its files', async () => {
    for (const file of ['/', '/_astro/site.js']) {
      const own = await call(file, { headers: BR });
      expect(own.status).toBe(200);
      expect(own.toBack).toBe(0);
      const backs = await fromBack(file, BR);
      expect(own.body.equals(backs.body)).toBe(true);
      expect(headersOf(own.headers)).toEqual(headersOf(backs.headers));
    }
    // what memory does not have is the back's (its 404 page, here none: the text 404)
    const missing = await call('/nowhere/');
    expect(missing.toBack).toBe(1);
    expect(missing.status).toBe(404);
  });

  it('passes the path as it came, the caller’s address appended, and its own reading of protocol and host', async () => {
    const before = reached.length;
    const res = await call('/api/consultancy\\..\\1/', {
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    const seen = reached[before]!;
    expect(seen.url).toBe('/api/consultancy\\..\\1/');
    // TRUST_PROXY unset: the caller's own headers are not believed, and the back trusts only the front's hop
    expect(seen.forwarded).toEqual(['203.0.113.7, 127.0.0.1', 'http', base.replace('http://', '')]);
    const direct = new Client(backBase);
    const backs = await direct.request({ path: seen.url, method: 'GET' });
    expect(res.status).toBe(backs.statusCode);
    await backs.body.dump();
    await direct.close();
    expect(oneHopMore(false)).toBe(1);
    expect(oneHopMore(2)).toBe(3);
    expect(oneHopMore(['10.0.0.0/8'])).toEqual(['10.0.0.0/8', 'loopback']);
  });

  it('counts what it answered itself, and the back’s metrics report it', async () => {
    // kept from here on, whoever answered this one
    await call(LIST);
    const before = tally.read();
    expect((await call('/')).toBack).toBe(0);
    const { headers, toBack } = await call(LIST);
    expect(toBack).toBe(0);
    expect((await call(LIST, { headers: { 'if-none-match': headers.etag! } })).status).toBe(304);
    await call('/api/nowhere/');
    expect(tally.read()).toEqual({ page: before.page + 1, answer: before.answer + 1, not_modified: before.not_modified + 1 });
    countFrontAnswers(() => tally.read());
    const metrics = await t.app.inject({ url: '/api/metrics', headers: admin.auth });
    expect(metrics.body).toContain(`front_answers_total{what="answer"} ${tally.read().answer}`);
  });

  it('leaves a bad body to the back, which answers in the error shape', async () => {
    const res = await call('/api/auth/login/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString())).toEqual({ error: expect.any(String) });
  });

  it('answers 502 in the error shape when the back cannot be reached', async () => {
    const config = { ...loadConfig({ DATA_DIR: t.uploadsDir, SITE_DIR: siteDir }), production: false, logLevel: 'fatal' };
    const orphan = await buildFront(config, `http://127.0.0.1:${await closedPort()}`, new FrontAnswers(new KindBoard(), 1024));
    try {
      const res = await orphan.inject({ url: '/api/consultancy/' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: expect.any(String) });
    } finally {
      await orphan.close();
    }
  });
});
