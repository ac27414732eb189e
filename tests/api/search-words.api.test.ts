import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bearer, buildTestApp, engines, expectErrorShape, signedIn, type TestApp } from './helpers.ts';
import {
  consultancies,
  courses,
  destinations,
  disciplines,
  districts,
  events,
  exams,
  offers,
  scholarships,
  synonyms,
  universities,
} from '../../server/db/schema/index.ts';
import { SYNONYM_GROUPS } from '../../server/db/seed/data/synonyms.ts';
import { matchText } from '../../server/entities/search.ts';
import { ensureSearchTriggers } from '../../server/db/search-triggers.ts';
import { rowsOf } from '../../server/db/index.ts';

type Session = Awaited<ReturnType<typeof signedIn>>;

describe.each(engines)('search word by word (%s)', (engine) => {
  let t: TestApp;
  let admin: Session;
  let student: Session;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    admin = await signedIn(t.app, db, 'admin');
    student = await signedIn(t.app, db, 'student');
    await db.insert(synonyms).values(SYNONYM_GROUPS);
    const [au, ca, uk] = await db
      .insert(destinations)
      .values([
        { name: 'Australia', slug: 'australia', capital: 'Canberra' },
        { name: 'Canada', slug: 'canada', capital: 'Ottawa' },
        { name: 'United Kingdom', slug: 'united-kingdom', capital: 'London' },
      ])
      .returning({ id: destinations.id });
    const [nursing] = await db.insert(disciplines).values({ name: 'Nursing', slug: 'nursing' }).returning({ id: disciplines.id });
    const [wattle, maple, thames] = await db
      .insert(universities)
      .values([
        { name: 'Wattle University', slug: 'wattle', destination_id: au!.id, city: 'Perth' },
        { name: 'Maple Ridge University', slug: 'maple', destination_id: ca!.id, city: 'Halifax' },
        { name: 'Thames Valley Institute', slug: 'thames', destination_id: uk!.id, city: 'Leeds' },
      ])
      .returning({ id: universities.id });
    ids.wattle = wattle!.id;
    ids.australia = au!.id;
    const rows = await db
      .insert(courses)
      .values([
        {
          name: 'Bachelor of Nursing',
          slug: 'bn',
          university_id: wattle!.id,
          level: 'bachelor',
          discipline_id: nursing!.id,
          intakes: ['February'],
          about: '<p>Placements in rural hospitals.</p>',
        },
        { name: 'Master of Nursing Practice', slug: 'mn', university_id: maple!.id, level: 'master', discipline_id: nursing!.id },
        { name: 'MBA Global Leadership', slug: 'mba', university_id: thames!.id, level: 'master' },
        { name: 'Bachelor of Civil Engineering', slug: 'be', university_id: maple!.id, level: 'bachelor', intakes: ['September'] },
      ])
      .returning({ id: courses.id, slug: courses.slug });
    for (const r of rows) ids[r.slug] = r.id;
    const [ktm] = await db.insert(districts).values({ name: 'Kathmandu', slug: 'kathmandu' }).returning({ id: districts.id });
    const [ielts] = await db.insert(exams).values({ name: 'IELTS', slug: 'ielts', type: 'english' }).returning({ id: exams.id });
    await db.insert(consultancies).values([
      { name: 'Himal Study Link', slug: 'himal', address: 'Putalisadak', districts: [ktm!.id], test_preparation: [ielts!.id] },
      { name: 'Lakeside Education', slug: 'lakeside', address: 'Pokhara' },
    ]);
  });
  afterAll(() => t.close());

  const find = async (entity: string, search: string) => {
    const res = await t.app.inject({ url: `/api/${entity}/?search=${encodeURIComponent(search)}` });
    expect(res.statusCode).toBe(200);
    return (res.json().results as { slug: string }[]).map((r) => r.slug).sort();
  };

  it("finds a course by its university's country, and a university by its country", async () => {
    expect(await find('course', 'nursing australia')).toEqual(['bn']);
    expect(await find('course', 'Australia')).toEqual(['bn']);
    expect(await find('university', 'canada')).toEqual(['maple']);
  });

  it("finds a course by its university's name and city, and by its field of study", async () => {
    expect(await find('course', 'wattle nursing')).toEqual(['bn']);
    expect(await find('course', 'nursing halifax')).toEqual(['mn']);
    expect(await find('course', 'nursing')).toEqual(['bn', 'mn']);
  });

  it('finds a consultancy by its districts and the exams it prepares for', async () => {
    expect(await find('consultancy', 'ielts kathmandu')).toEqual(['himal']);
    expect(await find('consultancy', 'International English Language Testing System')).toEqual(['himal']);
  });

  it('finds an event by the countries it is for', async () => {
    await t.database.db.insert(events).values([
      {
        title: 'Study fair',
        slug: 'fair-au',
        starts_at: '2099-01-01T10:00:00Z',
        ends_at: '2099-01-01T16:00:00Z',
        targeted_destinations: [ids.australia!],
      },
      { title: 'Study fair', slug: 'fair-any', starts_at: '2099-01-02T10:00:00Z', ends_at: '2099-01-02T16:00:00Z' },
    ]);
    expect(await find('event', 'fair australia')).toEqual(['fair-au']);
    expect(await find('event', 'fair')).toEqual(['fair-any', 'fair-au']);
  });

  it("finds courses by a country's other names and by a level's other names", async () => {
    expect(await find('course', 'nursing aus')).toEqual(['bn']);
    expect(await find('course', 'mba uk')).toEqual(['mba']);
    expect(await find('course', 'master great britain')).toEqual(['mba']);
    expect(await find('course', 'bsc nursing')).toEqual(['bn']);
    expect(await find('course', 'postgraduate nursing')).toEqual(['mn']);
    expect(await find('course', 'undergraduate')).toEqual(['be', 'bn']);
  });

  it('finds courses by intake month', async () => {
    expect(await find('course', 'september engineering')).toEqual(['be']);
  });

  it('forgives a typo in each word of a query', async () => {
    expect(await find('course', 'nrsing')).toEqual(['bn', 'mn']);
    expect(await find('course', 'nursing austrlia')).toEqual(['bn']);
    expect(await find('course', 'canda')).toEqual(['be', 'mn']);
    expect(await find('course', 'enginering')).toEqual(['be']);
    expect(await find('course', 'enginering canda')).toEqual(['be']);
    // a word only a description holds
    expect(await find('course', 'hospitls')).toEqual(['bn']);
  });

  it('says what it corrected and what matched nothing, and corrects nothing when asked for the words as typed', async () => {
    const db = t.database.db;
    const match = (text: string, exact = false) => matchText(db, courses, courses.search, text, { exact });
    expect(await match('nrsing austrlia')).toMatchObject({
      corrections: [
        { from: 'nrsing', to: 'nursing' },
        { from: 'austrlia', to: 'australia' },
      ],
      unmatched: [],
    });
    expect(await match('nursing qzxwvk')).toMatchObject({ corrections: [], unmatched: ['qzxwvk'] });
    expect(await match('nrsing', true)).toMatchObject({ corrections: [], unmatched: ['nrsing'] });
    // a word another table holds is spelt right: not corrected into a course's word
    expect(await matchText(db, consultancies, consultancies.search, 'canada')).toMatchObject({ corrections: [], unmatched: ['canada'] });
    // short words and synonyms are never corrected into something else
    for (const word of ['uk', 'nz', 'pte', 'mba']) expect((await match(word)).corrections).toEqual([]);
  });

  it('applies a synonym group an admin adds at once, and only admins may write or read them', async () => {
    expect(await find('course', 'rn')).toEqual([]);
    const create = (session?: Session) =>
      t.app.inject({
        method: 'POST',
        url: '/api/synonym/create/',
        headers: session ? bearer(session) : {},
        payload: { term: 'nursing', words: ['RN', 'registered nurse'] },
      });
    for (const [session, status] of [
      [undefined, 401],
      [student, 403],
    ] as const) {
      const res = await create(session);
      expect(res.statusCode).toBe(status);
      expectErrorShape(res.json());
    }
    expect((await t.app.inject({ url: '/api/synonym/' })).statusCode).toBe(401);
    const created = await create(admin);
    expect(created.statusCode, created.body).toBe(201);
    expect(await find('course', 'rn')).toEqual(['bn', 'mn']);
    expect(await find('course', 'registered nurse australia')).toEqual(['bn']);
  });

  it('finds a renamed university’s courses by the new name, and its country’s courses by the country’s new name', async () => {
    const db = t.database.db;
    await db.update(universities).set({ name: 'Koala Coast University' }).where(eq(universities.id, ids.wattle!));
    expect(await find('course', 'koala nursing')).toEqual(['bn']);
    expect(await find('course', 'wattle')).toEqual([]);
    await db.update(destinations).set({ name: 'Commonwealth of Australia' }).where(eq(destinations.id, ids.australia!));
    expect(await find('course', 'commonwealth')).toEqual(['bn']);
    expect(await find('university', 'commonwealth')).toEqual(['wattle']);
  });

  it('keeps each stem’s count of rows through inserts, updates, cascades, deletes and truncates, and a one-word search reports it', async () => {
    const db = t.database.db;
    const tables = ['courses', 'universities', 'consultancies', 'events'];
    // every stem whose kept count differs from the rows that hold it
    const drift = async () =>
      rowsOf(
        await db.execute(sql`
          WITH actual AS (${sql.join(
            tables.map(
              (name) =>
                sql`SELECT ${name} AS table_name, s AS stem, count(*)::int AS n FROM ${sql.identifier(name)}, unnest(tsvector_to_array(search)) s GROUP BY s`,
            ),
            sql` UNION ALL `,
          )}),
          kept AS (SELECT * FROM search_stem_counts WHERE n <> 0 AND table_name = ANY(${sql.raw(`ARRAY['${tables.join("','")}']`)}))
          SELECT coalesce(a.table_name, k.table_name) AS table_name, coalesce(a.stem, k.stem) AS stem, a.n AS actual, k.n AS kept
          FROM actual a FULL JOIN kept k ON k.table_name = a.table_name AND k.stem = a.stem
          WHERE a.n IS DISTINCT FROM k.n`),
      );
    expect(await drift()).toEqual([]);
    // a rename that its courses' vectors follow, an update that changes no vector, a delete
    await db.update(universities).set({ name: 'Wombat Plains University' }).where(eq(universities.id, ids.wattle!));
    await db.update(courses).set({ duration_months: 36 }).where(eq(courses.slug, 'bn'));
    await db.delete(courses).where(eq(courses.slug, 'mba'));
    expect(await drift()).toEqual([]);
    await db.execute(sql`TRUNCATE events CASCADE`);
    expect(await drift()).toEqual([]);
    expect((await t.app.inject({ url: '/api/course/?search=wombat' })).json().count).toBe(1);
    // the count is the kept one, not counted again
    await db.execute(sql`UPDATE search_stem_counts SET n = 1234 WHERE table_name = 'courses' AND stem = 'rural'`);
    expect((await t.app.inject({ url: '/api/course/?search=rural' })).json()).toMatchObject({ count: 1234, results: [{ slug: 'bn' }] });
    await db.execute(sql`UPDATE search_stem_counts SET n = 1 WHERE table_name = 'courses' AND stem = 'rural'`);
  });

  it('computes a table again at start when its trigger was missing, and the rows found by its rows', async () => {
    const db = t.database.db;
    await db.execute(sql`DROP FUNCTION universities_search_fill() CASCADE`);
    // written while no trigger kept its words: neither it nor its courses know the new name
    await db.update(universities).set({ name: 'Numbat Institute' }).where(eq(universities.id, ids.wattle!));
    expect(await find('course', 'numbat')).toEqual([]);
    expect(await ensureSearchTriggers(db)).toEqual(['universities']);
    expect(await find('university', 'numbat')).toEqual(['wattle']);
    expect(await find('course', 'numbat nursing')).toEqual(['bn']);
    expect(await ensureSearchTriggers(db)).toEqual([]);
  });
});

describe.each(engines)('default order of things that end (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  const titles = async (url: string) =>
    ((await t.app.inject({ url: `/api/${url}` })).json().results as { title: string }[]).map((r) => r.title);

  it('lists current scholarships before closed ones, the most recently closed first', async () => {
    await t.database.db.insert(scholarships).values([
      { title: 'Closed long ago', slug: 'c1', deadline: '2020-03-01' },
      { title: 'Closed in August', slug: 'c2', deadline: '2025-08-15' },
      { title: 'Open until 2099', slug: 'o1', deadline: '2099-01-31' },
      { title: 'Rolling', slug: 'o2', deadline: null },
      { title: 'Open until 2098', slug: 'o3', deadline: '2098-06-30' },
    ]);
    expect(await titles('scholarship/')).toEqual(['Open until 2098', 'Open until 2099', 'Rolling', 'Closed in August', 'Closed long ago']);
    // a page at a time, the same order
    const pages = [...(await titles('scholarship/?page_size=2')), ...(await titles('scholarship/?page_size=2&page=2'))];
    expect(pages).toEqual(['Open until 2098', 'Open until 2099', 'Rolling', 'Closed in August']);
    // a search lists a closed match after an open one, however well it matches
    await t.database.db.insert(scholarships).values({ title: 'Merit award merit award', slug: 'm1', deadline: '2021-01-01' });
    await t.database.db.insert(scholarships).values({ title: 'Merit grant', slug: 'm2', deadline: '2099-02-01' });
    expect(await titles('scholarship/?search=merit')).toEqual(['Merit grant', 'Merit award merit award']);
    // an order asked for is kept as asked
    expect((await titles('scholarship/?ordering=deadline'))[0]).toBe('Closed long ago');
  });

  it('lists current offers before ended ones although the newest ended', async () => {
    await t.database.db.insert(offers).values({ title: 'Running offer', slug: 'r', valid_until: '2099-01-01' });
    await t.database.db.insert(offers).values({ title: 'Ended offer', slug: 'e', valid_until: '2024-01-01' });
    expect(await titles('offer/')).toEqual(['Running offer', 'Ended offer']);
  });
});
