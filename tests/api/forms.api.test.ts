import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  bearer,
  buildTestApp,
  createConsultancy,
  createDestination,
  createExam,
  engines,
  expectErrorShape,
  freshIp,
  multipart,
  samplePdf,
  signedIn,
  type TestApp,
} from './helpers.ts';
import { complaints, inquiries, pageviews } from '../../server/db/schema/index.ts';

type Session = Awaited<ReturnType<typeof signedIn>>;

describe.each(engines)('public forms on %s', (engine) => {
  let t: TestApp;
  let consultancyId: number;
  let otherConsultancyId: number;
  let destinationId: number;
  let examId: number;
  let admin: Session;
  let agent: Session;
  let n = 0;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    consultancyId = await createConsultancy(t.database.db, 'Himalayan Study Abroad');
    otherConsultancyId = await createConsultancy(t.database.db);
    destinationId = await createDestination(t.database.db);
    examId = await createExam(t.database.db);
    admin = await signedIn(t.app, t.database.db, 'admin');
    agent = await signedIn(t.app, t.database.db, 'consultancy', { consultancy_id: consultancyId });
  });
  afterAll(() => t.close());

  const rows = async (table: typeof complaints | typeof inquiries | typeof pageviews) =>
    (await t.database.db.select({ n: count() }).from(table as typeof complaints))[0]!.n;
  const post = (url: string, payload: unknown, remoteAddress = freshIp()) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, remoteAddress });

  describe('complaint', () => {
    const complaint = (extra: Record<string, string> = {}) => ({
      name: 'Gita Rai',
      email: `gita${++n}@example.com`,
      phone: '9841000000',
      consultancy: String(consultancyId),
      subject: 'Fees not refunded',
      message: 'They promised a refund three months ago.',
      ...extra,
    });
    const submit = (body: ReturnType<typeof multipart>, remoteAddress = freshIp()) =>
      t.app.inject({ method: 'POST', url: '/api/complaint/submit/', remoteAddress, ...body });

    it('stores a complaint with its evidence', async () => {
      const res = await submit(
        multipart(complaint(), [{ field: 'evidence', filename: 'receipt.pdf', type: 'application/pdf', data: samplePdf }]),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Gita Rai', subject: 'Fees not refunded', consultancy_id: consultancyId, status: 'open' });
      // the download route, never a public URL; the file itself only in the private store
      expect(res.json().evidence).toBe(`/api/complaint/${res.json().id}/evidence/`);
      const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, res.json().id));
      expect(row!.evidence).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}\.pdf$/);
      expect(fs.existsSync(path.join(t.privateDir, row!.evidence!))).toBe(true);
      expect(fs.existsSync(path.join(t.uploadsDir, row!.evidence!))).toBe(false);
      expect((await t.app.inject({ url: `/media/${row!.evidence}` })).statusCode).toBe(404);
      expect(res.body).not.toContain('fingerprint');
      const without = await submit(multipart(complaint({ consultancy: '' })));
      expect(without.statusCode).toBe(201);
      expect(without.json()).toMatchObject({ evidence: null, consultancy_id: null });
    });

    it('stores a repeated complaint once and ignores a filled honeypot', async () => {
      const fields = complaint();
      const first = await submit(multipart(fields));
      const before = await rows(complaints);
      const again = await submit(multipart({ ...fields, message: `  ${fields.message.toUpperCase()} ` }));
      expect(again.statusCode).toBe(201);
      expect(again.json().id).toBe(first.json().id);
      const bot = await submit(multipart(complaint({ website: 'spam' })));
      expect(bot.statusCode).toBe(201);
      expect(await rows(complaints)).toBe(before);
    });

    it('refuses bad complaints with a 4xx, storing nothing', async () => {
      const before = await rows(complaints);
      const cases: [ReturnType<typeof multipart>, number][] = [
        [multipart({}), 400],
        [multipart(complaint({ email: 'nope' })), 400],
        [multipart(complaint({ consultancy: '999999' })), 400],
        [multipart(complaint({ message: 'short' })), 400],
        [multipart(complaint({ subject: 'x'.repeat(100_000) })), 400],
        [multipart(complaint({ extra: 'x' })), 400],
        [
          multipart(complaint(), [
            { field: 'evidence', filename: 'evil.jpg', type: 'image/jpeg', data: Buffer.from('#!/bin/sh\nrm -rf /') },
          ]),
          415,
        ],
        [
          multipart(complaint(), [
            {
              field: 'evidence',
              filename: 'big.pdf',
              type: 'application/pdf',
              data: Buffer.concat([samplePdf, Buffer.alloc(20 * 1024 * 1024)]),
            },
          ]),
          413,
        ],
        [
          multipart(complaint(), [
            { field: 'evidence', filename: 'a.pdf', type: 'application/pdf', data: samplePdf },
            { field: 'evidence', filename: 'b.pdf', type: 'application/pdf', data: samplePdf },
          ]),
          400,
        ],
      ];
      for (const [body, status] of cases) {
        const res = await submit(body);
        expect(res.statusCode, res.body).toBe(status);
        expectErrorShape(res.json());
      }
      expect(await rows(complaints)).toBe(before);
    });

    it('is listed for admins only', async () => {
      await submit(multipart(complaint({ subject: 'Visa file lost by agent' })));
      const res = await t.app.inject({ url: '/api/complaint/admin/?search=visa%20file', headers: bearer(admin) });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toHaveLength(1);
      expect(res.json().results[0]).toMatchObject({ subject: 'Visa file lost by agent', consultancy_name: 'Himalayan Study Abroad' });
      expect((await t.app.inject({ url: '/api/complaint/admin/', headers: bearer(agent) })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/complaint/admin/' })).statusCode).toBe(401);
    });

    it('gives the evidence to admins only', async () => {
      const evidence = Buffer.concat([samplePdf, Buffer.from('% receipt 4471\n')]);
      const res = await submit(
        multipart(complaint({ subject: 'Receipt withheld' }), [
          { field: 'evidence', filename: 'receipt.pdf', type: 'application/pdf', data: evidence },
        ]),
      );
      const url = (await t.app.inject({ url: '/api/complaint/admin/?search=receipt%20withheld', headers: bearer(admin) })).json().results[0]
        .evidence;
      expect(url).toBe(`/api/complaint/${res.json().id}/evidence/`);
      const file = await t.app.inject({ url, headers: bearer(admin) });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(evidence)).toBe(true);
      expect(file.headers).toMatchObject({
        'content-type': 'application/pdf',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="complaint-\d+-evidence\.pdf"/);
      for (const [headers, status] of [
        [bearer(agent), 403],
        [{}, 401],
      ] as const) {
        const refused = await t.app.inject({ url, headers });
        expect(refused.statusCode).toBe(status);
        expectErrorShape(refused.json());
      }
      const without = await submit(multipart(complaint()));
      expect((await t.app.inject({ url: `/api/complaint/${without.json().id}/evidence/`, headers: bearer(admin) })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/complaint/999999/evidence/', headers: bearer(admin) })).statusCode).toBe(404);
    });
  });

  describe('inquiry', () => {
    const inquiry = (extra: Record<string, unknown> = {}) => ({
      name: 'Bikash Karki',
      email: `bikash${++n}@example.com`,
      phone: '9801234567',
      message: 'FREE Counseling: I want to study in Japan.',
      entity_type: 'consultancy',
      entity_id: consultancyId,
      consultancy: consultancyId,
      destination: destinationId,
      exam: null,
      ...extra,
    });

    it('answers 201 with the stored inquiry', async () => {
      const res = await post('/inquiry/submit/', inquiry({ exam: examId, destination: null }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Bikash Karki',
        entity_type: 'consultancy',
        entity_id: consultancyId,
        consultancy: consultancyId,
        destination: null,
        exam: examId,
        status: 'new',
      });
      expect(typeof res.json().id).toBe('number');
    });

    it('stores a repeated inquiry once and ignores a filled honeypot', async () => {
      const payload = inquiry();
      const first = await post('/inquiry/submit/', payload);
      const before = await rows(inquiries);
      const again = await post('/inquiry/submit/', { ...payload, name: 'BIKASH  karki' });
      expect(again.json().id).toBe(first.json().id);
      const bot = await post('/inquiry/submit/', inquiry({ website: 'x' }));
      expect(bot.statusCode).toBe(201);
      expect(await rows(inquiries)).toBe(before);
    });

    it('stores two identical inquiries sent at the same moment once', async () => {
      const payload = inquiry();
      const before = await rows(inquiries);
      const [a, b] = await Promise.all([post('/inquiry/submit/', payload), post('/inquiry/submit/', payload)]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json().id).toBe(b.json().id);
      expect(await rows(inquiries)).toBe(before + 1);
    });

    it.each([
      ['missing fields', { name: 'A' }],
      ['wrong types', { destination: 'Japan' }],
      ['another entity type', { entity_type: 'college' }],
      ['a consultancy other than the entity', { consultancy: 999 }],
      ['an unknown consultancy', { consultancy: 999999, entity_id: 999999 }],
      ['an unknown destination', { destination: 999999 }],
      ['an extra field', { priority: 1 }],
      ['a 100 KB message', { message: 'x'.repeat(100_000) }],
      ['a missing phone', { phone: undefined }],
    ])('answers 400 for %s, storing nothing', async (_name, extra) => {
      const before = await rows(inquiries);
      const res = await post('/inquiry/submit/', inquiry(extra));
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
      expect(await rows(inquiries)).toBe(before);
    });

    it('answers 400 for broken JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/inquiry/submit/',
        payload: '{"name":',
        headers: { 'content-type': 'application/json' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    });

    it('is listed for admins, and for the consultancy it was sent to', async () => {
      await post('/inquiry/submit/', inquiry({ name: 'Only Mine' }));
      await post('/inquiry/submit/', inquiry({ name: 'Someone Else', entity_id: otherConsultancyId, consultancy: otherConsultancyId }));
      const all = await t.app.inject({ url: '/api/inquiry/admin/all/?all=true&page_size=1000', headers: bearer(admin) });
      expect(all.statusCode).toBe(200);
      const names = all.json().results.map((r: { name: string }) => r.name);
      expect(names).toEqual(expect.arrayContaining(['Only Mine', 'Someone Else']));
      const filtered = await t.app.inject({
        url: `/api/inquiry/admin/all/?all=true&entity_type=consultancy&entity_id=${otherConsultancyId}`,
        headers: bearer(admin),
      });
      expect(filtered.json().results.map((r: { name: string }) => r.name)).toEqual(['Someone Else']);
      const mineOnly = (
        await t.app.inject({
          url: `/api/inquiry/admin/all/?consultancy=${consultancyId}&ordering=name&page_size=1000`,
          headers: bearer(admin),
        })
      ).json().results;
      expect(
        mineOnly.every(
          (r: { consultancy: number; entity_name: string }) =>
            r.consultancy === consultancyId && r.entity_name === 'Himalayan Study Abroad',
        ),
      ).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      expect(
        (await t.app.inject({ url: `/api/inquiry/admin/all/?date_from=${today}&date_to=${today}`, headers: bearer(admin) })).json().count,
      ).toBe(all.json().count);
      expect((await t.app.inject({ url: '/api/inquiry/admin/all/?date_to=2000-01-01', headers: bearer(admin) })).json().count).toBe(0);
      for (const query of ['date_from=yesterday', 'ordering=secret', 'entity_type=school', 'page=0']) {
        expect((await t.app.inject({ url: `/api/inquiry/admin/all/?${query}`, headers: bearer(admin) })).statusCode).toBe(400);
      }
      expect((await t.app.inject({ url: '/api/inquiry/admin/all/?search=only%20mine', headers: bearer(admin) })).json().count).toBe(1);
      expect((await t.app.inject({ url: '/api/inquiry/admin/all/', headers: bearer(agent) })).statusCode).toBe(403);

      const own = await t.app.inject({ url: '/api/consultancy/dashboard/inquiries/?page_size=1000', headers: bearer(agent) });
      expect(own.statusCode).toBe(200);
      const ownNames = own.json().results.map((r: { name: string }) => r.name);
      expect(ownNames).toContain('Only Mine');
      expect(ownNames).not.toContain('Someone Else');
      const sneaky = await t.app.inject({
        url: `/api/consultancy/dashboard/inquiries/?consultancy=${otherConsultancyId}`,
        headers: bearer(agent),
      });
      expect(sneaky.json().count).toBe(0);
      expect((await t.app.inject({ url: '/api/consultancy/dashboard/inquiries/', headers: bearer(admin) })).statusCode).toBe(403);
    });

    it('limits inquiries per address', async () => {
      const remoteAddress = freshIp();
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) codes.push((await post('/inquiry/submit/', { name: 'x' }, remoteAddress)).statusCode);
      expect(codes[19]).toBe(400);
      expect(codes[20]).toBe(429);
    });
  });

  describe('pageview', () => {
    const view = (extra: Record<string, unknown> = {}) => ({
      institute_type: 'consultancy',
      institute_id: consultancyId,
      session_id: `s-${++n}`,
      user_agent: 'Mozilla/5.0',
      browser: 'Chrome',
      device: 'mobile',
      ...extra,
    });

    it('records a view, cutting a long user agent, and counts a repeat once', async () => {
      const payload = view({ user_agent: 'A'.repeat(5000) });
      const res = await post('/analytics/pageview/', payload);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ recorded: true });
      expect((await post('/analytics/pageview/', payload)).json()).toEqual({ recorded: false });
      const stored = await t.database.db
        .select()
        .from(pageviews)
        .where(eq(pageviews.session_id, payload.session_id as string));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.user_agent).toHaveLength(500);
      expect((await post('/analytics/pageview/', { ...payload, path: '/consultancy/other/' })).json()).toEqual({ recorded: true });
      expect((await post('/analytics/pageview/', view({ institute_type: null, institute_id: null, path: '/' }))).statusCode).toBe(201);
    });

    it.each([
      ['no session id', { session_id: undefined }],
      ['a wrong institute id', { institute_id: 'abc' }],
      ['an odd institute type', { institute_type: '<script>' }],
      ['an extra field', { referrer: 'x' }],
      ['a session id of 100 KB', { session_id: 'x'.repeat(100_000) }],
    ])('answers 400 for %s', async (_name, extra) => {
      const before = await rows(pageviews);
      const res = await post('/analytics/pageview/', view(extra));
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
      expect(await rows(pageviews)).toBe(before);
    });
  });
});
