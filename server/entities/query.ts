import { and, asc, desc, eq, getTableColumns, getTableName, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { countable, orderableFields, type FilterMeta } from '../../src/lib/contract/index.ts';
import { nepalToday } from '../services/licence-values.ts';
import type { Db } from '../db/index.ts';
import { isCounted } from '../db/facet-counts.ts';
import { contentVersions, facetCounts, facetPairCounts } from '../db/schema/index.ts';
import { readKindVersions, readVersionsWithRow, type KindVersions, type RowsVersionReader } from '../content-version.ts';
import { badRequest, notFound } from '../errors.ts';
import { pageQuery } from '../services/paging.ts';
import { contentMemo, sqlKey, type ContentMemo } from './content-memo.ts';
import { readsOf } from './reads.ts';
import { serverEntity, type ServerEntity } from './registry.ts';
import { fullTextMatch, matchText, stemRows } from './search.ts';
import { firstInOrder, orderIndexed, walkFirst, type Page, type PageValues } from './order-walk.ts';
import { qualifyingWhere } from './qualifying.ts';
import { checkQualifyingParams, profileOfParams, qualifyingParams } from '../../src/lib/contract/qualifying.ts';

const HIDDEN_COLUMNS = new Set(['search', 'surface_words']);

/** The values an API reply shows: every column but the search vectors (search, surface_words), and the computed values. */
export function visibleColumns(entity: ServerEntity): Record<string, PgColumn | SQL> {
  const computed = Object.entries(entity.computed ?? {}).map(([name, c]) => [name, c.sql]);
  return Object.fromEntries([...Object.entries(getTableColumns(entity.table)).filter(([name]) => !HIDDEN_COLUMNS.has(name)), ...computed]);
}

export const column = (entity: ServerEntity, name: string): PgColumn => {
  const col = getTableColumns(entity.table)[name];
  if (!col) throw new Error(`${entity.decl.name} has no column ${name}`);
  return col;
};

/** What filters and orderings test: the column, or the expression of a computed value. */
const valueOf = (entity: ServerEntity, name: string): SQLWrapper => entity.computed?.[name]?.sql ?? column(entity, name);

/** The rows whose `name` column holds `value` (a dashboard's own courses), as a condition for listRows. */
export const columnIs = (entity: ServerEntity, name: string, value: number): SQL => eq(column(entity, name), value);

const filterValue = (name: string, meta: FilterMeta) => {
  switch (meta.kind) {
    case 'boolean':
    case 'flag':
      return z.enum(['true', 'false'], { error: `${name} must be true or false` });
    case 'select':
      return z.enum(meta.options as [string, ...string[]], { error: `${name} must be one of: ${meta.options.join(', ')}` });
    case 'ref':
      return z.string().min(1).max(200);
    case 'min':
    case 'max':
      return z.string().regex(/^\d{1,12}$/, `${name} must be a whole number`);
    case 'within':
      return z.enum(meta.options as [string, ...string[]], { error: `${name} must be one of: ${meta.options.join(', ')}` });
  }
};

/** At most this many ids in one `ids` filter: a page of cards' referred rows, a shortlist, a comparison. */
export const MAX_IDS = 100;

/** `ids=3,17,42`: only these rows (the names a page of live results refers to, a saved shortlist). */
const idsValue = z
  .string()
  .regex(new RegExp(`^\\d{1,9}(,\\d{1,9}){0,${MAX_IDS - 1}}$`), `ids must be up to ${MAX_IDS} row ids separated by commas`)
  .optional();

/** `facets=destination,level`: counts per value of these filters, each a filter of the entity. */
const facetsValue = (names: string[]) =>
  z
    .string()
    .max(200)
    .refine(
      (v) => v.split(',').every((n) => names.includes(n)),
      names.length ? `facets must be filters of this list, separated by commas: ${names.join(', ')}` : 'This list has no filters to count.',
    )
    .optional();

/**
 * The query string schema of an entity's list: paging, search, ordering, ids, facets and its own
 * filters; a list of rows with entry requirements also takes a profile's facts (contract/qualifying.ts).
 */
export function listQuerySchema(entity: ServerEntity): z.ZodType<ListQuery> {
  const filters = Object.fromEntries(
    Object.entries(entity.decl.filters ?? {}).map(([name, meta]) => [name, filterValue(name, meta).optional()]),
  );
  const counted = Object.entries(entity.decl.filters ?? {}).flatMap(([name, meta]) => (countable(meta) ? [name] : []));
  const shape = { ...pageQuery, ordering: z.string().max(60).optional(), ids: idsValue, facets: facetsValue(counted), ...filters };
  return entity.decl.entryRequirements
    ? z.strictObject({ ...shape, ...qualifyingParams }).superRefine(checkQualifyingParams)
    : z.strictObject(shape);
}

export type ListQuery = { page?: number; page_size?: number; search?: string; ordering?: string; ids?: string; facets?: string } & Record<
  string,
  string | number | undefined
>;

/** An id or a slug of `refName`, as the row id; unknown values are a 400 naming the filter. */
async function resolveRef(db: Db, refName: string, value: string, filterName: string): Promise<number> {
  const ref = serverEntity(refName);
  const idCol = column(ref, 'id');
  const where = /^\d{1,9}$/.test(value) ? eq(idCol, Number(value)) : eq(column(ref, 'slug'), value);
  const [row] = await db.select({ id: idCol }).from(ref.table).where(where).limit(1);
  if (!row)
    throw badRequest(`Unknown ${ref.decl.label.toLowerCase()} "${value}".`, {
      [filterName]: [`No ${ref.decl.label.toLowerCase()} matches "${value}".`],
    });
  return row.id as number;
}

/** resolveRef remembered like the plans that hold its id: the site search's kinds filter by the same country or field. */
const refId = (db: Db, memo: ContentMemo, refName: string, value: string, filterName: string) =>
  memo(`ref:${refName}:${value}`, () => resolveRef(db, refName, value, filterName));

/**
 * A search's words in a list's statements: a placeholder, so the statements are the same for every
 * search of one shape (its filters, ordering and how it is ordered) and are built and prepared once
 * for them all, not for each new query (issue 25: drizzle building them was a sixth of the API's
 * time on varied searches).
 */
const TERMS = sql.placeholder('terms');

/** The values of a list's statements besides paging: the search's words (Search.terms). */
type SearchValues = { terms?: string };

/** A search's condition and rank, which read its words from TERMS. */
interface Search {
  where: SQL;
  rank: SQL | null;
  stem: string | null;
  /** TERMS' value: a tsquery text, or a title's ILIKE pattern; null when the search has no words (then nothing matches) */
  terms: string | null;
}

/**
 * The condition and rank of a search. Searchable entities: full text over the weighted vector,
 * word by word with synonyms and corrected typos (search.ts matchText). Others
 * (categories): their title contains the text.
 */
async function searchCondition(db: Db, memo: ContentMemo, entity: ServerEntity, search: string): Promise<Search> {
  const q = search.trim().toLowerCase();
  if (!entity.searchable) {
    const title = column(entity, entity.decl.titleField);
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return { where: sql`${title} ILIKE ${TERMS}`, rank: null, stem: null, terms: pattern };
  }
  const vector = column(entity, 'search');
  const { terms, stem } = await matchText(db, entity.table, vector, q, { memo });
  return { ...fullTextMatch(vector, terms === null ? null : TERMS), stem, terms };
}

/** A list request's keys in the memo: `shape` of its statements (all it asks but the search's words), `rows` of its counts and facets. */
interface ListKeys {
  shape: string;
  rows: string;
}

/**
 * Search results are ranked by relevance when there are at most this many; a broader search (a
 * city that a third of all consultancies name) lists its matches in the entity's own order
 * (priority first), which PostgreSQL reads from an index and stops after one page, instead of
 * ranking every match on every request.
 */
export const RANKED_AT_MOST = 1000;

/**
 * A broad search (more than RANKED_AT_MOST matches) with at most this many is listed by sorting
 * its matches (read from the search index) rather than by walking the order index: the walk reads
 * rows in order until a page of matches is found, and when the matches cluster in that order (a
 * subject's courses share their names' words: "psychology" skipped 30,000 courses by name before
 * its first, 240 ms) that is most of the table; sorting reads only the matches (10,000: 10 to 30 ms).
 */
export const SORTED_AT_MOST = 10000;

/** count(*) of the rows matching `where`, stopping at `limit`: the statement prepared once per shape. */
async function boundedCount(
  db: Db,
  memo: ContentMemo,
  entity: ServerEntity,
  where: SQL | undefined,
  shape: string,
  limit: number,
  values: SearchValues,
): Promise<number> {
  const statement = await memo(`bounded-statement:${limit}:${shape}`, async () => {
    const matches = db
      .select({ one: column(entity, 'id') })
      .from(entity.table)
      .where(where)
      .limit(limit)
      .as('matches');
    return db
      .select({ n: sql<number>`count(*)::int` })
      .from(matches)
      .prepare('bounded_count');
  });
  const [{ n }] = await statement.execute(values);
  return n;
}

/** How a search's page is ordered: by rank (narrow), by sorting the matches (broad), by walking the order index (the broadest). */
type SearchOrder = 'rank' | 'sort' | 'walk';

/**
 * How to order a search's matches (see RANKED_AT_MOST, SORTED_AT_MOST), with their exact count
 * when it is known. `sortAtMost`: SORTED_AT_MOST for a list, whose exact count this gives up to
 * there (the count it needs anyway); RANKED_AT_MOST where counting further would cost more than it
 * saves (the site search's groups count only to 1,000). `soleStem`: the search is this one word and
 * nothing else, so its count is read from search_stem_counts, however many rows match.
 */
async function searchOrder(
  db: Db,
  memo: ContentMemo,
  entity: ServerEntity,
  where: SQL | undefined,
  soleStem: string | null,
  keys: ListKeys,
  sortAtMost: number,
  values: SearchValues,
): Promise<{ order: SearchOrder; count?: number }> {
  // a search for one word and nothing else: its count is kept, not counted
  const exact = soleStem === null ? undefined : await stemRows(db, memo, getTableName(entity.table), soleStem);
  const n = exact ?? (await countedAtMost(db, memo, entity, where, keys, sortAtMost, values));
  if (n <= RANKED_AT_MOST) return { order: 'rank', count: n };
  return n <= sortAtMost ? { order: 'sort', count: n } : { order: 'walk', count: exact };
}

/** The rows matching `where` counted up to `atMost` + 1 (remembered under the list's key). */
const countedAtMost = (
  db: Db,
  memo: ContentMemo,
  entity: ServerEntity,
  where: SQL | undefined,
  keys: ListKeys,
  atMost: number,
  values: SearchValues,
) => memo(`bounded:${atMost}:${keys.rows}`, () => boundedCount(db, memo, entity, where, keys.shape, atMost + 1, values));

/**
 * Rows that end (`ends`: scholarships, events, offers) as the pages list them (src/lib/shared/ended.ts
 * currentFirst): current ones first, in the list's own order, then the ended ones, the most recently
 * ended first. A date ends at the end of that day in Nepal. Empty for other entities.
 */
function currentFirstOrder(entity: ServerEntity): SQL[] {
  const ends = entity.decl.ends;
  if (!ends) return [];
  const end = valueOf(entity, ends.field);
  const ended = entity.decl.fields[ends.field]?.kind === 'date' ? sql`(${end} < ${nepalToday})` : sql`(${end} < now())`;
  return [sql`${ended} IS TRUE`, sql`CASE WHEN ${ended} THEN ${end} END DESC`];
}

function orderFor(entity: ServerEntity, keys: string[]): SQL[] {
  return keys.map((key) => {
    const name = key.replace(/^-/, '');
    const col = valueOf(entity, name);
    return key.startsWith('-') ? sql`${desc(col)} NULLS LAST` : sql`${asc(col)} NULLS LAST`;
  });
}

/**
 * The rows where a flag's yes/no value holds. `= true` on purpose: a computed value's subquery is then
 * a hashed test of each row the other filters let through (an index-only scan of
 * consultancies_facets_idx for a consultancy's facets), where the bare value would let PostgreSQL
 * join it to the licences, a plan that reads the whole table by id when a filter matches no row
 * (740 ms at 100k).
 */
const flagHolds = (entity: ServerEntity, name: string): SQL => sql`${valueOf(entity, name)} = true`;

/** The keys of `ordering`, each one the declaration makes orderable (orderableFields), else a 400 naming them. */
function parseOrdering(entity: ServerEntity, ordering: string): string[] {
  const allowed = orderableFields(entity.decl);
  const keys = ordering
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  for (const key of keys) {
    if (!allowed.has(key.replace(/^-/, '')))
      throw badRequest(`Cannot order by "${key}".`, { ordering: [`Use one of: ${[...allowed].join(', ')} (prefix - for descending).`] });
  }
  return [...keys, 'id'];
}

/** The parts an ordering led by a yes/no field is read in ("Licensed first": -moe_certified): the rows where it is true, false, then null. */
function yesNoLead(entity: ServerEntity, keys: string[]): SQL[] | undefined {
  const name = keys[0]!.replace(/^-/, '');
  if (entity.decl.fields[name]?.kind !== 'boolean') return undefined;
  const value = valueOf(entity, name);
  // the plain condition, not IS TRUE: PostgreSQL can then read a computed value's few true rows from its subquery (a semi-join)
  const yes = sql`${value}`;
  const no = sql`NOT ${value}`;
  const computed = entity.computed?.[name];
  const nullable = computed ? computed.schema.nullable === true : !column(entity, name).notNull;
  // NULLS LAST either way, as orderFor says
  return [...(keys[0]!.startsWith('-') ? [yes, no] : [no, yes]), ...(nullable ? [sql`${value} IS NULL`] : [])];
}

/**
 * A page's ids for an order led by a yes/no value, part by part (yesNoLead), each part in the rest
 * of the order. A value no index can hold ("Licensed first": a licence compared with today's date)
 * would make PostgreSQL sort every row for one page (70 ms at 100k consultancies); each part
 * instead reads the rest of the order from its index, or its few rows from the value's subquery,
 * and stops after offset + limit rows. `pos` keeps each part's order through the union.
 */
function pageIdsInParts(entity: ServerEntity, condition: SQL | undefined, tests: SQL[], rest: SQL[]): SQL {
  const idCol = column(entity, 'id');
  const order = sql.join(rest, sql`, `);
  const enough = sql`${sql.placeholder('limit')}::integer + ${sql.placeholder('offset')}::integer`;
  const parts = tests.map(
    (test, part) =>
      sql`(SELECT ${idCol} AS id, ${sql.raw(String(part))} AS part, row_number() OVER (ORDER BY ${order}) AS pos FROM ${entity.table} WHERE ${and(condition, test)} ORDER BY ${order} LIMIT ${enough})`,
  );
  return sql`(SELECT parts.id FROM (${sql.join(parts, sql` UNION ALL `)}) parts ORDER BY parts.part, parts.pos LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')})`;
}

export interface ListResult {
  count: number;
  results: Record<string, unknown>[];
  /** when asked for (`facets`) */
  facets?: Facets;
}

/** A list's statements for one shape and order, the same for every search of that shape (TERMS). */
interface ListPlan {
  /** the page's rows, for placeholders limit, offset and terms */
  page: Page;
  /** the page as the walk of the order index within a budget (walkFirst, placeholder budget), where a sorted page could be walked instead */
  walk?: Page;
  /** the page's rows carry their bounded count (COUNT_COLUMN): the site search's groups, one statement each */
  countedInPage?: boolean;
}

interface Conditions {
  /** each filter's own condition, by filter name */
  filters: Record<string, SQL>;
  /** the filters that only test a counted column for one value (db/facet-counts.ts), by filter name: their column and value as facet_pair_counts keeps them */
  kept: Record<string, KeptValue>;
  /** everything else: `extra`, ids, the search */
  rest: SQL[];
  /** a flag filter's implied order (licensed first) */
  flagOrder?: SQL[];
  /** the search's rank, when it has one */
  rank: SQL | null;
  /** the search is all the conditions: a search of one word then has its matches counted in search_stem_counts */
  searchAlone: boolean;
  /** all the conditions, ANDed */
  all: SQL | undefined;
}

interface KeptValue {
  column: string;
  value: string;
}

/** Words already matched (the site search's matchText): their condition and rank, instead of `search`. */
export interface MatchedWords {
  where: SQL;
  rank: SQL | null;
  /** the one stem matched, when the words are one word searched whole (search.ts TextMatch) */
  stem?: string | null;
}

/** The column of each page row holding its search rank, when the words were matched beforehand (the site search orders kinds by their best row's). */
export const RANK_COLUMN = 'search_rank';

/** What a caller that searches several lists at once shares with listRows. */
export interface ListContext {
  /** words matched beforehand: the page rows also carry their rank (RANK_COLUMN) */
  matched?: MatchedWords;
  /** the request's memo: one read of the content version for every list it asks */
  memo?: ContentMemo;
  /**
   * How to count the rows: `exact` (the lists), `bounded` (exact up to RANKED_AT_MOST, and
   * RANKED_AT_MOST + 1 for any more: the site search's groups, where an exact count of a broad
   * match reads most of the table), `none` (0: rows by ids, whose count nobody reads).
   */
  count?: 'exact' | 'bounded' | 'none';
  /**
   * Only whether rows match (the site search's probes for an empty result's chips): no order, so
   * PostgreSQL stops at the first match by any index, instead of walking the order index through
   * every row when none matches (900 ms for a course level and fee ceiling no course meets).
   */
  unordered?: boolean;
}

/** The conditions of a list request: its filters (ref values resolved), ids, search (or words matched) and `extra`. */
async function conditionsOf(
  db: Db,
  memo: ContentMemo,
  entity: ServerEntity,
  query: ListQuery,
  extra: SQL[],
  search?: MatchedWords | Search,
): Promise<Conditions> {
  const filters: Record<string, SQL> = {};
  const kept: Record<string, KeptValue> = {};
  // a filter testing a counted column for one value (the counts of the rows it lets through are kept per value)
  const keep = (name: string, column: string, value: string | number) => {
    if (!entity.computed?.[column] && isCounted(getTableName(entity.table), column)) kept[name] = { column, value: String(value) };
  };
  let flagOrder: SQL[] | undefined;
  for (const [name, meta] of Object.entries(entity.decl.filters ?? {})) {
    const value = query[name];
    if (value === undefined) continue;
    if (meta.kind === 'flag') {
      const flag = entity.flags?.[name];
      if (value === 'true' && flag) {
        filters[name] = flag.where;
        flagOrder = flag.orderBy;
      } else if (value === 'true' && meta.column) filters[name] = flagHolds(entity, meta.column);
      continue;
    }
    if (meta.kind === 'boolean') {
      filters[name] = sql`${valueOf(entity, meta.column)} = ${value === 'true'}`;
      keep(name, meta.column, String(value === 'true'));
      continue;
    }
    if (meta.kind === 'min' || meta.kind === 'max') {
      filters[name] = sql`${valueOf(entity, meta.column)} ${sql.raw(meta.kind === 'min' ? '>=' : '<=')} ${Number(value)}`;
      continue;
    }
    if (meta.kind === 'within') {
      const date = valueOf(entity, meta.column);
      filters[name] = sql`${date} >= ${nepalToday} AND ${date} <= ${nepalToday} + ${Number(value)}::integer`;
      continue;
    }
    const col = column(entity, meta.column);
    if (meta.kind === 'select') {
      filters[name] = col.columnType === 'PgArray' ? sql`${col} @> ARRAY[${value}]::text[]` : eq(col, value);
      keep(name, meta.column, value);
    } else if (meta.through) {
      const id = await refId(db, memo, meta.ref, String(value), name);
      const via = serverEntity(meta.through.entity);
      const ids = db
        .select({ id: column(via, 'id') })
        .from(via.table)
        .where(eq(column(via, meta.through.column), id));
      // = ANY(ARRAY(…)): the ids are read once and the column's index is scanned once, ANDed with the
      // search's (IN (…) let PostgreSQL loop over the ids, scanning the search index again for each: 19 → 2 ms)
      filters[name] = sql`${col} = ANY(ARRAY(${ids}))`;
    } else {
      const id = await refId(db, memo, meta.ref, String(value), name);
      // An array column holds a list of ids: containment uses its GIN index.
      filters[name] =
        col.columnType === 'PgArray'
          ? sql`${col} @> ARRAY[${id}]::integer[]`
          : meta.orNone
            ? sql`(${col} = ${id} OR ${col} IS NULL)`
            : eq(col, id);
      if (!meta.orNone) keep(name, meta.column, id);
    }
  }
  const rest = [...extra];
  const profile = entity.decl.entryRequirements ? profileOfParams(query) : null;
  if (profile) rest.push(qualifyingWhere(profile, (name) => valueOf(entity, name)));
  if (query.ids) rest.push(inArray(column(entity, 'id'), query.ids.split(',').map(Number)));
  const searchAlone = rest.length + Object.keys(filters).length === 0;
  if (search) rest.push(search.where);
  return { filters, kept, rest, flagOrder, rank: search?.rank ?? null, searchAlone, all: and(...Object.values(filters), ...rest) };
}

/** How a list request is read: what its plan is built for (listPlan) and remembered by. */
interface ListWay {
  /** the page's rows carry their bounded count (countedPage) */
  countedInPage: boolean;
  /** how a search's matches are ordered ('walk' when it is no search) */
  order: SearchOrder;
  /** the order is led by a yes/no value, read in parts (yesNoLead) */
  leading: SQL[] | undefined;
}

/**
 * How to list an entity for one shape (filters, ordering, whether and how a search is ordered):
 * its page statement, built and prepared once and remembered (content-memo.ts) for every search of
 * that shape, whose words it reads from TERMS.
 */
function listPlan(
  db: Db,
  entity: ServerEntity,
  query: ListQuery,
  conditions: Conditions,
  way: ListWay,
  { matched, unordered }: Omit<ListContext, 'memo'>,
): ListPlan {
  const keys = query.ordering ? parseOrdering(entity, query.ordering) : entity.decl.ordering;
  let orderBy: SQL[] = orderFor(entity, keys);
  const flagOrder = query.ordering ? undefined : conditions.flagOrder;
  if (flagOrder) orderBy = flagOrder;
  const condition = conditions.all;
  const idCol = column(entity, 'id');
  // the site search reads its best row's rank with the page rather than in a statement of its own
  const columns = visibleColumns(entity);
  if (matched?.rank) columns[RANK_COLUMN] = matched.rank;
  if (way.countedInPage) {
    const current = query.ordering ? [] : currentFirstOrder(entity);
    const ranked = conditions.rank && !query.ordering ? conditions.rank : null;
    return { page: countedPage(db, entity, condition, columns, { current, rank: ranked, rest: orderBy }), countedInPage: true };
  }
  if (unordered) orderBy = [];
  else if (way.order === 'rank' && conditions.rank && !query.ordering) orderBy = [sql`${conditions.rank} DESC`, ...orderBy];
  // the default order lists what has ended last, even the best match for a search
  const current = !query.ordering && !unordered ? currentFirstOrder(entity) : [];
  orderBy = [...current, ...orderBy];

  // A deferred join: the page's ids come from the ordering index alone, so a deep page
  // (OFFSET 50,000) skips index entries instead of whole rows; then only its rows are read.
  const idsFrom = (rows: SQL | typeof entity.table, where: SQL | undefined) =>
    db
      // as SQL: drizzle refuses a column of a table it does not see in FROM (matchesFirst and firstInOrder name it)
      .select({ id: sql`${idCol}` })
      .from(rows)
      .where(where)
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  const pageIds = way.leading
    ? pageIdsInParts(entity, condition, way.leading, orderBy.slice(1))
    : way.order === 'sort'
      ? idsFrom(matchesFirst(entity, condition), undefined)
      : idsFrom(entity.table, condition);
  const pageOf = (ids: SQLWrapper, name: string) =>
    db
      .select(columns)
      .from(entity.table)
      .where(inArray(idCol, ids))
      .orderBy(...orderBy)
      .prepare(name);
  const walkable = way.order === 'sort' && !way.leading && !flagOrder && current.length === 0 && orderIndexed(entity.table, keys);
  return {
    page: pageOf(pageIds, 'list_page'),
    walk: walkable ? pageOf(idsFrom(firstInOrder(entity.table, orderBy), condition), 'list_walk') : undefined,
  };
}

/**
 * How a list request is read (ListWay), with its exact count when that was needed to choose:
 * bounded counting in the page (the site search's groups), or for a search how to order its matches
 * (searchOrder).
 */
async function wayOf(
  db: Db,
  memo: ContentMemo,
  entity: ServerEntity,
  query: ListQuery,
  conditions: Conditions,
  { keys, soleStem, values }: { keys: ListKeys; soleStem: string | null; values: SearchValues },
  { count: counting = 'exact', unordered }: Omit<ListContext, 'memo'>,
): Promise<ListWay & { count?: number }> {
  const leading = query.ordering ? yesNoLead(entity, parseOrdering(entity, query.ordering)) : undefined;
  // a count kept in search_stem_counts costs nothing to read: no need to count in the page's statement
  if (counting === 'bounded' && !unordered && !leading && soleStem === null) return { countedInPage: true, order: 'walk', leading };
  if (unordered || !conditions.rank) return { countedInPage: false, order: 'walk', leading };
  const sortAtMost = counting === 'exact' || soleStem !== null ? SORTED_AT_MOST : RANKED_AT_MOST;
  const { order, count } = await searchOrder(db, memo, entity, conditions.all, soleStem, keys, sortAtMost, values);
  return { countedInPage: false, order, leading, count };
}

/** The column of a counted page's rows holding the count of its matches up to RANKED_AT_MOST + 1. */
const COUNT_COLUMN = 'bounded_count';

/**
 * A page and the bounded count of its matches in one statement (the site search's groups: one
 * statement per kind instead of a count and a page). The matches up to RANKED_AT_MOST + 1 are read
 * once (a CTE) and counted beside every row. A search's page is then, as listPlan orders a list's:
 * up to RANKED_AT_MOST matches, the best ranked of them; up to SORTED_AT_MOST (counted only then),
 * its matches sorted in the list's order; beyond, the walk of the order index. A condition on the
 * counts alone is a one-time filter in PostgreSQL's plan, so only the branch they pick runs.
 */
function countedPage(
  db: Db,
  entity: ServerEntity,
  condition: SQL | undefined,
  columns: Record<string, PgColumn | SQL>,
  order: { current: SQL[]; rank: SQL | null; rest: SQL[] },
): ListPlan['page'] {
  const idCol = column(entity, 'id');
  const upTo = (name: string, atMost: number) =>
    db.$with(name).as(
      db
        .select({ id: sql`${idCol}`.as('id') })
        .from(entity.table)
        .where(condition)
        .limit(atMost + 1),
    );
  const matches = upTo('matches', RANKED_AT_MOST);
  const wide = upTo('wide', SORTED_AT_MOST);
  const n = sql`(SELECT count(*) FROM ${matches})`;
  const paging = sql`LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}`;
  const listOrder = sql.join([...order.current, ...order.rest], sql`, `);
  // a kind word alone ("events") leaves no condition at all
  const walk = (gate?: SQL) =>
    sql`(SELECT ${idCol} FROM ${entity.table} WHERE ${and(condition, gate) ?? sql`true`} ORDER BY ${listOrder} ${paging})`;
  const { rank } = order;
  if (!rank)
    return db
      .with(matches)
      .select({ ...columns, [COUNT_COLUMN]: sql<number>`${n}::int` })
      .from(entity.table)
      .where(inArray(idCol, walk()))
      .orderBy(...order.current, ...order.rest)
      .prepare('counted_page');
  // the wide count is read only when the first is over RANKED_AT_MOST (AND stops at a false left side)
  const broad = sql`${n} > ${RANKED_AT_MOST}`;
  const wideCount = sql`(SELECT count(*) FROM ${wide})`;
  const ranked = sql`(SELECT ${idCol} FROM ${entity.table} WHERE ${idCol} IN (SELECT id FROM ${matches}) AND ${n} <= ${RANKED_AT_MOST}
    ORDER BY ${sql.join([...order.current, sql`${rank} DESC`, ...order.rest], sql`, `)} ${paging})`;
  const sorted = sql`(SELECT ${idCol} FROM ${matchesFirst(entity, condition)} WHERE ${broad} AND ${wideCount} <= ${SORTED_AT_MOST}
    ORDER BY ${listOrder} ${paging})`;
  const pageIds = sql`(${ranked} UNION ALL ${sorted} UNION ALL ${walk(sql`${broad} AND ${wideCount} > ${SORTED_AT_MOST}`)})`;
  return db
    .with(matches, wide)
    .select({ ...columns, [COUNT_COLUMN]: sql<number>`${n}::int` })
    .from(entity.table)
    .where(inArray(idCol, pageIds))
    .orderBy(...order.current, sql`CASE WHEN ${n} <= ${RANKED_AT_MOST} THEN ${rank} END DESC NULLS LAST`, ...order.rest)
    .prepare('counted_page');
}

/**
 * The rows matching `condition` as a subquery under the table's own name, so the order's
 * expressions read its columns: OFFSET 0 keeps PostgreSQL from merging it into the query that
 * orders it, so the matches are read from the search index and sorted, never found by walking
 * the order index (SORTED_AT_MOST).
 */
function matchesFirst(entity: ServerEntity, condition: SQL | undefined): SQL {
  return sql`(select * from ${entity.table} where ${condition} offset 0) as ${sql.identifier(getTableName(entity.table))}`;
}

/** Counts per value of each filter, by filter name: value (an id, an option, 'true') → rows. */
export type Facets = Record<string, Record<string, number>>;

/** A column's counts per value (null: rows without one) among the rows matching `where`, grouped from the rows. */
function groupedCounts(db: Db, entity: ServerEntity, name: string, where: SQL | undefined) {
  const value = valueOf(entity, name);
  const n = sql<number>`count(*)::int`;
  if (entity.computed?.[name] || column(entity, name).columnType !== 'PgArray')
    return db
      .select({ value: sql<string | null>`${value}::text`, n })
      .from(entity.table)
      .where(where)
      .groupBy(sql`1`);
  const items = db
    .select({ v: sql`unnest(${value})`.as('v') })
    .from(entity.table)
    .where(where)
    .as('items');
  return db
    .select({ value: sql<string | null>`${items.v}::text`, n })
    .from(items)
    .groupBy(items.v);
}

/** A column's counts per value over the whole table, as facet_counts keeps them. */
const keptCounts = (db: Db, entity: ServerEntity, name: string) =>
  db
    .select({ value: facetCounts.value, n: facetCounts.n })
    .from(facetCounts)
    .where(and(eq(facetCounts.table_name, getTableName(entity.table)), eq(facetCounts.column_name, name), ne(facetCounts.n, 0)))
    .orderBy(facetCounts.value);

/** A column's counts per value among the rows one filter lets through, as facet_pair_counts keeps them. */
const keptPairCounts = (db: Db, entity: ServerEntity, filter: KeptValue, name: string) =>
  db
    .select({ value: facetPairCounts.value, n: facetPairCounts.n })
    .from(facetPairCounts)
    .where(
      and(
        eq(facetPairCounts.table_name, getTableName(entity.table)),
        eq(facetPairCounts.filter_column, filter.column),
        eq(facetPairCounts.filter_value, filter.value),
        eq(facetPairCounts.column_name, name),
        ne(facetPairCounts.n, 0),
      ),
    )
    .orderBy(facetPairCounts.value);

/**
 * A column's counts per value among the rows matching the filters but `name`'s and the rest: kept
 * for the whole list and under one filter of a counted column (db/facet-counts.ts), else grouped from the rows.
 */
function countsOf(db: Db, entity: ServerEntity, conditions: Conditions, name: string, column: string) {
  const others = Object.keys(conditions.filters).filter((other) => other !== name);
  const kept = !entity.computed?.[column] && isCounted(getTableName(entity.table), column) && !conditions.rest.length;
  if (kept && !others.length) return keptCounts(db, entity, column);
  const one = others.length === 1 ? conditions.kept[others[0]!] : undefined;
  if (kept && one) return keptPairCounts(db, entity, one, column);
  return groupedCounts(db, entity, column, and(...others.map((other) => conditions.filters[other]!), ...conditions.rest));
}

/**
 * How many rows each value of a filter would list, for the request's search and its other
 * filters: a filter's own choice does not narrow its counts, so they show what choosing another
 * value would give (and add up to the list's count for a plain column).
 */
async function countFacets(db: Db, entity: ServerEntity, conditions: Conditions, names: string[], values: SearchValues): Promise<Facets> {
  const counted = await Promise.all(
    names.map(async (name): Promise<[string, Record<string, number>]> => {
      const meta = entity.decl.filters![name]!;
      const where = and(...Object.entries(conditions.filters).flatMap(([other, c]) => (other === name ? [] : [c])), ...conditions.rest);
      const n = sql<number>`count(*)::int`;
      if (meta.kind === 'flag') {
        const holds = entity.flags?.[name]?.where ?? (meta.column ? flagHolds(entity, meta.column) : undefined);
        const [row] = await db.select({ n }).from(entity.table).where(and(where, holds)).execute(values);
        return [name, { true: row!.n }];
      }
      const rows = await countsOf(db, entity, conditions, name, meta.column).execute(values);
      const counts = Object.fromEntries(rows.flatMap((r) => (r.value === null ? [] : [[r.value, r.n]])));
      if (!meta.orNone) return [name, counts];
      // rows without a value are listed under every value: added to each, and given as '' for the values no row names
      const none = rows.find((r) => r.value === null)?.n ?? 0;
      return [name, { ...Object.fromEntries(Object.entries(counts).map(([v, n]) => [v, n + none])), '': none }];
    }),
  );
  return Object.fromEntries(counted);
}

/** A list request's search (its words matched), conditions and keys: what its statements and counts are made of. */
async function listShape(db: Db, memo: ContentMemo, entity: ServerEntity, query: ListQuery, extra: SQL[], matched?: MatchedWords) {
  const search = !matched && query.search?.trim() ? await searchCondition(db, memo, entity, query.search) : undefined;
  // What the rows depend on but the search's words, as the statements' key: the filters as asked (not
  // paging or ordering), any extra condition, whether there are words, and words matched without
  // their rank (the site search's probes, whose conditions have none). Cheaper to make than the SQL
  // text, which it determines. With the words, the key of the counts and facets.
  const { page: _page, page_size: _size, ordering: _ordering, facets: _facets, search: _search, ...filters } = query;
  const words = search ? (search.terms === null ? 'no words' : 'words') : matched && !matched.rank ? 'unranked' : '';
  const shape = `${entity.decl.name}:${JSON.stringify(filters)}:${extra.length ? sqlKey(and(...extra)) : ''}:${matched ? sqlKey(matched.where) : ''}:${words}`;
  const keys: ListKeys = { shape, rows: `${shape}:${search?.terms ?? ''}` };
  const conditions = await memo(`conditions:${shape}`, () => conditionsOf(db, memo, entity, query, extra, matched ?? search));
  const stem = matched ? (matched.stem ?? null) : (search?.stem ?? null);
  const values: SearchValues = search?.terms ? { terms: search.terms } : {};
  return { keys, conditions, values, soleStem: conditions.searchAlone ? stem : null };
}

/**
 * One page of an entity: filters, search (full text with corrected words; the best match first
 * when the search is narrow enough to rank), ordering. `extra` narrows the rows further (an
 * institution's own rows). Counts and statements are remembered until content of the kinds it
 * reads changes; the statements for every search of one shape (TERMS).
 */
export async function listRows(
  db: Db,
  entity: ServerEntity,
  query: ListQuery,
  extra: SQL[] = [],
  { memo: shared, ...context }: ListContext = {},
): Promise<ListResult> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  const { matched, count: counting = 'exact', unordered } = context;
  const memo = shared ?? (await contentMemo(db, readsOf(entity)));
  const { keys, conditions, values, soleStem } = await listShape(db, memo, entity, query, extra, matched);
  const way = await wayOf(db, memo, entity, query, conditions, { keys, soleStem, values }, context);
  const planKey = `plan:${keys.shape}:${query.ordering ?? ''}:${counting}:${unordered ? 'unordered' : ''}:${way.order}:${way.countedInPage}`;
  const plan = await memo(planKey, async () => listPlan(db, entity, query, conditions, way, context));
  const names = query.facets ? [...new Set(query.facets.split(','))].sort() : [];
  const offset = (page - 1) * pageSize;
  const pageValues: PageValues = { ...values, limit: pageSize, offset };
  const countBounded = () => countedAtMost(db, memo, entity, conditions.all, keys, RANKED_AT_MOST, values);
  if (plan.countedInPage) {
    const rows = await plan.page.execute(pageValues);
    // a page past the last has no row to carry the count
    const count = rows.length ? Number(rows[0]![COUNT_COLUMN]) : offset ? await countBounded() : 0;
    return { count, results: rows.map(({ [COUNT_COLUMN]: _count, ...row }) => row) };
  }
  const pageRows = plan.walk ? await walkFirst(db, memo, entity.table, way.count!, plan.walk, plan.page) : plan.page;
  const [results, count, facets] = await Promise.all([
    pageRows.execute(pageValues),
    counting === 'none'
      ? 0
      : (way.count ??
        (counting === 'bounded'
          ? countBounded()
          : memo(`count:${keys.rows}`, () => countAll(db, memo, entity, conditions.all, keys, values)))),
    // remembered like the count: they change only with content
    names.length ? memo(`facets:${keys.rows}:${names.join(',')}`, () => countFacets(db, entity, conditions, names, values)) : undefined,
  ]);
  return facets ? { count, results, facets } : { count, results };
}

/** count(*) of the rows matching `where`: the statement prepared once per shape. */
async function countAll(db: Db, memo: ContentMemo, entity: ServerEntity, where: SQL | undefined, keys: ListKeys, values: SearchValues) {
  const statement = await memo(`count-statement:${keys.shape}`, async () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(entity.table)
      .where(where)
      .prepare('list_count'),
  );
  const [row] = await statement.execute(values);
  return row!.n;
}

const statements = new WeakMap<Db, Map<string, unknown>>();

/** A statement built and prepared once per database and key (the detail's fixed shapes). */
function preparedOnce<T>(db: Db, key: string, build: () => T): T {
  let byKey = statements.get(db);
  if (!byKey) statements.set(db, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, build());
  return byKey.get(key) as T;
}

/** The row with this numeric id or slug, or 404. */
export async function findRow(db: Db, entity: ServerEntity, idOrSlug: string): Promise<Record<string, unknown>> {
  const byId = /^\d{1,9}$/.test(idOrSlug);
  if (!byId && !('slug' in getTableColumns(entity.table))) throw notFound(`${entity.decl.label} not found.`);
  const by = byId ? 'id' : 'slug';
  const statement = preparedOnce(db, `row:${entity.decl.name}:${by}`, () =>
    db
      .select(visibleColumns(entity))
      .from(entity.table)
      .where(eq(column(entity, by), sql.placeholder('key')))
      .limit(1)
      .prepare('detail_row'),
  );
  const [row] = await statement.execute({ key: byId ? Number(idOrSlug) : idOrSlug });
  if (!row) throw notFound(`${entity.decl.label} not found.`);
  return row;
}

/**
 * Every kind's version and one row's, for the cache key of its detail (plugins/public-cache.ts), in
 * one statement shared by the details asked at the same time (readVersionsWithRow). The row's
 * version is its xmin, the transaction that last wrote it, which every UPDATE moves whatever code
 * path made it; null when there is no such row.
 */
export async function versionsWithRow(
  db: Db,
  entity: ServerEntity,
  idOrSlug: string,
): Promise<{ versions: KindVersions; row: string | null }> {
  const byId = /^\d{1,9}$/.test(idOrSlug);
  if (!byId && !('slug' in getTableColumns(entity.table))) return { versions: await readKindVersions(db), row: null };
  return readVersionsWithRow(db, rowsVersionReader(entity, byId ? 'id' : 'slug'), idOrSlug);
}

const rowsVersionReaders = new Map<string, RowsVersionReader>();

/** The kinds' versions and the xmin of the rows with these ids or slugs, by UNION ALL: one statement, one round trip. */
function rowsVersionReader(entity: ServerEntity, by: 'id' | 'slug'): RowsVersionReader {
  const name = `${entity.decl.name}:${by}`;
  let read = rowsVersionReaders.get(name);
  if (read) return read;
  const key = column(entity, by);
  read = async (db, keys) => {
    const statement = preparedOnce(db, `versions:${name}`, () =>
      db
        .select({ kind: contentVersions.kind, version: sql<string>`${contentVersions.version}::text`, key: sql<string | null>`null` })
        .from(contentVersions)
        .unionAll(
          db
            // a row's version under no kind: the kinds' rows all have one
            .select({ kind: sql<string>`null`, version: sql<string>`xmin::text`, key: sql<string>`${key}::text` })
            .from(entity.table)
            .where(sql`${key} = ANY(${sql.placeholder('keys')}::${sql.raw(by === 'id' ? 'integer[]' : 'text[]')})`),
        )
        .prepare('versions_with_rows'),
    );
    const rows = await statement.execute({ keys: by === 'id' ? keys.map(Number) : keys });
    return {
      versions: new Map(rows.flatMap((r) => (r.kind === null ? [] : [[r.kind, Number(r.version)] as const]))),
      rows: new Map(rows.flatMap((r) => (r.kind === null && r.key !== null ? [[r.key, r.version] as const] : []))),
    };
  };
  rowsVersionReaders.set(name, read);
  return read;
}

export interface RelatedItem {
  id: number;
  label: string;
  slug: string | null;
}

/** Names of the rows a detail refers to, per ref field, so a page can show them without more calls. */
export async function relatedOf(db: Db, entity: ServerEntity, row: Record<string, unknown>): Promise<Record<string, RelatedItem[]>> {
  const related: Record<string, RelatedItem[]> = {};
  await Promise.all(
    Object.entries(entity.decl.fields)
      .flatMap(([field, meta]) => (meta.kind === 'ref' || meta.kind === 'refs' ? [[field, meta.ref] as const] : []))
      .map(async ([field, refName]) => {
        const raw = row[field];
        const ids = (Array.isArray(raw) ? raw : raw == null ? [] : [raw]) as number[];
        if (ids.length === 0) return void (related[field] = []);
        const ref = serverEntity(refName);
        // One array parameter, not IN ($1, …, $n): one statement whatever the number of ids.
        const statement = preparedOnce(db, `names:${ref.decl.name}`, () => {
          const hasSlug = 'slug' in getTableColumns(ref.table);
          return db
            .select({
              id: column(ref, 'id'),
              label: column(ref, ref.decl.titleField),
              slug: hasSlug ? column(ref, 'slug') : sql<null>`null`,
            })
            .from(ref.table)
            .where(sql`${column(ref, 'id')} = ANY(${sql.placeholder('ids')}::integer[])`)
            .prepare('related_names');
        });
        const rows = await statement.execute({ ids });
        const items = rows.map((r): RelatedItem => ({
          id: Number(r.id),
          label: String(r.label),
          slug: r.slug == null ? null : String(r.slug),
        }));
        const byId = new Map(items.map((r) => [r.id, r]));
        related[field] = ids.map((id) => byId.get(id)).filter((r): r is RelatedItem => Boolean(r));
      }),
  );
  return related;
}

/** Dropdown options: id/value and label, searchable, at most `limit`. */
export async function dropdownRows(db: Db, entity: ServerEntity, search: string | undefined, limit: number) {
  const title = column(entity, entity.decl.titleField);
  const hasSlug = 'slug' in getTableColumns(entity.table);
  let where: SQL | undefined;
  let orderBy: SQL[] = [sql`${asc(title)}`];
  const values: SearchValues = {};
  let shape = `dropdown:${entity.decl.name}`;
  if (search?.trim()) {
    const memo = await contentMemo(db, readsOf(entity));
    const found = await searchCondition(db, memo, entity, search);
    where = found.where;
    if (found.terms) values.terms = found.terms;
    shape += found.terms === null ? ':no words' : ':words';
    const keys = { shape, rows: `${shape}:${found.terms}` };
    if (found.rank && (await searchOrder(db, memo, entity, where, found.stem, keys, RANKED_AT_MOST, values)).order === 'rank') {
      orderBy = [sql`${found.rank} DESC`, ...orderBy];
      shape += ':ranked';
    }
  }
  const statement = preparedOnce(db, shape, () =>
    db
      .select({ id: column(entity, 'id'), label: title, slug: hasSlug ? column(entity, 'slug') : sql<null>`null` })
      .from(entity.table)
      .where(where)
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .prepare('dropdown'),
  );
  const rows = await statement.execute({ ...values, limit });
  return rows.map((r) => ({
    id: r.id as number,
    value: r.id as number,
    label: r.label as string,
    slug: (r.slug as string | null) ?? undefined,
  }));
}
