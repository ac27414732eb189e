/**
 * Trust in the directory's facts: a university's entry in its country's register (recorded by an
 * admin only), the day fees, intakes and deadlines were last confirmed (set by a change of value or
 * by "still correct", never by a save that changes nothing), the admins' staleness report, and the
 * university an application names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { courses, universities } from '../../server/db/schema/index.ts';
import { STALE_AFTER_DAYS } from '../../src/lib/shared/checked.ts';
import { buildTestApp, createConsultancy, createUniversity, engines, freshIp, tokenFor, type TestApp } from './helpers.ts';

/** Today where the students are, as "checked on" dates are kept. */
const todayInNepal = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(new Date());
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe.each(engines)('recognition and checked-on dates on %s', (engine) => {
  let t: TestApp;
  let admin: { authorization: string };
  let owner: { authorization: string };
  let universityId: number;
  let australia: number;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers, payload: payload as never, remoteAddress: freshIp() });
  const checkedOn = async (table: typeof courses | typeof universities, id: number) =>
    (await t.database.db.select({ on: table.facts_checked_on }).from(table).where(eq(table.id, id)))[0]!.on;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = (await tokenFor(t, 'admin')).auth;
    universityId = await createUniversity(t.database.db);
    owner = (await tokenFor(t, 'university', { university_id: universityId })).auth;
    const res = await call('POST', '/destination/create/', admin, {
      name: 'Australia',
      register_name: 'CRICOS',
      register_url: 'https://cricos.education.gov.au/',
    });
    expect(res.statusCode, res.body).toBe(201);
    australia = res.json().id;
  });
  afterAll(() => t.close());

  it('lets an admin record a university in its country register, and never the university itself', async () => {
    const set = await call('PATCH', `/university/${universityId}/update/`, admin, {
      destination_id: australia,
      register_code: '00026A',
      register_status: 'listed',
      register_checked_on: '2026-11-02',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ register_code: '00026A', register_status: 'listed', register_checked_on: '2026-11-02' });
    const bad = await call('PATCH', `/university/${universityId}/update/`, admin, { register_status: 'probably' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.register_status).toBeDefined();
    // the university's own dashboard cannot vouch for itself
    const own = await call('PATCH', '/university/dashboard/update/', owner, { register_status: 'listed' });
    expect(own.statusCode).toBe(400);
    expect((await call('GET', `/university/${universityId}/`)).json().register_code).toBe('00026A');
  });

  it('dates fees and intakes when a new value is saved, not when a save changes nothing else', async () => {
    const created = await call('POST', '/course/create/', admin, {
      name: 'Bachelor of Nursing',
      university_id: universityId,
      level: 'bachelor',
      fee: 35000,
      currency: 'AUD',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json().facts_checked_on).toBe(todayInNepal());
    // a course created without any of them has nothing confirmed
    const bare = await call('POST', '/course/create/', admin, { name: 'Diploma of Care', university_id: universityId, level: 'diploma' });
    expect(bare.json().facts_checked_on).toBeNull();

    await t.database.db.update(courses).set({ facts_checked_on: '2025-01-01' }).where(eq(courses.id, id));
    const renamed = await call('PATCH', `/course/${id}/update/`, admin, {
      name: 'Bachelor of Nursing (Hons)',
      fee: 35000,
      currency: 'AUD',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await checkedOn(courses, id)).toBe('2025-01-01');
    const repriced = await call('PATCH', `/course/${id}/update/`, admin, { fee: 36500 });
    expect(repriced.json().facts_checked_on).toBe(todayInNepal());
  });

  it('confirms values as still correct: an admin for any row, the owner for its own, nobody else', async () => {
    await t.database.db.update(universities).set({ facts_checked_on: '2024-05-01' }).where(eq(universities.id, universityId));
    const student = (await tokenFor(t, 'student')).auth;
    expect((await call('POST', `/university/${universityId}/still-correct/`)).statusCode).toBe(401);
    expect((await call('POST', `/university/${universityId}/still-correct/`, student)).statusCode).toBe(403);
    expect((await call('POST', `/university/${universityId}/still-correct/`, owner)).statusCode).toBe(403);
    expect((await call('POST', '/university/999999/still-correct/', admin)).statusCode).toBe(404);

    const own = await call('POST', '/university/dashboard/still-correct/', owner);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().facts_checked_on).toBe(todayInNepal());

    await t.database.db.update(universities).set({ facts_checked_on: null }).where(eq(universities.id, universityId));
    const byAdmin = await call('POST', `/university/${universityId}/still-correct/`, admin);
    expect(byAdmin.json().facts_checked_on).toBe(todayInNepal());
    // an entity without fees or deadlines has no such route
    expect((await call('POST', `/exam/1/still-correct/`, admin)).statusCode).toBe(404);
  });

  it('reports to admins what nobody confirmed in the last STALE_AFTER_DAYS days, never confirmed first', async () => {
    const stale = await createUniversity(t.database.db);
    const never = await createUniversity(t.database.db);
    const fresh = await createUniversity(t.database.db);
    const edge = await createUniversity(t.database.db);
    await t.database.db
      .update(universities)
      .set({ facts_checked_on: daysAgo(STALE_AFTER_DAYS + 30) })
      .where(eq(universities.id, stale));
    await t.database.db
      .update(universities)
      .set({ facts_checked_on: daysAgo(10) })
      .where(eq(universities.id, fresh));
    // confirmed exactly STALE_AFTER_DAYS days ago: not stale yet
    await t.database.db
      .update(universities)
      .set({ facts_checked_on: sql`(now() AT TIME ZONE 'Asia/Kathmandu')::date - ${STALE_AFTER_DAYS}::int` })
      .where(eq(universities.id, edge));

    const report = await call('GET', '/reports/stale/?entity=university&page_size=1000', admin);
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.json().results as { entity: string; id: number; checked_on: string | null }[];
    const ids = rows.map((r) => r.id);
    expect(ids).toContain(stale);
    expect(ids).toContain(never);
    expect(ids).not.toContain(fresh);
    expect(ids).not.toContain(edge);
    expect(report.json().count).toBe(rows.length);
    // never confirmed first, then the oldest
    const firstDated = rows.findIndex((r) => r.checked_on !== null);
    expect(rows.slice(0, firstDated).every((r) => r.checked_on === null)).toBe(true);
    expect(rows.find((r) => r.id === stale)).toMatchObject({ entity: 'university', checked_on: daysAgo(STALE_AFTER_DAYS + 30) });

    const all = (await call('GET', '/reports/stale/?page_size=1000', admin)).json();
    expect(new Set(all.results.map((r: { entity: string }) => r.entity))).toContain('course');
    expect((await call('GET', '/reports/stale/?entity=exam', admin)).statusCode).toBe(400);
    const named = (await t.database.db.select({ name: universities.name }).from(universities).where(eq(universities.id, stale)))[0]!.name;
    const searched = (await call('GET', `/reports/stale/?search=${encodeURIComponent(named)}`, admin)).json();
    expect(searched.results.map((r: { id: number }) => r.id)).toEqual([stale]);
    expect((await call('GET', '/reports/stale/?search=%25_%5C', admin)).statusCode).toBe(200);
    expect((await call('GET', '/reports/stale/', owner)).statusCode).toBe(403);
  });

  it('keeps the university an application names, and refuses one that does not exist', async () => {
    const consultancy = await createConsultancy(t.database.db);
    const form = { consultancy, full_name: 'Sita Kumari Rai', email: 'sita.rai@gmail.com', phone: '9801234567', university: universityId };
    const res = await call('POST', '/consultancy-application/submit/', {}, form);
    expect(res.statusCode, res.body).toBe(201);
    const check = (await call('GET', `/consultancy-application/check/${res.json().tracking_code}/`)).json();
    expect(check.university).toMatchObject({ id: universityId });
    const unknown = await call('POST', '/consultancy-application/submit/', {}, { ...form, email: 'other@gmail.com', university: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.university).toBeDefined();
  });
});
