import { eq, getTableColumns, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultancies, courses, exchangeRates } from '../../server/db/schema/index.ts';
import { registry } from '../../server/entities/registry.ts';
import { entities, entityPaths, orderableFields, type EntityDeclaration } from '../../src/lib/contract/index.ts';
import { buildTestApp, createConsultancy, createCourse, engines, expectErrorShape, type TestApp } from './helpers.ts';

describe.each(engines)('declared orderings on %s', (engine) => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ url: `/api${url}` });

  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  const publicLists = (Object.values(entities) as EntityDeclaration[]).filter((d) => entityPaths(d).publicList);

  it('orders by every declared key, ascending and descending, and each is a column or a computed value', async () => {
    for (const decl of Object.values(entities) as EntityDeclaration[]) {
      const entity = registry[decl.name as keyof typeof registry];
      for (const key of orderableFields(decl))
        expect(key in getTableColumns(entity.table) || key in (entity.computed ?? {}), `${decl.name}.${key}`).toBe(true);
    }
    for (const decl of publicLists) {
      for (const key of orderableFields(decl)) {
        for (const ordering of [key, `-${key}`])
          expect((await get(`/${decl.path}/?ordering=${ordering}`)).statusCode, `${decl.name} ${ordering}`).toBe(200);
      }
    }
  });

  it('reads an order led by a yes/no field part by part: the same rows in the same order on every page, each part in the rest of the order', async () => {
    const db = t.database.db;
    for (const [i, name] of ['Delta Abroad', 'Alpha Abroad', 'Echo Abroad', 'Bravo Abroad', 'Charlie Abroad'].entries()) {
      const id = await createConsultancy(db, name);
      await db
        .update(consultancies)
        .set({ verified: i % 2 === 0 })
        .where(eq(consultancies.id, id));
    }
    const rows = async (query: string) =>
      (await get(`/consultancy/?search=abroad&${query}`)).json().results as { name: string; verified: boolean }[];
    for (const [ordering, first] of [
      ['-verified,name', true],
      ['verified,name', false],
    ] as const) {
      const all = await rows(`ordering=${ordering}&page_size=50`);
      const names = (verified: boolean) => all.filter((r) => r.verified === verified).map((r) => r.name);
      expect(
        all.map((r) => r.name),
        ordering,
      ).toEqual([...names(first).sort(), ...names(!first).sort()]);
      const paged = [];
      for (let page = 1; page <= 3; page++) paged.push(...(await rows(`ordering=${ordering}&page_size=2&page=${page}`)));
      expect(
        paged.map((r) => r.name),
        ordering,
      ).toEqual(all.map((r) => r.name));
    }
  });

  it('refuses a real field the declaration does not make orderable, with 400 naming ordering', async () => {
    for (const url of [
      '/course/?ordering=fee',
      '/course/?ordering=-requirements',
      '/consultancy/?ordering=about',
      '/scholarship/?ordering=eligibility',
      '/university/?ordering=name,-website',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expectErrorShape(res.json());
      expect(res.json().fields.ordering, url).toBeDefined();
    }
  });

  it('orders courses by their fee in rupees at the newest rate of each currency, those without a rupee amount last', async () => {
    await t.database.db.insert(exchangeRates).values([
      { currency: 'AUD', npr_per_unit: 60, rate_date: '2026-01-01' },
      { currency: 'AUD', npr_per_unit: 88, rate_date: '2026-11-20' },
      { currency: 'JPY', npr_per_unit: 0.9, rate_date: '2026-11-20' },
    ]);
    // in their own currencies JPY 3,000,000 is the "largest" fee; in rupees it is the smallest but one
    const fees = [
      { fee: 30_000, currency: 'AUD' }, // NPR 2,640,000 (at the newest rate, not the older 60)
      { fee: 3_000_000, currency: 'JPY' }, // NPR 2,700,000
      { fee: 2_000_000, currency: 'NPR' }, // NPR 2,000,000
      { fee: 40_000, currency: 'GBP' }, // no rate: last
      { fee: null, currency: 'AUD' }, // no fee: last
    ];
    const ids: number[] = [];
    for (const f of fees) {
      const id = await createCourse(t.database.db);
      await t.database.db.update(courses).set(f).where(eq(courses.id, id));
      ids.push(id);
    }
    const listed = async (ordering: string) =>
      (await get(`/course/?ids=${ids.join(',')}&ordering=${ordering}`))
        .json()
        .results.map((r: { id: number; fee_npr: number | null }) => [ids.indexOf(r.id), r.fee_npr]);
    expect(await listed('fee_npr')).toEqual([
      [2, 2_000_000],
      [0, 2_640_000],
      [1, 2_700_000],
      [3, null],
      [4, null],
    ]);
    expect((await listed('-fee_npr')).slice(0, 3)).toEqual([
      [1, 2_700_000],
      [0, 2_640_000],
      [2, 2_000_000],
    ]);
    await t.database.db.delete(courses).where(inArray(courses.id, ids));
  });
});
