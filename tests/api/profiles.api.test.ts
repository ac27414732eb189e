/**
 * A signed-in student's "Do I qualify?" profile: a device's merged into the account's part by part
 * (what a device leaves out stays, null removes), checked on its scales, and private to the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, expectErrorShape, tokenFor, type TestApp } from './helpers.ts';

describe.each(engines)('student profile on %s', (engine) => {
  let t: TestApp;
  let student: { authorization: string };
  let other: { authorization: string };

  const post = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/profile/', headers, payload: payload as never });
  const get = (headers: Record<string, string>) => t.app.inject({ url: '/api/auth/profile/', headers });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    student = (await tokenFor(t, 'student')).auth;
    other = (await tokenFor(t, 'student')).auth;
  });
  afterAll(() => t.close());

  it('starts empty, then merges each device part by part', async () => {
    expect((await get(student)).json()).toEqual({ profile: {}, updated_at: null });
    const phone = await post(student, { ielts: { overall: 6.5, lowest: 6 }, plus_two: { value: 3.1, scale: 'gpa4' }, study_gap_years: 1 });
    expect(phone.statusCode, phone.body).toBe(200);
    // a second device with only a PTE score and funds: the phone's parts stay, its gap is removed
    const laptop = await post(student, { pte: { overall: 60, lowest: 52 }, funds_npr: 4_500_000, study_gap_years: null });
    expect(laptop.json().profile).toEqual({
      ielts: { overall: 6.5, lowest: 6 },
      plus_two: { value: 3.1, scale: 'gpa4' },
      pte: { overall: 60, lowest: 52 },
      funds_npr: 4_500_000,
    });
    expect(laptop.json().updated_at).toEqual(expect.any(String));
    expect((await get(student)).json().profile).toEqual(laptop.json().profile);
    expect((await get(other)).json().profile).toEqual({});
  });

  it('refuses scores off their scales in the error shape, and strangers', async () => {
    for (const payload of [
      { ielts: { overall: 6.3 } },
      { ielts: { overall: 10 } },
      { pte: { overall: 95 } },
      { toefl: { overall: 100, lowest: 31 } },
      { plus_two: { value: 72, scale: 'gpa4' } },
      { bachelor: { value: 3, scale: 'gpa10' } },
      { study_gap_years: -1 },
      { height: 180 },
    ]) {
      const res = await post(student, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectErrorShape(res.json());
    }
    expect((await t.app.inject({ url: '/api/auth/profile/' })).statusCode).toBe(401);
  });
});
