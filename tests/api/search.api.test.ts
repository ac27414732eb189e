import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/index.ts';
import { column, listRows, RANKED_AT_MOST } from '../../server/entities/query.ts';
import { serverEntity } from '../../server/entities/registry.ts';
import { matchText } from '../../server/entities/search.ts';
import { buildTestApp, engines, tokenFor, type TestApp } from './helpers.ts';

describe.each(engines)('search on %s', (engine) => {
  let t: TestApp;
  let admin: { authorization: string };
  const get = async (url: string) => (await t.app.inject({ url: `/api${url}` })).json();
  const names = async (url: string) => (await get(url)).results.map((r: { name: string }) => r.name);
  const create = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/consultancy/create/', headers: admin, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  beforeAll(async () => {
    // no outbox worker: its poll is a db.select of its own, which the statements-per-shape test would count
    t = await buildTestApp(engine, { env: { OUTBOX_WORKER: 'off' } });
    admin = (await tokenFor(t, 'admin')).auth;
    // A broad term: more Kathmandu consultancies than a search ranks, each with the word in its address.
    await t.database.db.execute(sql`INSERT INTO consultancies (name, slug, address, priority)
      SELECT 'Study Centre ' || g, 'study-centre-' || g, 'Putalisadak, Kathmandu', g % 7 FROM generate_series(1, ${RANKED_AT_MOST}) g`);
    await create({ name: 'Kathmandu Kathmandu Overseas', address: 'Kathmandu' });
    await create({ name: 'Top Pick Abroad', about: '<p>Offices in Kathmandu.</p>', priority: 100 });
    // A narrow term: the name match ranks above a higher-priority row that only mentions it.
    await create({ name: 'Himalayan Pathways', address: 'Baneshwor' });
    await create({ name: 'Peak Priority Consult', about: '<p>Treks to Himalayan base camps.</p>', priority: 90 });
  });
  afterAll(() => t.close());

  it('ranks a narrow search by relevance: a name match before a mention', async () => {
    expect(await names('/consultancy/?search=himalayan')).toEqual(['Himalayan Pathways', 'Peak Priority Consult']);
  });

  it('lists a broad search in the entity order (priority first) with its exact count', async () => {
    const page = await get('/consultancy/?search=kathmandu');
    expect(page.count).toBe(RANKED_AT_MOST + 2);
    // ranked by relevance, the name "Kathmandu Kathmandu Overseas" would come first
    expect(page.results[0].name).toBe('Top Pick Abroad');
    expect(page.results.map((r: { priority: number }) => r.priority)).toEqual(
      [...page.results.map((r: { priority: number }) => r.priority)].sort((a, b) => b - a),
    );
  });

  it('lists a broad search page after page in the entity order, as walking the order index would (SORTED_AT_MOST)', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => get(`/consultancy/?search=kathmandu&page=${n}&page_size=400`)));
    const rows = pages.flatMap((p) => p.results as { id: number; priority: number }[]);
    expect(rows).toHaveLength(RANKED_AT_MOST + 2);
    const ordered = [...rows].sort((a, b) => b.priority - a.priority || a.id - b.id);
    expect(rows.map((r) => r.id)).toEqual(ordered.map((r) => r.id));
  });

  it('finds the start of a word (search as you type) and corrects a misspelt one', async () => {
    expect(await names('/consultancy/?search=himal')).toContain('Himalayan Pathways');
    expect(await names('/consultancy/?search=himalyan')).toEqual(['Himalayan Pathways', 'Peak Priority Consult']);
    expect((await get('/consultancy/?search=kathmadu')).count).toBe(RANKED_AT_MOST + 2);
  });

  it('learns the words of new and renamed rows at once', async () => {
    const id = await create({ name: 'Zanskar Overseas' });
    expect(await names('/consultancy/?search=zanskr')).toEqual(['Zanskar Overseas']);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/consultancy/${id}/update/`,
      headers: admin,
      payload: { name: 'Ladakh Overseas' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await names('/consultancy/?search=ladakk')).toEqual(['Ladakh Overseas']);
  });

  it('answers counts that follow every write at once', async () => {
    const before = (await get('/consultancy/')).count;
    const search = (await get('/consultancy/?search=pathways')).count;
    const id = await create({ name: 'Second Pathways' });
    expect((await get('/consultancy/')).count).toBe(before + 1);
    expect((await get('/consultancy/?search=pathways')).count).toBe(search + 1);
    await t.app.inject({ method: 'DELETE', url: `/api/consultancy/${id}/delete/`, headers: admin });
    expect((await get('/consultancy/')).count).toBe(before);
    expect((await get('/consultancy/?search=pathways')).count).toBe(search);
  });

  it('gives a deep page the same rows as the same slice of the whole list', async () => {
    const all = (await get('/consultancy/?page_size=1000')).results.map((r: { id: number }) => r.id);
    const page = (await get('/consultancy/?page=37&page_size=20')).results.map((r: { id: number }) => r.id);
    expect(page).toEqual(all.slice(720, 740));
  });

  it("builds a list's statements once for every search of its shape, each search finding its own rows and count", async () => {
    await create({ name: 'Ombrix Study Link', address: 'Lakeside' });
    await create({ name: 'Tavelu Abroad House', address: 'Lakeside', priority: 3 });
    await create({ name: 'Tavelu Ombrix Partners', address: 'Durbar Marg', priority: 2 });
    const names = async (url: string) => {
      const page = await get(url);
      return { count: page.count, names: page.results.map((r: { name: string }) => r.name) };
    };
    const shapes = ['', '&ordering=name'];
    // the first search of each shape, of one word (counted from its stem) and of two (counted by a statement)
    for (const shape of shapes) for (const q of ['lakeside', 'lakeside%20ombrix']) await get(`/consultancy/?search=${q}${shape}`);
    await get('/consultancy/dropdown/?search=lakeside');
    const built = vi.spyOn(t.database.db, 'select');
    try {
      expect(await names('/consultancy/?search=ombrix')).toEqual({ count: 2, names: ['Tavelu Ombrix Partners', 'Ombrix Study Link'] });
      expect(await names('/consultancy/?search=tavelu&ordering=name')).toEqual({
        count: 2,
        names: ['Tavelu Abroad House', 'Tavelu Ombrix Partners'],
      });
      expect(await names('/consultancy/?search=tavelu%20lakeside')).toEqual({ count: 1, names: ['Tavelu Abroad House'] });
      expect(await names('/consultancy/?search=ombrix%20marg&ordering=name')).toEqual({ count: 1, names: ['Tavelu Ombrix Partners'] });
      const labels = async (q: string) => (await get(`/consultancy/dropdown/?search=${q}`)).map((o: { label: string }) => o.label);
      expect(await labels('tavelu')).toEqual(['Tavelu Abroad House', 'Tavelu Ombrix Partners']);
      // the search's words are the statements' one placeholder: no statement was built for the new words
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  it("ranks the site search's matched words after a probe of the same words without their rank", async () => {
    const entity = serverEntity('consultancy');
    const match = await matchText(t.database.db, entity.table, column(entity, 'search'), 'himalayan');
    const asked = { page_size: 5 };
    // an empty result's probe asks whether the words match at all: no rank, no order
    await listRows(t.database.db, entity, asked, [], { matched: { where: match.where, rank: null }, count: 'none', unordered: true });
    const ranked = await listRows(t.database.db, entity, asked, [], { matched: match, count: 'bounded' });
    expect(ranked.results.map((r) => r.name)).toEqual(['Himalayan Pathways', 'Peak Priority Consult']);
  });

  it('matches nothing for a search of only stop words or punctuation', async () => {
    for (const q of ['the', '(&|!:*)', '\\']) expect((await get(`/consultancy/?search=${encodeURIComponent(q)}`)).count, q).toBe(0);
  });

  it('pages a search with many matches alike whether they spread through the order (walked) or gather at its end (sorted)', async () => {
    // more matches than a search ranks, so the page is walked within its budget (order-walk.ts) or sorted
    const n = RANKED_AT_MOST + 200;
    await t.database.db.execute(sql`INSERT INTO consultancies (name, slug, address, priority)
      SELECT 'Spread ' || g, 'spread-' || g, 'Zorbatown', g % 7 FROM generate_series(1, ${n}) g
      UNION ALL SELECT 'Gathered ' || g, 'gathered-' || g, 'Quillmere', -5 FROM generate_series(1, ${n}) g`);
    for (const word of ['zorbatown', 'quillmere']) {
      const address = word[0]!.toUpperCase() + word.slice(1);
      const expected = rowsOf<{ id: number }>(
        await t.database.db.execute(sql`SELECT id FROM consultancies WHERE address = ${address} ORDER BY priority DESC, id`),
      ).map((r) => Number(r.id));
      expect(expected).toHaveLength(n);
      const last = Math.ceil(n / 20);
      for (const pageNo of [1, 2, 3, last]) {
        const page = await get(`/consultancy/?search=${word}&page=${pageNo}`);
        expect(page.count).toBe(n);
        expect(
          page.results.map((r: { id: number }) => r.id),
          `${word}, page ${pageNo}`,
        ).toEqual(expected.slice((pageNo - 1) * 20, pageNo * 20));
      }
    }
  });
});
