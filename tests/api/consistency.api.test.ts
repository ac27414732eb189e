/**
 * The declarations are the only list: this fails when the code and the database drift from them,
 * the silent failures of adding an entity by hand (issue 10): a declared field with no column of
 * its kind, a searchable table without its search-word triggers, a file field whose files are not
 * reference-counted, a relation to nothing. (Routes missing from the permission table fail the
 * permission test.)
 */
import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, FILE_KINDS, type EntityDeclaration } from '../../src/lib/contract/index.ts';
import { rowsOf } from '../../server/db/index.ts';
import { ensureSearchTriggers, searchTriggerState } from '../../server/db/search-triggers.ts';
import { registry, withColumns } from '../../server/entities/registry.ts';
import { CHECKED_ON } from '../../src/lib/shared/checked.ts';
import { FILE_COLUMNS } from '../../server/storage/references.ts';
import { buildTestApp, engines, type TestApp } from './helpers.ts';

/** The register fields of the country a recognised declaration's rows are recognised through. */
function registerOf(decl: EntityDeclaration): string[] {
  const via = decl.recognition && decl.fields[decl.recognition.via];
  if (!via) return [];
  if (via.kind !== 'ref') return [`${decl.name} is recognised via a ${via.kind}`];
  return ['register_name', 'register_url'].filter((f) => !(f in entities[via.ref].fields));
}

describe('every declaration matches its table', () => {
  it('computes every derived field and stores none (the others are stored: tests/unit/entity-tables.test.ts)', () => {
    const wrong = Object.entries(registry).flatMap(([name, entity]) => {
      const columns = getTableColumns(entity.table);
      return Object.entries(entity.decl.fields).flatMap(([field, meta]) =>
        meta.derived && (field in columns || !entity.computed?.[field]) ? [`${name}.${field}: derived, so computed and not stored`] : [],
      );
    });
    expect(wrong).toEqual([]);
  });

  it('refuses to start with a declared field its table lacks, rather than accept and drop its values', () => {
    expect(() => withColumns('destination', { table: registry.exam.table })).toThrow(
      /destination declaration has fields its table lacks: .*country_logo/,
    );
    expect(withColumns('exam', { table: registry.exam.table }).searchable).toBe(true);
  });

  it('refuses to start with a declared value the server does not compute', () => {
    expect(() => withColumns('course', { table: registry.course.table })).toThrow(
      /course declaration has values the server does not compute: fee_npr/,
    );
  });

  it('refers only to declared entities, from fields and filters alike', () => {
    const dangling = (Object.values(entities) as EntityDeclaration[]).flatMap((decl) => [
      ...Object.entries(decl.fields).flatMap(([field, meta]) =>
        (meta.kind === 'ref' || meta.kind === 'refs') && !(meta.ref && meta.ref in entities) ? [`${decl.name}.${field} → ${meta.ref}`] : [],
      ),
      ...Object.entries(decl.filters ?? {}).flatMap(([key, f]) =>
        f.kind === 'ref' && !(f.ref && f.ref in entities) ? [`${decl.name}?${key} → ${f.ref}`] : [],
      ),
      ...(decl.ends && !(decl.ends.field in decl.fields) ? [`${decl.name} ends on ${decl.ends.field}`] : []),
      ...Object.entries(decl.fields).flatMap(([field, meta]) =>
        meta.listedOn?.note && !(meta.listedOn.note in decl.fields) ? [`${decl.name}.${field} notes ${meta.listedOn.note}`] : [],
      ),
      ...(decl.confirmed ?? []).flatMap((field) => (field in decl.fields ? [] : [`${decl.name} confirms ${field}`])),
      ...(decl.recognition && decl.fields[decl.recognition.via]?.kind !== 'ref'
        ? [`${decl.name} is recognised via ${decl.recognition.via}`]
        : []),
    ]);
    expect(dangling).toEqual([]);
  });

  it('gives every entity with confirmed values a checked-on date, and every recognised one its register entry', () => {
    const missing = Object.values(registry).flatMap((entity) => {
      const columns = getTableColumns(entity.table);
      return [
        ...(entity.decl.confirmed && columns[CHECKED_ON]?.columnType !== 'PgDateString' ? [`${entity.decl.name}.${CHECKED_ON}`] : []),
        ...(entity.decl.recognition
          ? ['register_code', 'register_status', 'register_checked_on']
              .filter((f) => !(f in entity.decl.fields))
              .map((f) => `${entity.decl.name}.${f}`)
          : []),
        // the register itself is named by the country the row refers to
        ...registerOf(entity.decl),
      ];
    });
    expect(missing).toEqual([]);
    expect(Object.values(registry).filter((e) => e.decl.confirmed).length).toBeGreaterThanOrEqual(4);
  });

  it('counts the references of every file field, so a shared file outlives the row that is deleted', () => {
    const counted = new Set(FILE_COLUMNS.map(([table, column]) => `${table}.${column}`));
    const fileFields = Object.values(registry).flatMap((entity) =>
      Object.entries(entity.decl.fields)
        .filter(([, meta]) => FILE_KINDS.includes(meta.kind))
        .map(([field]) => `${getTableConfig(entity.table).name}.${field}`),
    );
    expect(fileFields.length).toBeGreaterThan(15);
    expect(fileFields.filter((f) => !counted.has(f))).toEqual([]);
  });
});

describe.each(engines)('search words (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  it('keeps search_words current on every searchable table, the declared entities among them', async () => {
    const state = await searchTriggerState(t.database.db);
    expect(state.filter((s) => !s.ready)).toEqual([]);
    const tables = new Set(state.map((s) => s.table));
    const searchable = Object.values(registry).filter((e) => e.searchable);
    expect(searchable.length).toBeGreaterThan(10);
    expect(searchable.map((e) => getTableConfig(e.table).name).filter((name) => !tables.has(name))).toEqual([]);
  });

  it('sets up a searchable table that lacks its triggers at the next start, with the words it already has', async () => {
    const db = t.database.db;
    await db.execute(sql`DROP TRIGGER districts_search_words_ins ON districts`);
    await db.execute(sql`DROP TRIGGER districts_search_counts_ins ON districts`);
    await db.execute(sql`DELETE FROM search_words WHERE table_name = 'districts'`);
    await db.execute(sql`INSERT INTO districts (name, slug) VALUES ('Quokkaprep placement test', 'quokkaprep')`);
    expect((await searchTriggerState(db)).find((s) => s.table === 'districts')?.ready).toBe(false);

    expect(await ensureSearchTriggers(db)).toEqual(['districts']);
    expect(await ensureSearchTriggers(db)).toEqual([]);
    const words = async () =>
      rowsOf<{ word: string }>(await db.execute(sql`SELECT word FROM search_words WHERE table_name = 'districts'`)).map((w) => w.word);
    expect(await words()).toContain('quokkaprep');
    await db.execute(sql`INSERT INTO districts (name, slug) VALUES ('Wombatology entrance', 'wombatology')`);
    expect(await words()).toContain('wombatology');
    // with its stem, as the search vectors hold it
    const [row] = rowsOf<{ stem: string }>(
      await db.execute(sql`SELECT stem FROM search_words WHERE table_name = 'districts' AND word = 'wombatology'`),
    );
    expect(row?.stem).toBe('wombatolog');
    // and the rows of each stem counted again whole, the one written without its trigger among them
    const counted = async (stem: string) =>
      rowsOf<{ n: number }>(await db.execute(sql`SELECT n FROM search_stem_counts WHERE table_name = 'districts' AND stem = ${stem}`))[0]
        ?.n;
    expect(await counted('quokkaprep')).toBe(1);
    expect(await counted('wombatolog')).toBe(1);
  });
});
