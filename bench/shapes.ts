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

/**
 * A statement whose rows the API answers as objects. Drizzle names no computed value in the SQL
 * (PostgreSQL calls them "?column?", "json_build_object") and maps the values it gets by position,
 * so the same text is run for arrays and given the keys of the API's rows, in column order.
 */
export interface RowsTemplate extends Template {
  keys: string[];
}

/** Rows run for arrays, as objects with the API's keys (see RowsTemplate). */
export const objectsOf = (keys: string[], rows: unknown[][]): Record<string, unknown>[] =>
  rows.map((row) => Object.fromEntries(keys.map((key, c) => [key, row[c]])));

interface Recorded {
  sql: string;
  params: unknown[];
}

/** Runs `fn` against a driver that records every statement and answers one row of nulls; and what `fn` answered. */
async function record<T>(fn: (db: Db) => Promise<T>): Promise<{ recorded: Recorded[]; answer: T }> {
  const recorded: Recorded[] = [];
  const db = drizzle(
    async (text, params) => {
      recorded.push({ sql: text, params });
      return { rows: [Array(200).fill(null)] };
    },
    { schema },
  ) as unknown as Db;
  const answer = await fn(db);
  return { recorded, answer };
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
const ID = 987_654_321;

/** How a shape runs a statement on the real database: rows as objects, or as arrays. */
export interface Exec {
  rows(text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  values(text: string, params: unknown[]): Promise<unknown[][]>;
}

/** A drizzle database over `exec` that records every statement it runs. */
function recordingDb(exec: Exec, recorded: Recorded[]): Db {
  return drizzle(
    async (text, params, method) => {
      recorded.push({ sql: text, params });
      return { rows: method === 'execute' ? await exec.rows(text, params) : await exec.values(text, params) };
    },
    { schema },
  ) as unknown as Db;
}

export interface ListShape {
  /** what one request runs once the API remembers this list's count and search answers */
  warm: { page: RowsTemplate; before: Template[] };
  /** the count the API then answers from memory */
  count: number;
  /** what the first request ran (page 1 of 20), for EXPLAIN */
  cold: { label: string; text: string; params: unknown[] }[];
}

const label = (text: string) =>
  /content_versions/.test(text)
    ? 'content version'
    : /search_words/.test(text)
      ? 'word correction'
      : /count\(\*\).*"matches"/s.test(text)
        ? 'bounded count'
        : /count\(\*\)/.test(text)
          ? 'count'
          : 'page';

/**
 * The statements of a list request (`q`: a search), taken from listRows on the real database:
 * run once cold (page 1, recorded for EXPLAIN) and once warm, when its count, word corrections and
 * ranking decision come from the API's content memo (server/entities/content-memo.ts). A warm
 * request reads the content version and the page; the page statement gets slots limit and offset.
 * The bare handler keeps the same answers the memo keeps, so it runs the same SQL per request.
 */
export async function listShape(exec: Exec, entity: ServerEntity, q?: string): Promise<ListShape> {
  const cold: Recorded[] = [];
  const { count } = await listRows(recordingDb(exec, cold), entity, { page: 1, page_size: 20, ...(q ? { search: q } : {}) });
  const warm: Recorded[] = [];
  const db = recordingDb(exec, warm);
  const { results } = await listRows(db, entity, { page: 1, page_size: 20, ...(q ? { search: q } : {}) });
  warm.length = 0;
  await listRows(db, entity, { page: PAGE, page_size: PAGE_SIZE, ...(q ? { search: q } : {}) });
  const slots = new Map<unknown, string>([
    [PAGE_SIZE, 'limit'],
    [(PAGE - 1) * PAGE_SIZE, 'offset'],
  ]);
  const page = warm.filter((r) => r.params.includes(PAGE_SIZE));
  if (page.length !== 1 || warm.length !== 2)
    throw new Error(`a warm listRows ran ${warm.length} statements, not "content version + page": update bench/shapes.ts`);
  return {
    warm: {
      page: { ...toTemplate(page[0]!, slots), keys: Object.keys(results[0] ?? {}) },
      before: warm.filter((r) => r !== page[0]).map((r) => toTemplate(r, slots)),
    },
    count,
    cold: cold.map((r) => ({ label: label(r.sql), text: r.sql, params: r.params })),
  };
}

/** The detail statement by numeric id, with slot id. */
export async function detailShape(entity: ServerEntity): Promise<RowsTemplate> {
  const { recorded, answer } = await record((db) => findRow(db, entity, String(ID)));
  if (recorded.length !== 1) throw new Error(`findRow runs ${recorded.length} statements: update bench/shapes.ts`);
  return { ...toTemplate(recorded[0]!, new Map([[ID, 'id']])), keys: Object.keys(answer) };
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
 * The statements relatedOf runs for a row whose ref fields hold `lengths[field]` ids; each takes
 * the field's ids as one array parameter, slot `field`.
 */
export async function relatedShape(entity: ServerEntity, lengths: Record<string, number>): Promise<RelatedShape[]> {
  const fakeRow: Record<string, unknown> = {};
  const owner = new Map<unknown, string>();
  let next = 2_000_000_001;
  for (const { field, many } of refFields(entity)) {
    const ids = Array.from({ length: lengths[field] ?? 0 }, () => next++);
    for (const id of ids) owner.set(id, field);
    fakeRow[field] = many ? ids : (ids[0] ?? null);
  }
  const { recorded } = await record((db) => relatedOf(db, entity, fakeRow));
  return recorded.map((rec) => {
    const fields = new Set(rec.params.flatMap((p) => (Array.isArray(p) ? p.map((id) => owner.get(id)) : [])).filter(Boolean));
    if (fields.size !== 1) throw new Error(`cannot tell which field "${rec.sql}" loads: update bench/shapes.ts`);
    const field = [...fields][0]!;
    return { field, template: { text: rec.sql, params: rec.params.map((p) => (Array.isArray(p) ? { slot: field } : { value: p })) } };
  });
}

/** A statement as recorded, and whether the API sent it while the one before was still running. */
export interface Step {
  text: string;
  params: unknown[];
  concurrent: boolean;
}

/** What one search asked for the first time runs, in order, and the count the API answered. */
export interface SearchReplay {
  steps: Step[];
  count: number;
  /** the page's keys in column order (its statement is run for arrays, as drizzle runs it) */
  keys: string[];
}

/**
 * Records the statements a list `?search=` runs when its words were never asked before (varied
 * queries, none repeated), by running listRows on the real database. Each recorder is one drizzle
 * database with its own content memo, warmed by one search first, so that what a server remembers
 * for every query (the content version's synonym groups, the lexicon) is read once, as the API
 * reads it; word facts, counts and plans of a new query are not remembered by either.
 */
export async function searchRecorder(exec: Exec, entity: ServerEntity): Promise<(q: string) => Promise<SearchReplay>> {
  let steps: Step[] = [];
  let inFlight = 0;
  const db = drizzle(
    async (text, params, method) => {
      steps.push({ text, params, concurrent: inFlight > 0 });
      inFlight++;
      try {
        return { rows: method === 'execute' ? await exec.rows(text, params) : await exec.values(text, params) };
      } finally {
        inFlight--;
      }
    },
    { schema },
  ) as unknown as Db;
  const search = (q: string) => listRows(db, entity, { page: 1, page_size: 20, search: q });
  await search('warm up the memo');
  return async (q) => {
    steps = [];
    const { count, results } = await search(q);
    return { steps, count, keys: Object.keys(results[0] ?? {}) };
  };
}
