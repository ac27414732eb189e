import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bearer, buildTestApp, createConsultancy, engines, freshIp, signedIn, type TestApp } from './helpers.ts';
import { applicationStatusHistory, consultancyApplications } from '../../server/db/schema/index.ts';
import { readKindVersions } from '../../server/content-version.ts';
import { OUTCOME_MIN_CASES } from '../../src/lib/contract/outcomes.ts';
import { outcomesChanged } from '../../server/services/outcomes.ts';

type Session = Awaited<ReturnType<typeof signedIn>>;

/** Stages (issue 26): who may set which, what the timeline keeps, the student's answers, and the public outcomes. */
describe.each(engines)('application stages on %s', (engine) => {
  let t: TestApp;
  let consultancyId: number;
  let otherConsultancyId: number;
  let counsellor: Session;
  let otherCounsellor: Session;
  let admin: Session;
  let n = 0;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    consultancyId = await createConsultancy(t.database.db, 'Himal Education');
    otherConsultancyId = await createConsultancy(t.database.db);
    counsellor = await signedIn(t.app, t.database.db, 'consultancy', {
      consultancy_id: consultancyId,
      first_name: 'Anita',
      last_name: 'Rai',
    });
    otherCounsellor = await signedIn(t.app, t.database.db, 'consultancy', { consultancy_id: otherConsultancyId });
    admin = await signedIn(t.app, t.database.db, 'admin');
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  async function apply(consultancy = consultancyId) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consultancy-application/submit/',
      payload: { consultancy, full_name: 'Sita Thapa', email: `sita${++n}.${engine}@example.com`, phone: '9812345678' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const code = res.json().tracking_code as string;
    const [row] = await db()
      .select({ id: consultancyApplications.id })
      .from(consultancyApplications)
      .where(eq(consultancyApplications.tracking_code, code));
    return { code, id: row!.id };
  }
  const byCounsellor = (session: Session, id: number, status: string, note = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/consultancy/dashboard/applications/${id}/status/`,
      payload: { status, note },
      headers: bearer(session),
    });
  const byAdmin = (session: Session, id: number, status: string, note = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/consultancy-application/admin/${id}/status/`,
      payload: { status, note },
      headers: bearer(session),
    });
  const check = async (code: string) =>
    (await t.app.inject({ url: `/api/consultancy-application/check/${code}/`, remoteAddress: freshIp() })).json();
  const answer = (code: string, decision: string, value: string, note = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/consultancy-application/confirm/${code}/`,
      payload: { decision, answer: value, note },
      remoteAddress: freshIp(),
    });
  async function walk(id: number, stages: string[]) {
    for (const s of stages) expect((await byCounsellor(counsellor, id, s)).statusCode, s).toBe(200);
  }

  it('a counsellor of the consultancy moves its application, named on the timeline with the date and note', async () => {
    const { code, id } = await apply();
    const res = await byCounsellor(counsellor, id, 'applied', 'Skipped counselling: she knew what she wanted.');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'applied', entry: { actor_role: 'counsellor' } });
    const entry = (await check(code)).timeline.at(-1);
    expect(entry).toMatchObject({
      status: 'applied',
      status_label: 'Applied to the institution',
      actor_role: 'counsellor',
      actor_name: 'Anita Rai',
      note: 'Skipped counselling: she knew what she wanted.',
    });
    expect(Date.parse(entry.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await db()
      .select()
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.application_id, id))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(row).toMatchObject({ actor_role: 'counsellor', actor_id: counsellor.user.id });
  });

  it('a counsellor of another consultancy cannot see or move it; nor can anyone without an account', async () => {
    const { code, id } = await apply();
    expect((await byCounsellor(otherCounsellor, id, 'counselling')).statusCode).toBe(404);
    expect((await byAdmin(otherCounsellor, id, 'counselling')).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/consultancy/dashboard/applications/${id}/status/`,
          payload: { status: 'counselling' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await check(code)).status).toBe('submitted');
  });

  it('an admin moves any application by the same rules, shown as an admin without a name', async () => {
    const { code, id } = await apply(otherConsultancyId);
    expect((await byCounsellor(admin, id, 'counselling')).statusCode).toBe(403);
    expect((await byAdmin(admin, id, 'visa_granted')).statusCode).toBe(409);
    const res = await byAdmin(admin, id, 'closed', 'Duplicate of another application.');
    expect(res.statusCode).toBe(200);
    expect((await check(code)).timeline.at(-1)).toMatchObject({ status: 'closed', actor_role: 'admin', actor_name: '' });
    expect((await byAdmin(admin, id, 'counselling')).statusCode).toBe(409);
    const [row] = await db()
      .select()
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.application_id, id))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(row).toMatchObject({ actor_role: 'admin', actor_id: admin.user.id });
  });

  it('the student withdraws by code from any open stage, even after a granted visa, never after an end', async () => {
    const { code, id } = await apply();
    await walk(id, ['counselling', 'applied', 'offer_unconditional', 'coe', 'visa_lodged', 'visa_granted']);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/consultancy-application/edit/${code}/`,
      payload: { withdraw: true, reason: 'Family reasons' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().timeline.at(-1)).toMatchObject({
      status: 'withdrawn',
      actor_role: 'student',
      actor_name: '',
      note: 'Family reasons',
    });
    expect((await byCounsellor(counsellor, id, 'departed')).statusCode).toBe(409);
    const student = await db().select().from(applicationStatusHistory).where(eq(applicationStatusHistory.application_id, id));
    expect(student.filter((h) => h.actor_role === 'student').map((h) => [h.status, h.actor_id])).toEqual([
      ['submitted', null],
      ['withdrawn', null],
    ]);
  });

  it('the counsellor may close or withdraw from any open stage; ends stay ends', async () => {
    for (const end of ['withdrawn', 'closed', 'visa_refused']) {
      const { id } = await apply();
      await walk(id, end === 'visa_refused' ? ['applied', 'offer_conditional', 'coe', 'visa_lodged', end] : ['documents', end]);
      for (const next of ['counselling', 'closed', 'withdrawn', 'visa_granted'])
        expect((await byCounsellor(counsellor, id, next)).statusCode).toBe(409);
    }
  });

  it("the student confirms the offer and disputes the visa decision; until then each is the consultancy's claim", async () => {
    const { code, id } = await apply();
    expect((await answer(code, 'offer', 'confirmed')).statusCode).toBe(409);
    await walk(id, ['applied', 'offer_conditional']);
    expect((await check(code)).timeline.at(-1)).toMatchObject({ decision: 'offer', student_answer: null });
    expect((await answer(code, 'offer', 'confirmed')).statusCode).toBe(200);
    expect((await answer(code, 'visa', 'confirmed')).statusCode).toBe(409);
    await walk(id, ['offer_unconditional', 'coe', 'visa_lodged', 'visa_granted']);
    const res = await answer(code, 'visa', 'disputed', 'They told me it was refused.');
    expect(res.statusCode).toBe(200);
    const timeline = res.json().timeline as {
      status: string;
      student_answer: string | null;
      student_note: string;
      answered_at: string | null;
    }[];
    const of = (s: string) => timeline.find((e) => e.status === s)!;
    // the answer goes to the latest offer claimed, not the earlier conditional one
    expect(of('offer_conditional').student_answer).toBe('confirmed');
    expect(of('offer_unconditional').student_answer).toBeNull();
    expect(of('visa_granted')).toMatchObject({ student_answer: 'disputed', student_note: 'They told me it was refused.' });
    expect(of('visa_granted').answered_at).not.toBeNull();
    expect((await answer(code, 'visa', 'maybe')).statusCode).toBe(400);
    expect((await answer('AAAA-AAAA-AAAA-AAAA', 'visa', 'confirmed')).statusCode).toBe(404);
  });

  it('a visa decision or an answer to one moves the outcome version; a new application or another stage does not', async () => {
    const version = async () => (await readKindVersions(db())).get('outcome') ?? 0;
    const v0 = await version();
    const { code, id } = await apply();
    await walk(id, ['applied', 'offer_unconditional', 'coe', 'visa_lodged']);
    expect(await version()).toBe(v0);
    await walk(id, ['visa_refused']);
    expect(await version()).toBe(v0 + 1);
    expect((await answer(code, 'visa', 'confirmed')).statusCode).toBe(200);
    expect(await version()).toBe(v0 + 2);
  });
});

describe.each(engines)('public visa outcomes on %s', (engine) => {
  let t: TestApp;
  let busy: number;
  let quiet: number;
  let seq = 0;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    busy = await createConsultancy(t.database.db);
    quiet = await createConsultancy(t.database.db);
  });
  afterAll(() => t.close());

  /** A case written straight into the tables: stage -> days ago, and the student's answer on its decision. */
  async function seedCase(consultancy: number, steps: [string, number][], answer: 'confirmed' | 'disputed' | null = null) {
    const db = t.database.db;
    const [row] = await db
      .insert(consultancyApplications)
      .values({
        consultancy_id: consultancy,
        tracking_code: `T${engine}${++seq}`,
        full_name: 'X',
        email: 'x@example.com',
        phone: '98',
        fingerprint: `f${seq}`,
        status: steps.at(-1)![0],
      })
      .returning({ id: consultancyApplications.id });
    for (const [status, days] of steps)
      await db.insert(applicationStatusHistory).values({
        application_id: row!.id,
        status,
        actor_role: status === 'submitted' ? 'student' : 'counsellor',
        student_answer: status.startsWith('visa_') && status !== 'visa_lodged' ? answer : null,
        created_at: sql`now() - make_interval(days => ${days})`,
      });
    // as a stage move does: the cached answers that read outcomes are left behind
    await outcomesChanged(db, consultancy);
  }
  const decided = (stage: string, at: number, toOffer: number, toDecision: number): [string, number][] => [
    ['submitted', at + toDecision + toOffer + 5],
    ['applied', at + toDecision + toOffer],
    ['offer_unconditional', at + toDecision],
    ['visa_lodged', at + 3],
    [stage, at],
  ];
  const outcomeOf = async (id: number) => {
    const res = await t.app.inject({ url: `/api/consultancy-application/outcomes/?consultancy=${id}` });
    expect(res.statusCode).toBe(200);
    return res.json().results[0];
  };

  it('counts the decisions of the last 12 months, confirmed apart from claimed, and withholds figures below 20', async () => {
    // 19 decisions in the window: 12 granted (8 confirmed, 1 disputed), 7 refused (2 confirmed)
    for (let i = 0; i < 12; i++)
      await seedCase(busy, decided('visa_granted', 10 + i * 10, 30 + i, 40 + 2 * i), i < 8 ? 'confirmed' : i === 8 ? 'disputed' : null);
    for (let i = 0; i < 7; i++) await seedCase(busy, decided('visa_refused', 20 + i * 10, 50, 60), i < 2 ? 'confirmed' : null);
    // outside the window, not decided, or another consultancy's: never counted
    await seedCase(busy, decided('visa_granted', 400, 30, 30), 'confirmed');
    await seedCase(busy, [
      ['submitted', 5],
      ['applied', 3],
    ]);
    await seedCase(quiet, decided('visa_granted', 10, 30, 30));

    expect(await outcomeOf(busy)).toMatchObject({
      decided: OUTCOME_MIN_CASES - 1,
      enough: false,
      granted_confirmed: null,
      median_days_applied_to_offer: null,
    });
    expect(await outcomeOf(quiet)).toMatchObject({ decided: 1, enough: false });

    await seedCase(busy, decided('visa_refused', 300, 50, 60));
    const o = await outcomeOf(busy);
    expect(o).toEqual({
      consultancy_id: busy,
      decided: 20,
      enough: true,
      granted_confirmed: 8,
      granted_claimed: 4,
      refused_confirmed: 2,
      refused_claimed: 6,
      disputed: 1,
      ...(await mediansFromRows(busy)),
    });
  });

  /** The medians recomputed here from the rows, in JavaScript, for the cases the API counted. */
  async function mediansFromRows(consultancy: number) {
    const rows = await t.database.db
      .select({
        application_id: applicationStatusHistory.application_id,
        status: applicationStatusHistory.status,
        at: applicationStatusHistory.created_at,
      })
      .from(applicationStatusHistory)
      .innerJoin(consultancyApplications, eq(consultancyApplications.id, applicationStatusHistory.application_id))
      .where(eq(consultancyApplications.consultancy_id, consultancy));
    const cases = new Map<number, Record<string, number>>();
    for (const r of rows) cases.set(r.application_id, { ...cases.get(r.application_id), [r.status]: Date.parse(r.at) });
    const yearAgo = Date.now() - 365 * 86_400_000;
    const days = (a: number, b: number) => (b - a) / 86_400_000;
    const median = (xs: number[]) => {
      const s = xs.sort((a, b) => a - b);
      const m = s.length / 2;
      return Math.round(s.length % 2 ? s[Math.floor(m)]! : (s[m - 1]! + s[m]!) / 2);
    };
    const counted = [...cases.values()].filter((c) => (c.visa_granted ?? c.visa_refused ?? 0) > yearAgo);
    return {
      median_days_applied_to_offer: median(counted.map((c) => days(c.applied!, c.offer_unconditional!))),
      median_days_offer_to_decision: median(counted.map((c) => days(c.offer_unconditional!, (c.visa_granted ?? c.visa_refused)!))),
    };
  }
});
