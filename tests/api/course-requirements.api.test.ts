import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUniversity, engines, expectErrorShape, signedIn, type TestApp } from './helpers.ts';

describe.each(engines)('course entry requirements on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let university: number;

  const create = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/course/create/',
      headers: bearer(admin),
      payload: { name: 'MSc Data', university_id: university, level: 'master', ...payload },
    });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await signedIn(t.app, t.database.db, 'admin');
    university = await createUniversity(t.database.db);
    const rate = await t.app.inject({
      method: 'POST',
      url: '/api/exchange-rate/create/',
      headers: bearer(admin),
      payload: { currency: 'AUD', npr_per_unit: 88, rate_date: '2026-11-20' },
    });
    expect(rate.statusCode, rate.body).toBe(201);
  });
  afterAll(() => t.close());

  it('writes and reads every requirement, with the funds in rupees', async () => {
    const res = await create({
      currency: 'AUD',
      ielts_overall: '6.5',
      ielts_band_min: 6,
      pte_overall: 58,
      pte_min: 50,
      toefl_overall: 79,
      toefl_min: 20,
      duolingo_overall: 115,
      duolingo_min: 95,
      grade_of: 'bachelor',
      grade_min: 2.8,
      grade_scale: 'gpa4',
      study_gap_max_years: 5,
      funds_to_show: 60_000,
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = (await t.app.inject({ url: `/api/course/${res.json().id}/` })).json();
    expect(row).toMatchObject({
      ielts_overall: 6.5,
      ielts_band_min: 6,
      pte_overall: 58,
      toefl_min: 20,
      duolingo_min: 95,
      grade_of: 'bachelor',
      grade_min: 2.8,
      grade_scale: 'gpa4',
      study_gap_max_years: 5,
      funds_to_show: 60_000,
      funds_npr: 5_280_000,
    });
    const none = (await create({ name: 'BSc Plain' })).json();
    expect((await t.app.inject({ url: `/api/course/${none.id}/` })).json()).toMatchObject({
      ielts_overall: null,
      funds_npr: null,
      grade_of: '',
    });
  });

  it('refuses scores off their scales and half-stated grades, in the error shape', async () => {
    for (const [payload, field] of [
      [{ ielts_overall: 6.3 }, 'ielts_overall'],
      [{ ielts_overall: 9.5 }, 'ielts_overall'],
      [{ ielts_band_min: -1 }, 'ielts_band_min'],
      [{ pte_overall: 95 }, 'pte_overall'],
      [{ pte_min: 9 }, 'pte_min'],
      [{ toefl_overall: 121 }, 'toefl_overall'],
      [{ toefl_min: 31 }, 'toefl_min'],
      [{ toefl_overall: 80.5 }, 'toefl_overall'],
      [{ duolingo_overall: 165 }, 'duolingo_overall'],
      [{ grade_of: 'bachelor', grade_min: 3.2, grade_scale: 'gpa5' }, 'grade_scale'],
      [{ grade_of: 'bachelor', grade_min: 60, grade_scale: 'gpa4' }, 'grade_min'],
      [{ grade_min: 60, grade_scale: 'percent' }, 'grade_of'],
      [{ study_gap_max_years: 'two' }, 'study_gap_max_years'],
    ] as const) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectErrorShape(res.json());
      expect(res.json().fields[field], JSON.stringify(payload)).toBeDefined();
    }
  });
});
