/**
 * Issue 27: a destination's plan steps in their order, test sessions that drop off once their day
 * has passed in Nepal, and a student's ticks merged from a device into the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSteps, testSessions } from '../../server/db/schema/index.ts';
import { buildTestApp, createDestination, createExam, engines, tokenFor, type TestApp } from './helpers.ts';

/** A YYYY-MM-DD date `days` from today in Nepal (UTC+5:45). */
const nepalDay = (days: number) => new Date(Date.now() + (5 * 60 + 45) * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

describe.each(engines)('plans and test sessions on %s', (engine) => {
  let t: TestApp;
  let admin: { authorization: string };
  let student: { authorization: string };
  let other: { authorization: string };
  let destination: number;
  let steps: number[];

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers, payload: payload as never });
  const createStep = async (position: number, title: string, extra: object = {}) => {
    const res = await inject('POST', 'plan-step/create/', admin, { destination_id: destination, position, title, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = (await tokenFor(t, 'admin')).auth;
    student = (await tokenFor(t, 'student')).auth;
    other = (await tokenFor(t, 'student')).auth;
    destination = await createDestination(t.database.db);
    // saved out of order: the plan lists them by position
    const third = await createStep(3, 'Apply for the visa', { documents: ['Passport', 'Offer letter'], fee_npr: 15000 });
    const first = await createStep(1, 'Accept the offer', { official_links: ['https://www.gov.uk/student-visa'] });
    const second = await createStep(2, 'NOC from the Ministry of Education');
    steps = [first, second, third];
  });
  afterAll(() => t.close());

  it("lists a destination's steps in their order, with their facts and checked-on date", async () => {
    const other = await createDestination(t.database.db);
    await inject('POST', 'plan-step/create/', admin, { destination_id: other, position: 1, title: 'Elsewhere' });
    const res = await inject('GET', `plan-step/?destination=${destination}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().results as Record<string, unknown>[];
    expect(rows.map((r) => r.id)).toEqual(steps);
    expect(rows[2]).toMatchObject({ documents: ['Passport', 'Offer letter'], fee_npr: 15000 });
    // saving a fact confirms it
    expect(rows[2]!.facts_checked_on).toBe(nepalDay(0));
    // positions start at 1
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/plan-step/${steps[2]}/update/`,
      headers: admin,
      payload: { position: 0 },
    });
    expect(moved.statusCode).toBe(400);
  });

  it('lists plan steps and test sessions nobody confirmed in the stale report, though they have no slug', async () => {
    const [step] = await t.database.db
      .insert(planSteps)
      .values({ destination_id: destination, position: 50, title: 'Never confirmed' })
      .returning({ id: planSteps.id });
    const res = await inject('GET', 'reports/stale/?entity=planStep&page_size=1000', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toContainEqual({ entity: 'planStep', id: step!.id, title: 'Never confirmed', slug: null, checked_on: null });
    expect((await inject('GET', 'reports/stale/?page_size=10', admin)).statusCode).toBe(200);
  });

  it('refuses an official link that is no web address', async () => {
    const res = await inject('POST', 'plan-step/create/', admin, {
      destination_id: destination,
      position: 9,
      title: 'Bad link',
      official_links: ['moest.gov.np'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.official_links).toBeDefined();
  });

  it('lists only upcoming test sessions of an exam, soonest first, judged at read time', async () => {
    const exam = await createExam(t.database.db);
    const row = (days: number) => ({ exam_id: exam, date: nepalDay(days), city: 'Kathmandu', format: 'paper' });
    const ids = (
      await t.database.db
        .insert(testSessions)
        .values([row(30), row(-1), row(0), row(5)])
        .returning({ id: testSessions.id })
    ).map((r) => r.id);
    const res = await inject('GET', `test-session/?exam=${exam}&upcoming=true`);
    expect(res.statusCode, res.body).toBe(200);
    // yesterday's is gone; today's is still listed
    expect(res.json().results.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[3], ids[0]]);
    const all = await inject('GET', `test-session/?exam=${exam}&upcoming=false`);
    expect(all.json().count).toBe(4);
    const inPokhara = await inject('GET', `test-session/?exam=${exam}&upcoming=true&city=Pokhara`);
    expect(inPokhara.json().count).toBe(0);
  });

  it('refuses a registration deadline after the test day', async () => {
    const exam = await createExam(t.database.db);
    const res = await inject('POST', 'test-session/create/', admin, {
      exam_id: exam,
      date: nepalDay(10),
      registration_deadline: nepalDay(11),
      city: 'Pokhara',
      format: 'computer',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.registration_deadline).toBeDefined();
  });

  it("merges a device's ticks into the account: a tick on either side stays, unknown steps are dropped", async () => {
    const [a, b, c] = steps.map(String);
    const first = await inject('POST', 'auth/plan-ticks/', student, {
      plans: [{ destination_id: destination, ticks: [a, `${c}.0`, '999999'] }],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().plans).toEqual([{ destination_id: destination, ticks: [a, `${c}.0`] }]);
    const merged = await inject('POST', 'auth/plan-ticks/', student, {
      plans: [
        { destination_id: destination, ticks: [b, a] },
        { destination_id: 999999, ticks: ['1'] },
      ],
    });
    expect(merged.json().plans).toEqual([{ destination_id: destination, ticks: [a, b, `${c}.0`].sort() }]);
    expect((await inject('GET', 'auth/plan-ticks/', student)).json()).toEqual(merged.json());
    expect((await inject('GET', 'auth/plan-ticks/', other)).json().plans).toEqual([]);
  });

  it("sets one plan's ticks (an untick after the merge), and refuses bad ticks, unknown plans and anonymous callers", async () => {
    const set = await inject('PUT', `auth/plan-ticks/${destination}/`, student, { ticks: [String(steps[1])] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().plans).toEqual([{ destination_id: destination, ticks: [String(steps[1])] }]);
    expect((await inject('PUT', `auth/plan-ticks/999999/`, student, { ticks: [] })).statusCode).toBe(404);
    for (const ticks of [['x'], ['1.2.3'], ['1; drop table']]) {
      const res = await inject('PUT', `auth/plan-ticks/${destination}/`, student, { ticks });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toBeDefined();
    }
    expect((await inject('GET', 'auth/plan-ticks/')).statusCode).toBe(401);
  });
});
