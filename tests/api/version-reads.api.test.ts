/**
 * The kinds' versions (and a detail's row version) are read from the database for every cached
 * answer, but reads that wait at the same time share one statement (server/content-version.ts;
 * the sharing's order, a read answered only by a statement sent after it was asked, is
 * tests/unit/shared-runs.test.ts's): here, on each engine, what the shared statements answer;
 * then, on PGlite, how many statements a read and a search send.
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpKindVersions, readKindVersions } from '../../server/content-version.ts';
import { rowsOf } from '../../server/db/index.ts';
import { versionsWithRow } from '../../server/entities/query.ts';
import { serverEntity } from '../../server/entities/registry.ts';
import { buildTestApp, createConsultancy, engines, type TestApp } from './helpers.ts';

describe.each(engines)('version reads on %s', (engine) => {
  let t: TestApp;
  let consultancy: number;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    consultancy = await createConsultancy(t.database.db, 'Machhapuchhre Abroad');
  });
  afterAll(async () => t?.close());

  const forumVersion = async () => (await readKindVersions(t.database.db)).get('forum') ?? 0;

  it('a read asked after a write returned sees it, though another read was sent before the write', async () => {
    const db = t.database.db;
    const before = await forumVersion();
    const out = readKindVersions(db);
    await bumpKindVersions(db, ['forum']);
    const asked = readKindVersions(db);
    expect((await out).get('forum') ?? 0).toBeGreaterThanOrEqual(before);
    expect((await asked).get('forum')).toBe(before + 1);
  });

  it('answers reads asked together alike, and a row’s version with them, by id and by slug', async () => {
    const db = t.database.db;
    const entity = serverEntity('consultancy');
    const [row] = rowsOf<{ slug: string; xmin: string }>(
      await db.execute(sql`SELECT slug, xmin::text AS xmin FROM consultancies WHERE id = ${consultancy}`),
    );
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => readKindVersions(db)),
      versionsWithRow(db, entity, String(consultancy)),
      versionsWithRow(db, entity, row!.slug),
      versionsWithRow(db, entity, '999999'),
    ]);
    const kinds = answers.slice(0, 5) as Map<string, number>[];
    for (const versions of kinds) expect(versions).toEqual(kinds[0]);
    expect(answers.slice(5)).toEqual([
      { versions: kinds[0], row: row!.xmin },
      { versions: kinds[0], row: row!.xmin },
      { versions: kinds[0], row: null },
    ]);
  });

  it('after an update, a row’s version moves and another row’s does not', async () => {
    const db = t.database.db;
    const entity = serverEntity('consultancy');
    const other = await createConsultancy(db, 'Dhaulagiri Abroad');
    const [a, b] = await Promise.all([versionsWithRow(db, entity, String(consultancy)), versionsWithRow(db, entity, String(other))]);
    await db.execute(sql`UPDATE consultancies SET phone = '061-530000' WHERE id = ${consultancy}`);
    const [a2, b2] = await Promise.all([versionsWithRow(db, entity, String(consultancy)), versionsWithRow(db, entity, String(other))]);
    expect(a2.row).not.toBe(a.row);
    expect(b2.row).toBe(b.row);
  });
});

// counted on PGlite's own client, so on that engine alone
describe('statements counted on pglite', () => {
  let t: TestApp;
  let consultancy: number;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    consultancy = await createConsultancy(t.database.db, 'Machhapuchhre Abroad');
  });
  afterAll(async () => t?.close());

  /** The statements PGlite runs during `work` whose text holds `pattern` . */
  async function statementsDuring(pattern: RegExp, work: () => Promise<unknown>) {
    const client = (t.database.db as unknown as { $client: PGlite }).$client;
    const query = client.query.bind(client);
    let statements = 0;
    client.query = ((...args: Parameters<PGlite['query']>) => {
      if (pattern.test(args[0])) statements++;
      return query(...args);
    }) as PGlite['query'];
    try {
      await work();
    } finally {
      client.query = query;
    }
    return statements;
  }

  it('sends one statement for reads that wait at the same time, not one each', async () => {
    const db = t.database.db;
    const entity = serverEntity('consultancy');
    const statements = await statementsDuring(/./, () =>
      Promise.all([
        ...Array.from({ length: 20 }, () => readKindVersions(db)),
        ...Array.from({ length: 10 }, () => versionsWithRow(db, entity, String(consultancy))),
      ]),
    );
    // the first read's statement, then one for all that waited behind it
    expect(statements).toBeLessThanOrEqual(2);
  });

  it('reads the versions once for a list or a site search answered afresh: those of its cache key serve its memo', async () => {
    for (const url of ['/api/consultancy/?search=machhapuchhre', '/api/search/?q=machhapuchhre']) {
      const reads = await statementsDuring(/content_versions/, async () => {
        const res = await t.app.inject({ url });
        expect(res.statusCode, res.body).toBe(200);
      });
      expect(reads, url).toBe(1);
    }
  });

  it('reads a one-word search’s kept count with its word facts, in no statement of its own', async () => {
    // the content version, the word facts with the kept counts, the page
    const list = await statementsDuring(/./, async () => {
      const res = await t.app.inject({ url: '/api/consultancy/?search=abroad' });
      expect(res.json()).toMatchObject({ count: 1 });
    });
    expect(list).toBe(3);
    // every kind's count from the one word-facts statement, none from a statement per kind
    const kept = await statementsDuring(/search_stem_counts/, async () => {
      const res = await t.app.inject({ url: '/api/search/?q=machhapuchre' });
      expect(res.json().groups.map((g: { kind: string }) => g.kind)).toContain('consultancy');
    });
    expect(kept).toBe(1);
  });
});
