import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blogs,
  consultancies,
  courses,
  destinations,
  disciplines,
  districts,
  exams,
  exchangeRates,
  scholarships,
  synonyms,
  universities,
} from '../../server/db/schema/index.ts';
import { bumpContentVersion } from '../../server/content-version.ts';
import { listRows, RANK_COLUMN } from '../../server/entities/query.ts';
import { serverEntity } from '../../server/entities/registry.ts';
import { searchAnswer, type SearchAnswer } from '../../src/lib/contract/search.ts';
import { buildTestApp, engines, expectErrorShape, type TestApp } from './helpers.ts';

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const soon = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

describe.each(engines)('the site search (GET /api/search/) on %s', (engine) => {
  let t: TestApp;
  const search = async (query: string) => {
    const res = await t.app.inject({ url: `/api/search/?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return searchAnswer.parse(res.json()) as SearchAnswer;
  };
  const group = (answer: SearchAnswer, kind: string) => answer.groups.find((g) => g.kind === kind);
  const titles = (answer: SearchAnswer, kind: string) => (group(answer, kind)?.results ?? []).map((r) => r.name ?? r.title);

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    const ids = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows).map((r) => r.id);
    const [au, ca, jp] = await ids(
      db
        .insert(destinations)
        .values(['Australia', 'Canada', 'Japan'].map((name) => ({ name, slug: slug(name) })))
        .returning({ id: destinations.id }),
    );
    const [nursing, business] = await ids(
      db
        .insert(disciplines)
        .values(['Nursing', 'Business & Management', 'Computer Science & IT'].map((name) => ({ name, slug: slug(name) })))
        .returning({ id: disciplines.id }),
    );
    const [kathmandu, kaski] = await ids(
      db
        .insert(districts)
        .values(['Kathmandu', 'Kaski'].map((name) => ({ name, slug: slug(name), province: 'Bagmati' })))
        .returning({ id: districts.id }),
    );
    const [ielts, pte] = await ids(
      db
        .insert(exams)
        .values([
          { name: 'IELTS', slug: 'ielts', full_name: 'International English Language Testing System', type: 'english' },
          { name: 'PTE', slug: 'pte', full_name: 'Pearson Test of English', type: 'english' },
        ])
        .returning({ id: exams.id }),
    );
    await db.insert(exchangeRates).values([
      { currency: 'AUD', npr_per_unit: 88, rate_date: '2026-11-20' },
      { currency: 'CAD', npr_per_unit: 97, rate_date: '2026-11-20' },
    ]);
    const [sydney, maple] = await ids(
      db
        .insert(universities)
        .values([
          {
            name: 'Harbour City University',
            slug: 'harbour',
            destination_id: au,
            city: 'Sydney',
            currency: 'AUD',
            disciplines: [nursing!],
          },
          {
            name: 'Maple Leaf University',
            slug: 'maple',
            destination_id: ca,
            city: 'Toronto',
            currency: 'CAD',
            disciplines: [nursing!, business!],
          },
        ])
        .returning({ id: universities.id }),
    );
    const course = (
      name: string,
      university_id: number,
      level: 'bachelor' | 'master',
      discipline_id: number,
      fee: number,
      currency: string,
    ) => ({
      name,
      slug: slug(`${name} ${university_id}`),
      university_id,
      level,
      discipline_id,
      fee,
      currency,
    });
    await db.insert(courses).values([
      course('Bachelor of Nursing', sydney!, 'bachelor', nursing!, 40_000, 'AUD'),
      // cheaper than the bachelor, which comes first by name
      course('Master of Nursing Practice', sydney!, 'master', nursing!, 30_000, 'AUD'),
      course('Bachelor of Nursing', maple!, 'bachelor', nursing!, 30_000, 'CAD'),
      // NPR 2,425,000 and NPR 3,880,000: one under 30 lakh, one above
      course('Master of Business Administration', maple!, 'master', business!, 25_000, 'CAD'),
      course('Master of Management', maple!, 'master', business!, 40_000, 'CAD'),
    ]);
    await db.insert(scholarships).values([
      { title: 'Monbukagakusho Government Award', slug: 'mext', destination_id: jp, discipline_id: nursing, deadline: soon },
      { title: 'Southern Cross Award', slug: 'southern', destination_id: au, discipline_id: nursing, deadline: soon },
    ]);
    await db.insert(synonyms).values([
      { term: 'Australia', words: ['Aus', 'Oz'] },
      { term: 'master', words: ['masters', 'MBA', 'MSc'] },
    ]);
    await db.insert(blogs).values({ title: 'Living in Japan on a budget', slug: 'japan-budget', body: '<p>Rent and food in Japan.</p>' });
    await db.insert(consultancies).values([
      { name: 'Lakeside Education', slug: 'lakeside', address: 'Lakeside, Pokhara', districts: [kaski!], test_preparation: [ielts!] },
      {
        name: 'Putalisadak Abroad',
        slug: 'putalisadak',
        address: 'Putalisadak, Kathmandu',
        districts: [kathmandu!],
        test_preparation: [ielts!],
      },
      { name: 'Fewa Test Centre', slug: 'fewa', address: 'Lakeside, Pokhara', districts: [kaski!], test_preparation: [pte!] },
    ]);
  });
  afterAll(() => t.close());

  it('answers its documented shape: chips, groups with counts, the list address and the rows cards name', async () => {
    const answer = await search('q=nursing+in+australia');
    expect(answer.query).toBe('nursing in australia');
    expect(answer.chips).toEqual([
      { filter: 'discipline', value: 'nursing', label: 'Nursing', text: 'nursing' },
      { filter: 'country', value: 'australia', label: 'in Australia', text: 'in australia' },
    ]);
    expect(answer.groups[0]!.kind).toBe('course');
    const courses = group(answer, 'course')!;
    expect(courses.results.map((r) => r.name).sort()).toEqual(['Bachelor of Nursing', 'Master of Nursing Practice']);
    expect(courses.count).toBe(2);
    expect(courses.more).toBe('/course/?discipline=nursing&country=australia');
    // the course cards name their university and its country
    expect(courses.refs.university_id!.map((r) => r.name)).toEqual(['Harbour City University']);
    expect(courses.refs['university_id.destination_id']!.map((r) => r.name)).toEqual(['Australia']);
    // the Canadian nursing course is not listed
    expect(titles(answer, 'course')).not.toContain('Master of Business Administration');
  });

  it('looks up the words of every kind it searches in one statement (one vocabulary read per query, not per kind)', async () => {
    const db = t.database.db;
    const execute = db.execute.bind(db);
    const asked: string[] = [];
    db.execute = ((query: SQL) => {
      asked.push(new PgDialect().sqlToQuery(query).sql);
      return execute(query);
    }) as typeof db.execute;
    try {
      const answer = await search('q=pearson%20english');
      expect(answer.groups.length).toBeGreaterThan(0);
    } finally {
      db.execute = execute;
    }
    expect(asked.filter((text) => text.includes('search_words'))).toHaveLength(1);
  });

  it('applies a rupee ceiling and a level: "mba canada under 30 lakh"', async () => {
    const answer = await search(`q=${encodeURIComponent('master canada under 30 lakh')}`);
    expect(answer.chips.map((c) => [c.filter, c.value, c.text])).toEqual([
      ['level', 'master', 'master'],
      ['country', 'canada', 'canada'],
      ['fee_max', '3000000', 'under 30 lakh'],
    ]);
    expect(titles(answer, 'course')).toEqual(['Master of Business Administration']);
    // kinds without fees cannot honour the ceiling
    expect(answer.groups.map((g) => g.kind)).toEqual(['course']);
    const mba = await search('q=mba+canada+under+30+lakh');
    expect(mba.chips.find((c) => c.filter === 'level')).toMatchObject({ value: 'master', text: 'mba' });
    expect(titles(mba, 'course')).toEqual(['Master of Business Administration']);
  });

  it('orders "cheap" results by rupees, cheapest first, and links the list in that order', async () => {
    const answer = await search('q=cheap+nursing+australia');
    expect(answer.chips[0]).toMatchObject({ filter: 'order', value: 'cheapest', text: 'cheap' });
    const courses = group(answer, 'course')!;
    expect(courses.results.map((r) => r.name)).toEqual(['Master of Nursing Practice', 'Bachelor of Nursing']);
    expect(courses.more).toBe('/course/?ordering=fee_npr&discipline=nursing&country=australia');
  });

  it('finds nothing, rather than everything, for a query of joining words alone', async () => {
    const answer = await search('q=in');
    expect(answer.chips).toEqual([]);
    expect(answer.groups).toEqual([]);
  });

  it('lists only scholarships for "scholarship japan"', async () => {
    const answer = await search('q=scholarship+japan');
    expect(answer.chips.map((c) => c.filter)).toEqual(['kind', 'country']);
    expect(answer.groups.map((g) => g.kind)).toEqual(['scholarship']);
    expect(titles(answer, 'scholarship')).toEqual(['Monbukagakusho Government Award']);
  });

  it('lists the consultancies preparing for an exam in a city: "ielts preparation pokhara"', async () => {
    const answer = await search('q=ielts+preparation+pokhara');
    expect(answer.chips.map((c) => [c.filter, c.value])).toEqual([
      ['exam', 'ielts'],
      ['kind', 'consultancy'],
    ]);
    expect(answer.searched).toBe('pokhara');
    expect(answer.groups.map((g) => g.kind)).toEqual(['consultancy']);
    expect(titles(answer, 'consultancy')).toEqual(['Lakeside Education']);
    const district = await search('q=ielts+classes+kathmandu');
    expect(district.chips.map((c) => c.filter)).toEqual(['exam', 'kind', 'district']);
    expect(titles(district, 'consultancy')).toEqual(['Putalisadak Abroad']);
  });

  it('ranks the kind a word names first without searching the word: "lakeside consultancy"', async () => {
    const answer = await search('q=lakeside+consultancy');
    expect(answer.chips).toEqual([]);
    expect(answer.searched).toBe('lakeside');
    expect(answer.groups[0]!.kind).toBe('consultancy');
    expect(titles(answer, 'consultancy').sort()).toEqual(['Fewa Test Centre', 'Lakeside Education']);
  });

  it('puts the destination first for a lone country, and still finds blog posts that mention it', async () => {
    const answer = await search('q=japan');
    expect(answer.groups[0]!.kind).toBe('destination');
    expect(titles(answer, 'blog')).toEqual(['Living in Japan on a budget']);
  });

  it('suggests the chips to drop and the nearest words when nothing matches', async () => {
    const answer = await search('q=business+australia');
    expect(answer.groups).toEqual([]);
    expect(answer.suggestions.drop.sort()).toEqual(['country', 'discipline']);
  });

  it('corrects a misspelt word and says so; exact=true searches it as typed and suggests the nearest words', async () => {
    const typo = await search('q=nrsing+in+australia');
    expect(typo.corrected).toBe('nursing in australia');
    // the corrected word is understood as the field it names, the chip keeping the words as typed
    expect(typo.chips.find((c) => c.filter === 'discipline')).toMatchObject({ value: 'nursing', text: 'nrsing' });
    expect(titles(typo, 'course').sort()).toEqual(['Bachelor of Nursing', 'Master of Nursing Practice']);
    const asTyped = await search('q=nrsing+in+australia&exact=true');
    expect(asTyped.corrected).toBeNull();
    expect(asTyped.searched).toBe('nrsing');
    expect(asTyped.groups).toEqual([]);
    expect(asTyped.suggestions.words).toContain('nursing');
    expect(asTyped.suggestions.drop).toEqual([]);
  });

  it('knows a country by the synonyms admins keep: "nursing aus"', async () => {
    const answer = await search('q=nursing+aus');
    expect(answer.chips.find((c) => c.filter === 'country')).toMatchObject({ value: 'australia', label: 'in Australia', text: 'aus' });
    expect(group(answer, 'course')!.count).toBe(2);
  });

  it('counts a kind up to 1,000 and then says there are more (count_capped), ranking without showing the rank', async () => {
    const db = t.database.db;
    const posts = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ title: `Wombat diaries ${from + i}`, slug: `wombat-${from + i}`, body: '<p>Wombats.</p>' }));
    const bump = () => bumpContentVersion(db, ['blog']);
    await db.insert(blogs).values(posts(0, 1000));
    await bump();
    const exactly = group(await search('q=wombat&kind=blog'), 'blog')!;
    expect([exactly.count, exactly.count_capped]).toEqual([1000, undefined]);
    expect(Object.keys(exactly.results[0]!)).not.toContain(RANK_COLUMN);
    await db.insert(blogs).values(posts(1000, 1));
    await bump();
    const more = group(await search('q=wombat&kind=blog'), 'blog')!;
    expect([more.count, more.count_capped]).toEqual([1000, true]);
    expect(more.results).toHaveLength(4);
    // 1,001 matches are sorted in the list's order, in the statement that counts them: the list's first rows
    const list = await t.app.inject({ url: '/api/blog/?search=wombat&page_size=4' });
    expect(more.results.map((r) => r.id)).toEqual(list.json().results.map((r: { id: number }) => r.id));
    // a page past the last has no row to carry the bounded count, which is then counted apart
    const bounded = (page: number) =>
      listRows(db, serverEntity('blog'), { search: 'wombat', page, page_size: 4 }, [], { count: 'bounded' });
    expect([(await bounded(251)).count, (await bounded(251)).results.length]).toEqual([1001, 1]);
    expect([(await bounded(252)).count, (await bounded(252)).results.length]).toEqual([1001, 0]);
  });

  it('lists a kind named alone ("scholarships") with nothing else to match, counted like its list', async () => {
    const answer = await search('q=scholarships');
    expect(answer.groups.map((g) => g.kind)).toEqual(['scholarship']);
    const list = (await t.app.inject({ url: '/api/scholarship/?open=false&page_size=4' })).json();
    expect(group(answer, 'scholarship')!.count).toBe(list.count);
    expect(group(answer, 'scholarship')!.results.map((r) => r.id)).toEqual(list.results.map((r: { id: number }) => r.id));
  });

  it('keeps only one kind when asked, and refuses bad input in the error shape', async () => {
    const only = await search('q=nursing&kind=university');
    expect(only.groups.map((g) => g.kind)).toEqual(['university']);
    for (const bad of ['q=', 'q=%20%20', `q=${'a'.repeat(201)}`, 'q=x&kind=spaceship', 'q=x&size=0', 'q=x&size=21', 'q=x&exact=maybe']) {
      const res = await t.app.inject({ url: `/api/search/?${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expectErrorShape(res.json());
    }
  });
});
