import { drizzle } from 'drizzle-orm/pg-proxy';
import * as schema from '../server/db/schema/index.ts';
import type { Db } from '../server/db/index.ts';
import { findRow, listRows, relatedOf } from '../server/entities/query.ts';
import type { ServerEntity } from '../server/entities/registry.ts';

/**
 * The SQL the API runs, taken from the API's own query builders (server/entities/query.ts) so the
 * bare handler can never drift to a hand-simplified query: each shape is run once against a
 * recording drizzle driver with sentinel values, and the sentinels in the recorded parameters
 * become slots the bare handler fills per request.
 */

export type Param = { slot: string } | { value: unknown };
export interface Template {
  text: string;
  params: Param[];
}

interface Recorded {
  sql: string;
  params: unknown[];
}

/** Runs `fn` against a driver that records every statement and answers one row of nulls. */
async function record(fn: (db: Db) => Promise<unknown>): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  const db = drizzle(
    async (text, params) => {
      recorded.push({ sql: text, params });
      return { rows: [Array(200).fill(null)] };
    },
    { schema },
  ) as unknown as Db;
  await fn(db);
  return recorded;
}

function toTemplate(rec: Recorded, slots: Map<unknown, string>): Template {
  return { text: rec.sql, params: rec.params.map((p) => (slots.has(p) ? { slot: slots.get(p)! } : { value: p })) };
}

export const fill = (template: Template, values: Record<string, unknown>): unknown[] =>
  template.params.map((p) => {
    if ('value' in p) return p.value;
    if (!(p.slot in values)) throw new Error(`no value for ${p.slot}`);
    return values[p.slot];
  });

// Sentinels: values no real request or constant in query.ts would produce.
const PAGE = 7919;
const PAGE_SIZE = 997;
const SEARCH = 'zqxsentinelqzx';
const ID = 987_654_321;

export interface ListShape {
  /** the page query (results) */
  page: Template;
  /** the count(*) query */
  count: Template;
}

/** The two statements of a list page (with or without ?search=), with slots limit, offset, q. */
export async function listShape(entity: ServerEntity, search: boolean): Promise<ListShape> {
  const recorded = await record((db) => listRows(db, entity, { page: PAGE, page_size: PAGE_SIZE, ...(search ? { search: SEARCH } : {}) }));
  if (recorded.length !== 2 || !/count\(\*\)/.test(recorded[1]!.sql)) {
    throw new Error(`listRows no longer runs "page query + count query" (${recorded.length} statements): update bench/shapes.ts`);
  }
  const slots = new Map<unknown, string>([
    [PAGE_SIZE, 'limit'],
    [(PAGE - 1) * PAGE_SIZE, 'offset'],
    [SEARCH, 'q'],
  ]);
  return { page: toTemplate(recorded[0]!, slots), count: toTemplate(recorded[1]!, slots) };
}

/** The detail statement by numeric id, with slot id. */
export async function detailShape(entity: ServerEntity): Promise<Template> {
  const recorded = await record((db) => findRow(db, entity, String(ID)));
  if (recorded.length !== 1) throw new Error(`findRow runs ${recorded.length} statements: update bench/shapes.ts`);
  return toTemplate(recorded[0]!, new Map([[ID, 'id']]));
}

export interface RelatedShape {
  field: string;
  template: Template;
}

/** The ref fields of an entity (the ones relatedOf loads names for). */
export const refFields = (entity: ServerEntity) =>
  Object.entries(entity.decl.fields)
    .filter(([, meta]) => meta.kind === 'ref' || meta.kind === 'refs')
    .map(([field, meta]) => ({ field, many: meta.kind === 'refs' }));

/**
 * The statements relatedOf runs for a row whose ref fields hold `lengths[field]` ids; slots are
 * `field:index`. (relatedOf uses `id IN ($1, …)`, so the text depends on the number of ids.)
 */
export async function relatedShape(entity: ServerEntity, lengths: Record<string, number>): Promise<RelatedShape[]> {
  const fakeRow: Record<string, unknown> = {};
  const slots = new Map<unknown, string>();
  const owner = new Map<unknown, string>();
  let next = 2_000_000_001;
  for (const { field, many } of refFields(entity)) {
    const n = lengths[field] ?? 0;
    const ids = Array.from({ length: n }, (_, i) => {
      const id = next++;
      slots.set(id, `${field}:${i}`);
      owner.set(id, field);
      return id;
    });
    fakeRow[field] = many ? ids : (ids[0] ?? null);
  }
  const recorded = await record((db) => relatedOf(db, entity, fakeRow));
  return recorded.map((rec) => {
    const fields = new Set(rec.params.map((p) => owner.get(p)).filter(Boolean));
    if (fields.size !== 1) throw new Error(`cannot tell which field "${rec.sql}" loads: update bench/shapes.ts`);
    return { field: [...fields][0]!, template: toTemplate(rec, slots) };
  });
}
