import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  bearer,
  buildTestApp,
  createCollege,
  createConsultancy,
  createDestination,
  engines,
  expectErrorShape,
  freshIp,
  multipart,
  signedIn,
  type TestApp,
} from './helpers.ts';
import { complaints, inquiries, pageviews } from '../../server/db/schema/index.ts';

type Session = Awaited<ReturnType<typeof signedIn>>;

describe.each(engines)('inquiries to colleges, the pageview honeypot and complaint statuses, on %s', (engine) => {
  let t: TestApp;
  let consultancyId: number;
  let collegeId: number;
  let otherCollegeId: number;
  let destinationId: number;
  let admin: Session;
  let agent: Session;
  let college: Session;
  let student: Session;
  let n = 0;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    consultancyId = await createConsultancy(db);
    collegeId = await createCollege(db);
    otherCollegeId = await createCollege(db);
    destinationId = await createDestination(db);
    admin = await signedIn(t.app, db, 'admin');
    agent = await signedIn(t.app, db, 'consultancy', { consultancy_id: consultancyId });
    college = await signedIn(t.app, db, 'college', { college_id: collegeId });
    student = await signedIn(t.app, db, 'student');
  });
  afterAll(() => t.close());

  const rows = async (table: typeof inquiries | typeof pageviews) =>
    (await t.database.db.select({ n: count() }).from(table as typeof inquiries))[0]!.n;
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, remoteAddress: freshIp() });

  describe('inquiry to a college', () => {
    const toCollege = (extra: Record<string, unknown> = {}) => ({
      name: 'Sita Thapa',
      email: `sita${++n}@example.com`,
      phone: '9801234567',
      message: 'Do you have evening classes?',
      entity_type: 'college',
      entity_id: collegeId,
      destination: destinationId,
      exam: null,
      ...extra,
    });

    it('is stored with no consultancy and seen by that college only', async () => {
      const res = await post('/inquiry/submit/', toCollege({ name: 'For My College' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        entity_type: 'college',
        entity_id: collegeId,
        consultancy: null,
        destination: destinationId,
        status: 'new',
      });
      expect((await post('/inquiry/submit/', toCollege({ name: 'For Another College', entity_id: otherCollegeId }))).statusCode).toBe(201);

      const own = await t.app.inject({ url: '/api/college/dashboard/inquiries/', headers: bearer(college) });
      expect(own.statusCode).toBe(200);
      expect(own.json().results.map((r: { name: string }) => r.name)).toEqual(['For My College']);
      expect(own.json().results[0]).not.toHaveProperty('fingerprint');
      // a consultancy never sees inquiries made to a college
      const agents = (await t.app.inject({ url: '/api/consultancy/dashboard/inquiries/?page_size=1000', headers: bearer(agent) })).json()
        .results;
      expect(agents.map((r: { name: string }) => r.name)).not.toContain('For My College');
      const listed = await t.app.inject({
        url: `/api/inquiry/admin/all/?entity_type=college&entity_id=${collegeId}`,
        headers: bearer(admin),
      });
      expect(listed.json().results.map((r: { name: string }) => r.name)).toEqual(['For My College']);
    });

    it('ignores a filled honeypot', async () => {
      const before = await rows(inquiries);
      const bot = await post('/inquiry/submit/', toCollege({ website: 'spam' }));
      expect(bot.statusCode).toBe(201);
      expect(await rows(inquiries)).toBe(before);
    });

    it.each([
      ['an unknown college', { entity_id: 999999 }],
      // `consultancy` names only consultancies
      ['a consultancy field', { consultancy: 1 }],
      ['a university', { entity_type: 'university' }],
      ['no entity type', { entity_type: undefined }],
      ['a missing entity id', { entity_id: undefined }],
    ])('answers 400 for %s, storing nothing', async (_name, extra) => {
      const before = await rows(inquiries);
      const res = await post('/inquiry/submit/', toCollege(extra));
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
      expect(await rows(inquiries)).toBe(before);
    });

    it('keeps the consultancy payload of SPEC §3 as it was', async () => {
      const spec = { ...toCollege(), entity_type: 'consultancy', entity_id: consultancyId, consultancy: consultancyId };
      const res = await post('/inquiry/submit/', spec);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ entity_type: 'consultancy', entity_id: consultancyId, consultancy: consultancyId });
      const { consultancy: _c, ...withoutConsultancy } = spec;
      expect((await post('/inquiry/submit/', { ...withoutConsultancy, email: `x${++n}@example.com` })).statusCode).toBe(400);
    });
  });

  describe('pageview honeypot', () => {
    it('answers as if recorded and stores nothing when the honeypot is filled; an empty one is fine', async () => {
      const view = { institute_type: 'college', institute_id: collegeId, session_id: `hp-${++n}`, path: '/college/x/' };
      const before = await rows(pageviews);
      const bot = await post('/analytics/pageview/', { ...view, website: 'http://spam.example' });
      expect(bot.statusCode).toBe(201);
      expect(bot.json()).toEqual({ recorded: true });
      expect(await rows(pageviews)).toBe(before);
      const person = await post('/analytics/pageview/', { ...view, website: '' });
      expect(person.statusCode).toBe(201);
      expect(await rows(pageviews)).toBe(before + 1);
    });
  });

  describe('complaint status', () => {
    let complaintId: number;
    beforeAll(async () => {
      const form = multipart({
        name: 'Gita Rai',
        email: 'gita.status@example.com',
        consultancy: String(consultancyId),
        subject: 'Fees not refunded',
        message: 'They promised a refund months ago.',
      });
      const res = await t.app.inject({ method: 'POST', url: '/api/complaint/submit/', remoteAddress: freshIp(), ...form });
      expect(res.statusCode, res.body).toBe(201);
      complaintId = res.json().id;
    });
    const setStatus = (id: number, payload: unknown, headers: Record<string, string> = bearer(admin)) =>
      t.app.inject({ method: 'PATCH', url: `/api/complaint/${id}/status/`, payload: payload as object, headers });
    const stored = async () =>
      (await t.database.db.select({ status: complaints.status }).from(complaints).where(eq(complaints.id, complaintId)))[0]!.status;

    it('lets an admin move a complaint between statuses, reopening included', async () => {
      for (const status of ['in_progress', 'resolved', 'closed', 'open']) {
        const res = await setStatus(complaintId, { status });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ id: complaintId, status, subject: 'Fees not refunded' });
        expect(await stored()).toBe(status);
      }
      const listed = await t.app.inject({ url: '/api/complaint/admin/?status=open&search=fees%20not%20refunded', headers: bearer(admin) });
      expect(listed.json().results.map((r: { id: number }) => r.id)).toEqual([complaintId]);
    });

    it('refuses everyone else', async () => {
      for (const [headers, code] of [
        [bearer(agent), 403],
        [bearer(student), 403],
        [bearer(college), 403],
        [{}, 401],
      ] as const) {
        const res = await setStatus(complaintId, { status: 'closed' }, headers);
        expect(res.statusCode).toBe(code);
        expectErrorShape(res.json());
      }
      expect(await stored()).toBe('open');
    });

    it.each([
      ['an unknown status', { status: 'deleted' }, 400],
      ['no status', {}, 400],
      ['a number', { status: 3 }, 400],
      ['an extra field', { status: 'closed', colour: 'x' }, 400],
      ['a 100 KB status', { status: 'x'.repeat(100_000) }, 400],
    ])('answers %s with 400 in the error shape, changing nothing', async (_name, payload, code) => {
      const res = await setStatus(complaintId, payload);
      expect(res.statusCode).toBe(code);
      expectErrorShape(res.json());
      expect(await stored()).toBe('open');
    });

    it('answers 404 for an unknown complaint and 400 for a bad id', async () => {
      const missing = await setStatus(999999, { status: 'closed' });
      expect(missing.statusCode).toBe(404);
      expectErrorShape(missing.json());
      expect((await setStatus(0, { status: 'closed' })).statusCode).toBe(400);
      expect(
        (await t.app.inject({ method: 'PATCH', url: '/api/complaint/abc/status/', payload: { status: 'closed' }, headers: bearer(admin) }))
          .statusCode,
      ).toBe(400);
    });
  });
});
