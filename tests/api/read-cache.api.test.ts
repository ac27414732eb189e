/**
 * Public reads are cached by the kinds of content they read (server/plugins/public-cache.ts): a
 * write moves only its kinds' versions, so a forum post leaves the consultancies' ETag alone and a
 * consultancy update moves it; If-None-Match gets a 304; only anonymous public reads say
 * `Cache-Control: public`; the in-process copy is bounded in bytes; and a write is seen by the next
 * read, on this instance and on another one over the same database.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { readKindVersions } from '../../server/content-version.ts';
import { rowsOf } from '../../server/db/index.ts';
import { versionsWithRow } from '../../server/entities/query.ts';
import { serverEntity } from '../../server/entities/registry.ts';
import { answerCache, PUBLIC_CACHE_CONTROL } from '../../server/plugins/public-cache.ts';
import { localStorage } from '../../server/storage/index.ts';
import {
  bearer,
  buildTestApp,
  createConsultancy,
  createForumCategory,
  engines,
  multipart,
  signedIn,
  tokenFor,
  type Session,
  type TestApp,
} from './helpers.ts';

const LIST = '/api/consultancy/';

/** A second API instance over the same database, as a second server process would be: its own cache, nothing shared in memory but the database. */
async function secondInstance(t: TestApp): Promise<FastifyInstance> {
  const config = { ...loadConfig({ DATA_DIR: t.uploadsDir }), production: false };
  const app = await buildApp({
    config,
    database: t.database,
    storage: localStorage(config.uploadsDir, config.mediaBaseUrl),
    privateStorage: t.privateStorage,
    jwtSecret: 'test-secret-'.padEnd(40, 'x'),
  });
  await app.ready();
  return app;
}

describe('the cache of answers', () => {
  it('keeps no more bytes than it is given, dropping the least recently used', () => {
    const cache = answerCache(10_000)!;
    const body = 'x'.repeat(900);
    for (let i = 0; i < 50; i++) cache.set(`/api/consultancy/?page=${i}`, { body, etag: `"${i}"`, type: 'application/json' });
    expect(cache.calculatedSize).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThan(50);
    expect(cache.has('/api/consultancy/?page=49')).toBe(true);
    expect(cache.has('/api/consultancy/?page=0')).toBe(false);
  });

  it('keeps nothing when given no memory', () => {
    expect(answerCache(0)).toBeNull();
  });
});

describe.each(engines)('public read cache on %s', (engine) => {
  let t: TestApp;
  let other: FastifyInstance;
  let admin: { auth: { authorization: string } };
  let student: Session;
  let category: { id: number };
  let consultancy: number;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    other = await secondInstance(t);
    admin = await tokenFor(t, 'admin');
    student = await signedIn(t.app, t.database.db, 'student');
    category = await createForumCategory(t.database.db, 'Visa');
    consultancy = await createConsultancy(t.database.db, 'Himalaya Education');
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
  const ask = async (app: FastifyInstance, title: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/forum/questions/',
      headers: bearer(student),
      payload: { title, body: 'Which documents does the embassy ask for?', category: category.id },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const rename = async (app: FastifyInstance, phone: string) => {
    const form = multipart({ phone });
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/consultancy/${consultancy}/update/`,
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const phoneIn = (body: string) =>
    (JSON.parse(body) as { results: { id: number; phone: string }[] }).results.find((r) => r.id === consultancy)?.phone;

  it('a forum write leaves the consultancy list’s ETag as it was; a consultancy update moves it', async () => {
    const first = await get(t.app, LIST);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    await ask(t.app, 'Student visa for Japan: what to bring?');
    const afterForum = await get(t.app, LIST);
    expect(afterForum.headers.etag).toBe(etag);
    expect(afterForum.body).toBe(first.body);

    const forum = await get(t.app, '/api/forum/questions/');
    await ask(t.app, 'Student visa for Korea: how long?');
    expect((await get(t.app, '/api/forum/questions/')).headers.etag).not.toBe(forum.headers.etag);

    await rename(t.app, '01-4400001');
    const afterUpdate = await get(t.app, LIST);
    expect(afterUpdate.headers.etag).not.toBe(etag);
    expect(phoneIn(afterUpdate.body)).toBe('01-4400001');
  });

  it('a detail moves with its own row and the names it shows, not with another row of its kind', async () => {
    const send = async (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method, url, headers: admin.auth, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as { id: number };
    };
    const district = (await send('POST', '/api/districts/create/', { name: 'Kaski', province: 'Gandaki' })).id;
    const one = (await send('POST', '/api/consultancy/create/', { name: 'Annapurna Abroad' })).id;
    const two = (await send('POST', '/api/consultancy/create/', { name: 'Fewa Abroad', districts: [district] })).id;
    const detail = `/api/consultancy/${two}/`;
    const etagOf = async () => {
      const res = await get(t.app, detail);
      expect(res.statusCode, res.body).toBe(200);
      return { etag: res.headers.etag, body: JSON.parse(res.body) as { phone: string; related: { districts: { label: string }[] } } };
    };
    const before = await etagOf();
    expect(before.body.related.districts.map((d) => d.label)).toEqual(['Kaski']);

    await send('PATCH', `/api/consultancy/${one}/update/`, { phone: '061-500001' });
    expect((await etagOf()).etag).toBe(before.etag);
    expect((await get(t.app, detail, { 'if-none-match': String(before.etag) })).statusCode).toBe(304);

    await send('PATCH', detail.replace(/\/$/, '/update/'), { phone: '061-500002' });
    const written = await etagOf();
    expect(written.etag).not.toBe(before.etag);
    expect(written.body.phone).toBe('061-500002');

    await send('PATCH', `/api/districts/${district}/update/`, { name: 'Kaski (Pokhara)' });
    const renamed = await etagOf();
    expect(renamed.etag).not.toBe(written.etag);
    expect(renamed.body.related.districts.map((d) => d.label)).toEqual(['Kaski (Pokhara)']);
    // the other instance, which never held it, answers the same
    expect((await get(other, detail)).headers.etag).toBe(renamed.etag);
  });

  it('reads a detail’s key in one statement: every kind’s version and the row’s own, by id or slug, null for no such row', async () => {
    const db = t.database.db;
    const entity = serverEntity('consultancy');
    const [row] = rowsOf<{ id: number; slug: string; xmin: string }>(
      await db.execute(sql`SELECT id, slug, xmin::text AS xmin FROM consultancies WHERE id = ${consultancy}`),
    );
    const kinds = await readKindVersions(db);
    expect(kinds.size).toBeGreaterThan(0);
    for (const key of [String(row!.id), row!.slug])
      expect(await versionsWithRow(db, entity, key)).toEqual({ versions: kinds, row: row!.xmin });
    expect(await versionsWithRow(db, entity, '999999')).toEqual({ versions: kinds, row: null });
    expect(await versionsWithRow(db, entity, 'no-such-consultancy')).toEqual({ versions: kinds, row: null });
  });

  it('answers 304 with no body to a request that names the current ETag, here and on another instance', async () => {
    const { etag } = (await get(t.app, LIST)).headers as { etag: string };
    for (const app of [t.app, other]) {
      const again = await get(app, LIST, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    }
    const stale = await get(t.app, LIST, { 'if-none-match': '"an-older-one"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(etag);
  });

  it('a write is seen by the next read, on the instance that wrote and on another one', async () => {
    // both instances hold the list in their caches
    for (const app of [t.app, other]) expect(phoneIn((await get(app, LIST)).body)).toBe('01-4400001');
    await rename(other, '01-4400002');
    for (const app of [t.app, other]) expect(phoneIn((await get(app, LIST)).body)).toBe('01-4400002');
    await rename(t.app, '01-4400003');
    for (const app of [other, t.app])
      expect((JSON.parse((await get(app, `/api/consultancy/${consultancy}/`)).body) as { phone: string }).phone).toBe('01-4400003');

    const titles = async (app: FastifyInstance) =>
      (JSON.parse((await get(app, '/api/forum/questions/')).body) as { results: { title: string }[] }).results.map((q) => q.title);
    await titles(t.app);
    await ask(other, 'Seen at once on every instance?');
    expect(await titles(t.app)).toContain('Seen at once on every instance?');
  });

  it('says public only to anonymous callers of the cached reads, and never to a caller with a token', async () => {
    expect(t.app.publicCacheRoutes.length).toBeGreaterThan(20);
    const listed = new Map(t.app.routeList.map((r) => [`${r.method} ${r.url}`, r.access]));
    const user = await tokenFor(t, 'student');
    for (const url of t.app.publicCacheRoutes) {
      // the cached routes are the public reads only
      expect(['public', 'optional'], url).toContain(listed.get(`GET ${url}`));
      if (url.includes(':')) continue;
      // the reads that need a parameter get one
      const path = url.startsWith('/api/ads/') ? `${url}?placement=banner` : url === '/api/search/' ? `${url}?q=nursing` : url;
      const anonymous = await get(t.app, path);
      expect(anonymous.statusCode, path).toBe(200);
      expect(anonymous.headers['cache-control'], path).toBe(PUBLIC_CACHE_CONTROL);
      expect(anonymous.headers.etag, path).toBeDefined();
      for (const auth of [admin.auth, user.auth]) {
        const personal = await get(t.app, path, auth);
        expect(personal.headers['cache-control'], path).toBe('no-store');
        expect(personal.headers.etag, path).toBeUndefined();
      }
    }
    // the detail, with a token: the same rule
    const detail = `/api/consultancy/${consultancy}/`;
    expect((await get(t.app, detail)).headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect((await get(t.app, detail, user.auth)).headers['cache-control']).toBe('no-store');
  });

  it('never says public on any other read: tracking codes, dashboards, the admins’ lists', async () => {
    const cached = new Set(t.app.publicCacheRoutes);
    const others = t.app.routeList.filter((r) => r.method === 'GET' && !cached.has(r.url));
    expect(others.length).toBeGreaterThan(10);
    for (const route of others) {
      const url = route.url.replace(/:\w+/g, '1');
      const res = await get(t.app, url);
      expect(res.headers['cache-control'] ?? '', `${url} ${res.statusCode}`).not.toMatch(/public/);
      expect(res.headers.etag, url).toBeUndefined();
    }
  });
});
