import { getTableName, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../db/index.ts';
import type { ContentMemo } from './content-memo.ts';

/**
 * A search with many matches spread through the list's order ("pokhara": 9,619 of 100,000
 * consultancies, found all through their priority order) finds its page sooner by walking the order
 * index than by reading every match and sorting them (1.5 ms against 169 ms), but a search whose
 * matches cluster in that order ("psychology" among courses named in order) may walk most of the
 * table before its first. So the walk is tried only within a budget of rows, WALK_SLACK times what
 * a page needs were the matches spread evenly, and only where that budget is at most a third of the
 * matches (the sort's own cost), so a walk that falls short costs the sort a third more at worst.
 */
const WALK_SLACK = 3;

/** Each table's answers, by its keys: getTableConfig builds the table's index declarations anew on every call. */
const indexedOrders = new WeakMap<PgTable, Map<string, boolean>>();

/** Whether a btree index of `table` holds its rows in the order of `keys` ('-name' descending, NULLS LAST as the lists order), so a walk of it stops after a page. */
export function orderIndexed(table: PgTable, keys: string[]): boolean {
  let answers = indexedOrders.get(table);
  if (!answers) indexedOrders.set(table, (answers = new Map()));
  const key = keys.join(',');
  let answer = answers.get(key);
  if (answer === undefined) answers.set(key, (answer = holdsOrder(table, keys)));
  return answer;
}

function holdsOrder(table: PgTable, keys: string[]): boolean {
  return getTableConfig(table).indexes.some(({ config }) => {
    if ((config.method ?? 'btree') !== 'btree' || config.columns.length < keys.length) return false;
    return keys.every((key, i) => {
      const column = config.columns[i]!;
      const descending = key.startsWith('-');
      const { order = 'asc', nulls = descending ? 'first' : 'last' } = 'indexConfig' in column ? (column.indexConfig ?? {}) : {};
      return 'name' in column && column.name === key.replace(/^-/, '') && order === (descending ? 'desc' : 'asc') && nulls === 'last';
    });
  });
}

/**
 * The rows of `table` as PostgreSQL last estimated them (pg_class.reltuples), else counted: an
 * embedded database (PGlite) runs no autovacuum, so its tables are never analyzed unless asked.
 * Remembered in `memo`.
 */
const estimatedRows = (db: Db, memo: ContentMemo, table: string): Promise<number> =>
  memo(`estimated-rows:${table}`, async () => {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT CASE WHEN c.reltuples > 0 THEN c.reltuples::float8 ELSE (SELECT count(*) FROM ${sql.identifier(table)})::float8 END AS n
        FROM pg_class c WHERE c.oid = to_regclass(${table})`),
    );
    return Number(row?.n ?? 0);
  });

/** A page's placeholder values: its paging, and any other its statement reads (a search's words). */
export type PageValues = { limit: number; offset: number } & Record<string, unknown>;
export type Page = { execute(values: PageValues): Promise<Record<string, unknown>[]> };

/**
 * The page of a search whose `matches` are known (exact) as the walk of the order index within its
 * budget (WALK_SLACK) where that is cheaper, else `sorted`. `walked(budget)` is the page's statement
 * reading only the first `budget` rows of the order: the matches among them are the first matches in
 * the order, so when they fill the page it is the sorted page; when they fall short, `sorted` runs.
 */
export async function walkFirst(db: Db, memo: ContentMemo, table: PgTable, matches: number, walked: Page, sorted: Page): Promise<Page> {
  const rows = await estimatedRows(db, memo, getTableName(table));
  return {
    async execute(values) {
      const { limit, offset } = values;
      const budget = Math.ceil((WALK_SLACK * (offset + limit) * rows) / matches);
      // within that budget the page lies well before the last match, so a walked page is a full one
      if (rows > 0 && budget <= matches / 3) {
        const found = await walked.execute({ ...values, budget });
        if (found.length === limit) return found;
      }
      return sorted.execute(values);
    },
  };
}

/** The first `budget` rows of `table` in `order` (read from its index) as a subquery under the table's own name, so the order's and the condition's expressions read its columns. */
export function firstInOrder(table: PgTable, order: SQL[]): SQL {
  return sql`(SELECT * FROM ${table} ORDER BY ${sql.join(order, sql`, `)} LIMIT ${sql.placeholder('budget')}) AS ${sql.identifier(getTableName(table))}`;
}
