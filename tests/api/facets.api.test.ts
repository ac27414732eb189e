import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultancies, courses, disciplines, districts, scholarships, universities } from '../../server/db/schema/index.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { listRows } from '../../server/entities/query.ts';
import { serverEntity } from '../../server/entities/registry.ts';
import { COURSE_LEVELS } from '../../src/lib/contract/index.ts';
import {
  buildTestApp,
  createConsultancy,
  createCourse,
  createDestination,
  createExam,
  createUniversity,
  engines,
  expectErrorShape,
  type TestApp,
} from './helpers.ts';

describe.each(engines)('facets on %s', (engine) => {
  let t: TestApp;
  const get = async (url: string) => {
    const res = await t.app.inject({ url: `/api${url}` });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json();
  };
  const ids = { destinations: [] as number[], universities: [] as number[], disciplines: [] as number[] };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    for (const name of ['Australia', 'Japan', 'Canada']) ids.destinations.push(await createDestination(db, name));
    for (const name of ['Nursing', 'Computing'])
      ids.disciplines.push(
        (await db.insert(disciplines).values({ name, slug: name.toLowerCase() }).returning({ id: disciplines.id }))[0]!.id,
      );
    for (let i = 0; i < 5; i++) {
      const id = await createUniversity(db);
      // universities list several disciplines (an array column): each counts once per discipline
      await db
        .update(universities)
        .set({
          name: `Harbour University ${i}`,
          destination_id: ids.destinations[i % 2]!,
          disciplines: i % 2 ? ids.disciplines : [ids.disciplines[0]!],
        })
        .where(eq(universities.id, id));
      ids.universities.push(id);
    }
    for (let i = 0; i < 23; i++) {
      const id = await createCourse(t.database.db);
      await db
        .update(courses)
        .set({
          name: i % 3 ? `Bachelor of Nursing ${i}` : `Master of Computing ${i}`,
          university_id: ids.universities[i % 5]!,
          level: COURSE_LEVELS[i % 4]!,
          discipline_id: ids.disciplines[i % 2]!,
        })
        .where(eq(courses.id, id));
    }
    for (let i = 0; i < 7; i++) {
      // every third one for any field of study
      await db.insert(scholarships).values({
        title: `Award ${i}`,
        slug: `award-${i}`,
        level: i % 2 ? 'master' : 'bachelor',
        discipline_id: i % 3 ? ids.disciplines[i % 2]! : null,
      });
    }
    for (let i = 0; i < 6; i++) {
      const id = await createConsultancy(db, `Everest Consultancy ${i}`);
      await db
        .update(consultancies)
        .set({ verified: i % 3 === 0, study_abroad_destinations: ids.destinations.slice(0, 1 + (i % 3)) })
        .where(eq(consultancies.id, id));
    }
  });
  afterAll(() => t.close());

  /** Each facet value's count is the count of the list with that value chosen, the other filters and the search as they are. */
  async function expectCountsMatchRows(path: string, query: Record<string, string>, names: string[]) {
    const params = new URLSearchParams({ ...query, facets: names.join(',') });
    const body = await get(`/${path}/?${params}`);
    expect(Object.keys(body)).toEqual(['count', 'next', 'previous', 'results', 'facets']);
    expect(Object.keys(body.facets).sort()).toEqual([...names].sort());
    for (const name of names) {
      const counts: Record<string, number> = body.facets[name];
      expect(Object.keys(counts).length, `${path} ${name}`).toBeGreaterThan(0);
      // '' counts rows without a value, listed under every value (orNone): no filter value selects them alone
      for (const [value, n] of Object.entries(counts).filter(([v]) => v !== '')) {
        const narrowed = await get(`/${path}/?${new URLSearchParams({ ...query, [name]: value, page_size: '1' })}`);
        expect(n, `${path}?${params} ${name}=${value}`).toBe(narrowed.count);
      }
    }
    return body;
  }

  it('counts the rows of each filter value, for the search and the other filters', async () => {
    const all = await expectCountsMatchRows('course', {}, ['university', 'level', 'discipline']);
    // a plain column: the counts add up to the list's count
    expect(Object.values(all.facets.level as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(all.count);
    await expectCountsMatchRows('course', { level: 'bachelor' }, ['university', 'level']);
    await expectCountsMatchRows('course', { search: 'nursing', discipline: String(ids.disciplines[0]) }, [
      'level',
      'university',
      'discipline',
    ]);
    // an array column
    await expectCountsMatchRows('university', { destination: String(ids.destinations[1]) }, ['discipline', 'destination']);
    // a filter whose empty value matches every value (scholarships for any field)
    const any = await expectCountsMatchRows('scholarship', { open: 'false' }, ['discipline', 'level']);
    expect(any.facets.discipline['']).toBe(3);
    // boolean and ref-list filters of consultancies: the whole list, under one filter (kept pairs), under two
    await expectCountsMatchRows('consultancy', {}, ['verified', 'destination']);
    await expectCountsMatchRows('consultancy', { destination: String(ids.destinations[1]) }, ['verified', 'destination']);
    await expectCountsMatchRows('consultancy', { verified: 'true' }, ['verified', 'destination']);
    await expectCountsMatchRows('consultancy', { verified: 'true', destination: String(ids.destinations[0]) }, ['verified', 'destination']);
  });

  it("keeps the whole list's counts (facet_counts) equal to counting the rows, through inserts, updates and deletes", async () => {
    const db = t.database.db;
    const consultancy = serverEntity('consultancy');
    const columns = { district: 'districts', destination: 'study_abroad_destinations', exam: 'test_preparation', verified: 'verified' };
    // nothing remembered: every call counts again
    const fresh = async <T>(_key: string, compute: () => Promise<T>) => compute();
    const expectCounted = async (step: string) => {
      const { facets } = await listRows(db, consultancy, { facets: Object.keys(columns).join(',') }, [], { memo: fresh });
      for (const [name, col] of Object.entries(columns)) {
        const value = col === 'verified' ? sql.raw(`${col}::text`) : sql.raw(`unnest(${col})::text`);
        const plain = rowsOf<{ value: string; n: number }>(
          await db.execute(sql`SELECT v AS value, count(*)::int AS n FROM (SELECT ${value} AS v FROM consultancies) r GROUP BY v`),
        );
        expect(facets![name], `${step}: ${name}`).toEqual(Object.fromEntries(plain.map((r) => [r.value, r.n])));
      }
    };
    await expectCounted('as loaded');
    const added = [];
    for (let i = 0; i < 3; i++) added.push(await createConsultancy(db, `Counted Consultancy ${i}`));
    await db
      .update(consultancies)
      .set({ study_abroad_destinations: ids.destinations, districts: [], verified: true })
      .where(inArray(consultancies.id, added));
    await expectCounted('after inserts and an update of several rows');
    await db
      .update(consultancies)
      .set({ study_abroad_destinations: [ids.destinations[2]!] })
      .where(eq(consultancies.id, added[0]!));
    await db.update(consultancies).set({ verified: sql`NOT ${consultancies.verified}` });
    await expectCounted('after updates of lists and of every row');
    await db.delete(consultancies).where(inArray(consultancies.id, added));
    await expectCounted('after deletes');
    // a write rolled back takes its counts with it
    await db
      .transaction(async (tx) => {
        await tx.update(consultancies).set({ study_abroad_destinations: [] });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await expectCounted('after a rollback');
  });

  it('keeps the counts under one filter (facet_pair_counts) equal to grouping the filtered rows, through inserts, updates, deletes and a truncate', async () => {
    const db = t.database.db;
    const consultancy = serverEntity('consultancy');
    const names = ['district', 'destination', 'exam', 'verified'];
    const fresh = async <T>(_key: string, compute: () => Promise<T>) => compute();
    // any condition besides the filter (here one that always holds) sends a facet down the grouping path
    const grouped = [sql`true`];
    const expectPairs = async (step: string) => {
      const asked = rowsOf<{ filter: string; value: string }>(
        await db.execute(
          sql`SELECT DISTINCT filter_column AS filter, filter_value AS value FROM facet_pair_counts WHERE table_name = 'consultancies'`,
        ),
      );
      const byColumn: Record<string, string> = {
        districts: 'district',
        study_abroad_destinations: 'destination',
        test_preparation: 'exam',
        verified: 'verified',
      };
      // every value a filter had, also those no row holds any more (their counts must have fallen to 0)
      const filters = [...asked.map((a) => [byColumn[a.filter]!, a.value] as const), ['verified', 'false'] as const];
      expect(filters.length, step).toBeGreaterThan(0);
      for (const [filter, value] of filters) {
        const query = { [filter]: value, facets: names.join(',') };
        const kept = await listRows(db, consultancy, query, [], { memo: fresh });
        const rows = await listRows(db, consultancy, query, grouped, { memo: fresh });
        expect(kept.facets, `${step}: ${filter}=${value}`).toEqual(rows.facets);
      }
    };
    const exams = [await createExam(db), await createExam(db)];
    const places = await db
      .insert(districts)
      .values(['Kaski', 'Chitwan', 'Jhapa'].map((name) => ({ name, slug: name.toLowerCase() })))
      .returning({ id: districts.id });
    const [kaski, chitwan, jhapa] = places.map((p) => p.id);
    const added = [];
    for (let i = 0; i < 3; i++) added.push(await createConsultancy(db, `Paired Consultancy ${i}`));
    await db
      .update(consultancies)
      // an id twice in a list: the row is listed once under it
      .set({
        study_abroad_destinations: [ids.destinations[0]!, ids.destinations[2]!, ids.destinations[0]!],
        districts: [kaski!, chitwan!],
        test_preparation: exams,
      })
      .where(inArray(consultancies.id, added));
    await expectPairs('after inserts and an update of several rows');
    await db
      .update(consultancies)
      .set({ study_abroad_destinations: [ids.destinations[1]!], test_preparation: [exams[1]!] })
      .where(eq(consultancies.id, added[0]!));
    await db.update(consultancies).set({ verified: sql`NOT ${consultancies.verified}` });
    await db.update(consultancies).set({ name: sql`${consultancies.name} || ' '` });
    await expectPairs('after updates of lists, of a flag and of a column not counted');
    await db.delete(consultancies).where(eq(consultancies.id, added[1]!));
    await expectPairs('after a delete');
    await db.execute(sql`TRUNCATE consultancies CASCADE`);
    expect(
      rowsOf(await db.execute(sql`SELECT 1 FROM facet_pair_counts WHERE table_name = 'consultancies'`)),
      'a truncate forgets the pairs',
    ).toEqual([]);
    await createConsultancy(db, 'After the truncate');
    await db.update(consultancies).set({ districts: [jhapa!], study_abroad_destinations: [ids.destinations[0]!] });
    await expectPairs('after a truncate and an insert');
  });

  it('answers without facets unless asked, and refuses a facet that is not a filter of the list', async () => {
    expect(Object.keys(await get('/course/'))).toEqual(['count', 'next', 'previous', 'results']);
    for (const url of ['/course/?facets=fee', '/course/?facets=level,colour', '/districts/?facets=', '/destination/?facets=name']) {
      const res = await t.app.inject({ url: `/api${url}` });
      expect(res.statusCode, url).toBe(400);
      expectErrorShape(res.json());
      expect(res.json().fields.facets, url).toBeDefined();
    }
  });
});
