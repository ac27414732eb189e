/**
 * Pages' cacheKeys are derived from the declarations (src/pages/_lib/page-deps.ts): a data-only
 * rebuild renders a page again exactly when its key changed, so a kind of row a page shows but its
 * key leaves out gives a stale page. For every entity with pages: every entity its declaration
 * names is in its derived set, and changing the row of any of them that a page refers to changes
 * that page's key (its detail page, or its list's first page, which shows the filters).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { entities, siteEntities, type EntityDeclaration, type EntityName } from '../../src/lib/contract/index.ts';
import type { Row } from '../../src/lib/api/public.ts';

/** API path → rows: every list the pages read, made up from the declarations. */
let lists = new Map<string, Row[]>();
vi.mock('../../src/lib/api/public.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api/public.ts')>()),
  listAll: async (path: string) => structuredClone(lists.get(path) ?? []),
  categories: async (kind: 'blog' | 'news') =>
    structuredClone(lists.get(entities[kind === 'blog' ? 'blogCategory' : 'newsCategory'].path) ?? []),
}));

/** A row of `decl` whose every ref and refs field names row 1 of its entity. */
function fakeRow(decl: EntityDeclaration, id: number): Row {
  const title = `${decl.label} ${id}`;
  const row: Row = { id, slug: `${decl.name}-${id}`, name: title, title, updated_at: '2026-01-01T00:00:00Z' };
  for (const [field, meta] of Object.entries(decl.fields)) {
    if (meta.kind === 'ref') row[field] = 1;
    else if (meta.kind === 'refs') row[field] = [1];
    else if (meta.currency) row[meta.currency] = 'USD';
    else if (meta.kind === 'number') row[field] = 100;
  }
  if (decl.name === 'exchangeRate') Object.assign(row, { currency: 'USD', npr_per_unit: 130 + id, rate_date: '2026-01-01' });
  return row;
}

function seed() {
  lists = new Map(Object.values(entities).map((decl: EntityDeclaration) => [decl.path, [fakeRow(decl, 1), fakeRow(decl, 2)]]));
}

/** Row 1 of `name` as a page naming it would show it differently: new title, slug (and rate). */
function change(name: string) {
  const decl: EntityDeclaration = entities[name as EntityName];
  const row = lists.get(decl.path)![0]!;
  Object.assign(row, { name: 'Changed', title: 'Changed', label: 'Changed', slug: 'changed' });
  if (name === 'exchangeRate') row.npr_per_unit = 999;
}

/** The keys of row 1's detail page and of the list's first page, from fresh modules (the page data is read once per build). */
async function keysOf(decl: EntityDeclaration): Promise<string[]> {
  vi.resetModules();
  const { pageKey } = await import('../../src/pages/_lib/page-deps.ts');
  const shown = structuredClone(lists.get(decl.path)!);
  return [await pageKey(decl, [shown[0]!], { row: shown[0] }), await pageKey(decl, shown, null, { filters: true })];
}

/** Every entity named in `part` of a declaration: a `ref` or an `entity` anywhere in it. */
function named(part: unknown): Set<string> {
  const names = new Set<string>();
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if ((key === 'ref' || key === 'entity') && typeof inner === 'string' && inner in entities) names.add(inner);
      else walk(inner);
    }
  };
  walk(part);
  return names;
}

/** Every entity a declaration names: in its fields, its filters, and the entity of the field `recognition.via` names. */
function namedIn(decl: EntityDeclaration): Set<string> {
  const via = decl.recognition?.via;
  return new Set([...named(decl.fields), ...named(decl.filters), ...(via ? [String(decl.fields[via]?.ref)] : [])]);
}

beforeEach(seed);

describe('page dependencies derived from the declarations', async () => {
  const { dependenciesOf } = await import('../../src/pages/_lib/page-deps.ts');

  const sited = siteEntities().map((d) => [d.name, d] as const);

  it.each(sited)('%s: every entity its declaration names is among its pages’ dependencies', (_name, decl) => {
    const derived = dependenciesOf(decl).entities;
    for (const name of namedIn(decl)) expect(derived, `${decl.name} names ${name}`).toContain(name);
  });

  it.each(sited)('%s: changing a row of any kind it depends on re-renders the pages that show it', async (_name, decl) => {
    // a detail page shows its row and what its fields name; a list's first page, its filters' options
    const onDetail = new Set([decl.name, ...named(decl.fields)]);
    const onList = named(decl.filters);
    for (const name of dependenciesOf(decl).entities) {
      seed();
      const [detail, list] = await keysOf(decl);
      change(name);
      const after = await keysOf(decl);
      expect(after, `${decl.name}'s pages after a change to ${name}`).not.toEqual([detail, list]);
      if (onDetail.has(name)) expect(after[0], `${decl.name}'s detail page after a change to ${name}`).not.toBe(detail);
      if (onList.has(name)) expect(after[1], `${decl.name}'s list after a change to ${name}`).not.toBe(list);
    }
  });

  it('leaves a page alone when a row it does not show changes', async () => {
    const before = await keysOf(entities.consultancy);
    lists.get(entities.consultancy.path)![1]!.name = 'Another name';
    const [detail, list] = await keysOf(entities.consultancy);
    expect(detail).toBe(before[0]);
    expect(list).not.toBe(before[1]);
  });
});
