import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, disciplines, exchangeRates, scholarships, universities } from '../../server/db/schema/index.ts';
import { buildTestApp, createCourse, createDestination, createUniversity, engines, expectErrorShape, type TestApp } from './helpers.ts';

/** A calendar date `days` from today in Nepal (where deadlines end). */
const nepalDate = (days: number) => new Date(Date.now() + (5 * 60 + 45) * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

describe.each(engines)('the scholarship and course finders on %s', (engine) => {
  let t: TestApp;
  const s: Record<string, number> = {};
  const c: Record<string, number> = {};
  let japan = 0;
  let nursing = 0;
  const titles = async (url: string) => {
    const res = await t.app.inject({ url: `/api${url}` });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res
      .json()
      .results.map((r: { title?: string; name?: string }) => r.title ?? r.name)
      .sort();
  };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    await db.insert(exchangeRates).values([
      { currency: 'AUD', npr_per_unit: 88, rate_date: '2026-11-20' },
      { currency: 'JPY', npr_per_unit: 0.9, rate_date: '2026-11-20' },
    ]);
    japan = await createDestination(db, 'Japan');
    nursing = (await db.insert(disciplines).values({ name: 'Nursing', slug: 'nursing' }).returning({ id: disciplines.id }))[0]!.id;
    const awards = [
      { title: 'Closed yesterday', deadline: nepalDate(-1), level: 'master' },
      { title: 'Closes today', deadline: nepalDate(0), level: 'master', amount_value: 10_000, amount_currency: 'AUD' },
      {
        title: 'Closes in ten days',
        deadline: nepalDate(10),
        level: 'bachelor',
        discipline_id: nursing,
        amount_value: 1_000_000,
        amount_currency: 'JPY',
      },
      { title: 'Closes in forty days', deadline: nepalDate(40), level: 'bachelor', destination_id: japan },
      { title: 'Rolling', deadline: null, level: 'phd' },
    ];
    for (const a of awards)
      s[a.title] = (
        await db
          .insert(scholarships)
          .values({ ...a, slug: a.title.toLowerCase().replace(/ /g, '-') })
          .returning({ id: scholarships.id })
      )[0]!.id;

    const tokyo = await createUniversity(db);
    await db.update(universities).set({ name: 'Tokyo Institute', destination_id: japan }).where(eq(universities.id, tokyo));
    const sydney = await createUniversity(db);
    for (const [name, university_id, fee, currency, intakes] of [
      ['Japanese Nursing', tokyo, 1_000_000, 'JPY', ['April', 'October']], // NPR 900,000
      ['Japanese Robotics', tokyo, 3_000_000, 'JPY', ['April']], // NPR 2,700,000
      ['Sydney Nursing', sydney, 30_000, 'AUD', ['February']], // NPR 2,640,000
    ] as const) {
      const id = await createCourse(db);
      await db
        .update(courses)
        .set({ name, university_id, fee, currency, intakes: [...intakes] })
        .where(eq(courses.id, id));
      c[name] = id;
    }
  });
  afterAll(() => t.close());

  it('finds open scholarships (rolling ones too), by deadline window, level, field and amount in rupees', async () => {
    expect(await titles('/scholarship/?open=true')).toEqual(['Closes in forty days', 'Closes in ten days', 'Closes today', 'Rolling']);
    expect(await titles('/scholarship/?open=false')).toHaveLength(5);
    expect(await titles('/scholarship/?closes_within=30')).toEqual(['Closes in ten days', 'Closes today']);
    expect(await titles('/scholarship/?closes_within=90&level=bachelor')).toEqual(['Closes in forty days', 'Closes in ten days']);
    // those for any field of study match every field
    expect(await titles(`/scholarship/?discipline=${nursing}`)).toHaveLength(5);
    const computing = (
      await t.database.db.insert(disciplines).values({ name: 'Computing', slug: 'computing' }).returning({ id: disciplines.id })
    )[0]!.id;
    expect(await titles(`/scholarship/?discipline=${computing}&level=bachelor`)).toEqual(['Closes in forty days']);
    const counted = (await t.app.inject({ url: `/api/scholarship/?level=bachelor&facets=discipline` })).json().facets.discipline;
    expect(counted).toEqual({ [nursing]: 2, '': 1 });
    expect(await titles(`/scholarship/?destination=${japan}&open=true`)).toEqual(['Closes in forty days']);
    // AUD 10,000 = NPR 880,000; JPY 1,000,000 = NPR 900,000; no figures: never "at least" anything
    expect(await titles('/scholarship/?amount_min=890000')).toEqual(['Closes in ten days']);
    expect(await titles('/scholarship/?amount_min=800000')).toEqual(['Closes in ten days', 'Closes today']);
  });

  it('finds courses by country (through the university), intake month and yearly fee in rupees', async () => {
    expect(await titles(`/course/?country=${japan}`)).toEqual(['Japanese Nursing', 'Japanese Robotics']);
    expect(await titles('/course/?intake=April')).toEqual(['Japanese Nursing', 'Japanese Robotics']);
    expect(await titles('/course/?fee_max=2650000')).toEqual(['Japanese Nursing', 'Sydney Nursing']);
    expect(await titles(`/course/?fee_min=1000000&fee_max=2700000&country=${japan}`)).toEqual(['Japanese Robotics']);
    expect(await titles('/course/?fee_min=2600000&ordering=fee_npr')).toEqual(['Japanese Robotics', 'Sydney Nursing']);
  });

  it('refuses finder values that are not numbers or offered windows, in the error shape', async () => {
    for (const [url, field] of [
      ['/course/?fee_min=cheap', 'fee_min'],
      ['/course/?fee_max=-5', 'fee_max'],
      ['/course/?intake=Smarch', 'intake'],
      ['/course/?country=atlantis', 'country'],
      ['/scholarship/?closes_within=5', 'closes_within'],
      ['/scholarship/?amount_min=1e9', 'amount_min'],
      ['/scholarship/?facets=amount_min', 'facets'],
    ] as const) {
      const res = await t.app.inject({ url: `/api${url}` });
      expect(res.statusCode, url).toBe(400);
      expectErrorShape(res.json());
      expect(res.json().fields[field], url).toBeDefined();
    }
  });
});
