/**
 * "Only courses I qualify for" on the course list (issue 27): a profile's facts as query parameters
 * narrow the list in SQL by the rules qualify() reads. The same rows and profiles go through both,
 * and the server's answer is exactly the rows qualify() says the profile meets; count, facets and
 * paging follow; bad facts are a 400 naming the parameter; the public cache keys on them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, exchangeRates } from '../../server/db/schema/index.ts';
import { paramsOfProfile } from '../../src/lib/shared/qualifying-params.ts';
import { qualify, requirementsOf, type Profile } from '../../src/lib/shared/qualify.ts';
import { buildTestApp, createUniversity, engines, expectErrorShape, type TestApp } from './helpers.ts';

/** Requirements one at a time, several together, and none; funds with and without a rate for their currency. */
const ROWS: Record<string, unknown>[] = [
  {},
  { fee: 30_000, currency: 'AUD' },
  { ielts_overall: 6.5 },
  { ielts_overall: 6.5, ielts_band_min: 6 },
  { ielts_band_min: 6 },
  { pte_overall: 58, pte_min: 50 },
  { ielts_overall: 6, pte_overall: 50 },
  { toefl_overall: 79, toefl_min: 20 },
  { duolingo_overall: 105 },
  { grade_of: 'plus_two', grade_min: 2.8, grade_scale: 'gpa4' },
  { grade_of: 'plus_two', grade_min: 60, grade_scale: 'percent' },
  { grade_of: 'bachelor', grade_min: 3, grade_scale: 'gpa4' },
  { grade_of: 'bachelor', grade_min: 55, grade_scale: 'percent' },
  { study_gap_max_years: 2 },
  { study_gap_max_years: 0 },
  { funds_to_show: 20_000, currency: 'AUD' },
  { funds_to_show: 20_000, currency: 'XYZ' },
  {
    ielts_overall: 6.5,
    grade_of: 'bachelor',
    grade_min: 2.8,
    grade_scale: 'gpa4',
    study_gap_max_years: 5,
    funds_to_show: 60_000,
    currency: 'AUD',
  },
  { ielts_overall: 7, toefl_overall: 90, grade_of: 'plus_two', grade_min: 70, grade_scale: 'percent', study_gap_max_years: 1 },
];

const PROFILES: Profile[] = [
  { ielts: { overall: 6.5, lowest: 6 } },
  { ielts: { overall: 7 } },
  { ielts: { overall: 6, lowest: 5.5 }, pte: { overall: 58, lowest: 52 } },
  { toefl: { overall: 80, lowest: 20 }, duolingo: { overall: 110 } },
  // NEB's table: 72% is a GPA of 3.2
  { plus_two: { value: 72, scale: 'percent' } },
  { plus_two: { value: 2.8, scale: 'gpa4' } },
  { bachelor: { value: 60, scale: 'percent' } },
  { bachelor: { value: 3.1, scale: 'gpa4' }, study_gap_years: 1.5 },
  { study_gap_years: 2 },
  { funds_npr: 2_000_000 },
  {
    ielts: { overall: 7.5, lowest: 7 },
    toefl: { overall: 100, lowest: 25 },
    plus_two: { value: 85, scale: 'percent' },
    bachelor: { value: 3.5, scale: 'gpa4' },
    study_gap_years: 0,
    funds_npr: 10_000_000,
  },
];

describe.each(engines)('only courses I qualify for on %s', (engine) => {
  let t: TestApp;
  let university: number;
  let rows: Record<string, unknown>[];

  const get = (params: Record<string, string>) =>
    t.app.inject({ url: `/api/course/?${new URLSearchParams({ university: String(university), page_size: '100', ...params })}` });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    university = await createUniversity(db);
    await db.insert(exchangeRates).values({ currency: 'AUD', npr_per_unit: 88, rate_date: '2026-11-20' });
    await db
      .insert(courses)
      .values(
        ROWS.map((r, i) => ({ name: `Course ${i}`, slug: `course-${i}`, level: 'master' as const, university_id: university, ...r })),
      );
    rows = (await get({})).json().results;
    expect(rows).toHaveLength(ROWS.length);
  });
  afterAll(() => t.close());

  it('lists exactly the courses qualify() says each profile meets, never one without requirements on record', async () => {
    const found: number[][] = [];
    for (const profile of PROFILES) {
      const expected = rows
        .filter((r) => qualify(requirementsOf(r), profile).status === 'meets')
        .map((r) => r.id)
        .sort();
      const res = await get(paramsOfProfile(profile));
      expect(res.statusCode, res.body).toBe(200);
      const got = (res.json().results as { id: number }[]).map((r) => r.id).sort();
      expect(got, JSON.stringify(profile)).toEqual(expected);
      expect(res.json().count).toBe(expected.length);
      found.push(got);
    }
    // the grid tells profiles apart: each finds its own courses, the strongest most
    expect(new Set(found.map((ids) => ids.join())).size).toBe(PROFILES.length);
    expect(found.at(-1)!.length).toBeGreaterThan(ROWS.length / 2);
  });

  it('counts, pages and facets the narrowed list', async () => {
    const params = paramsOfProfile(PROFILES.at(-1)!);
    const all = (await get(params)).json();
    const first = (await get({ ...params, page_size: '5', facets: 'level' })).json();
    const second = (await get({ ...params, page_size: '5', page: '2' })).json();
    expect(first.count).toBe(all.count);
    expect(first.facets.level).toEqual({ master: all.count });
    expect([...first.results, ...second.results].map((r: { id: number }) => r.id)).toEqual(
      all.results.slice(0, 10).map((r: { id: number }) => r.id),
    );
  });

  it('refuses facts off their scales, or that do not go together, naming the parameter', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ meets_ielts: 'seven' }, 'meets_ielts'],
      [{ meets_ielts: '9.5' }, 'meets_ielts'],
      [{ meets_ielts: '6.3' }, 'meets_ielts'],
      [{ meets_ielts_lowest: '6' }, 'meets_ielts_lowest'],
      [{ meets_plus_two_gpa4: '5' }, 'meets_plus_two_gpa4'],
      [{ meets_bachelor_gpa4: '3', meets_bachelor_percent: '70' }, 'meets_bachelor_percent'],
      [{ meets_funds_npr: '-1' }, 'meets_funds_npr'],
    ];
    for (const [params, name] of cases) {
      const res = await get(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expectErrorShape(res.json());
      expect(Object.keys(res.json().fields), JSON.stringify(params)).toContain(name);
    }
    // lists without entry requirements take none of them
    expect((await t.app.inject({ url: '/api/university/?meets_ielts=7' })).statusCode).toBe(400);
  });

  it('keeps anonymous answers apart by the facts asked, and documents them', async () => {
    const weak = paramsOfProfile({ ielts: { overall: 6 } });
    const strong = paramsOfProfile({ ielts: { overall: 7 } });
    const a = await get(weak);
    const b = await get(strong);
    const again = await get(weak);
    expect(a.json().count).not.toBe(b.json().count);
    expect(again.body).toBe(a.body);
    expect(a.headers.etag).not.toBe(b.headers.etag);
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const names = (doc.paths['/api/course/'].get.parameters as { name: string; description?: string }[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['meets_ielts', 'meets_ielts_lowest', 'meets_plus_two_percent', 'meets_funds_npr']));
  });
});
