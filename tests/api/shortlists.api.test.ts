/**
 * A signed-in student's shortlist: saved rows merged from a device on sign-in (deleted or unknown
 * rows dropped, duplicates kept once), removed one by one, capped, and private to the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORTLIST_MAX } from '../../src/lib/contract/bodies/shortlist.ts';
import { buildTestApp, createConsultancy, createCourse, createUniversity, engines, tokenFor, type TestApp } from './helpers.ts';

describe.each(engines)('shortlist on %s', (engine) => {
  let t: TestApp;
  let student: { authorization: string };
  let other: { authorization: string };
  let uni: number;
  let course: number;
  let consultancy: number;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: `/api/auth/shortlist/${url}`, headers, payload: payload as never });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    student = (await tokenFor(t, 'student')).auth;
    other = (await tokenFor(t, 'student')).auth;
    [uni, course, consultancy] = await Promise.all([
      createUniversity(t.database.db),
      createCourse(t.database.db),
      createConsultancy(t.database.db),
    ]);
  });
  afterAll(() => t.close());

  it('merges what a device saved, keeping each row once and dropping rows that no longer exist', async () => {
    const first = await call('POST', '', student, {
      items: [
        { entity: 'university', id: uni },
        { entity: 'course', id: course },
        { entity: 'course', id: 999999 },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().items).toHaveLength(2);
    expect(first.json().items).toEqual(
      expect.arrayContaining([
        { entity: 'university', id: uni },
        { entity: 'course', id: course },
      ]),
    );
    const merged = await call('POST', '', student, {
      items: [
        { entity: 'course', id: course },
        { entity: 'consultancy', id: consultancy },
      ],
    });
    expect(merged.json().items).toHaveLength(3);
    // saved later, listed last
    expect(merged.json().items.at(-1)).toEqual({ entity: 'consultancy', id: consultancy });
    expect((await call('GET', '', student)).json().items).toEqual(merged.json().items);
    // another account sees its own, empty list
    expect((await call('GET', '', other)).json().items).toEqual([]);
  });

  it('removes one saved row', async () => {
    const res = await call('DELETE', `course/${course}/`, student);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      { entity: 'university', id: uni },
      { entity: 'consultancy', id: consultancy },
    ]);
  });

  it('refuses kinds that cannot be saved, bad ids, too many items, and anonymous callers', async () => {
    for (const items of [
      [{ entity: 'event', id: 1 }],
      [{ entity: 'course', id: 'x' }],
      [{ entity: 'course' }],
      Array.from({ length: SHORTLIST_MAX + 1 }, (_, i) => ({ entity: 'course', id: i + 1 })),
    ]) {
      const res = await call('POST', '', student, { items });
      expect(res.statusCode, JSON.stringify(items).slice(0, 60)).toBe(400);
      expect(res.json().fields).toBeDefined();
    }
    expect((await call('DELETE', 'event/1/', student)).statusCode).toBe(400);
    expect((await call('GET', '', {})).statusCode).toBe(401);
  });
});
