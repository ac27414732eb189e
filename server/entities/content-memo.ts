import { eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';
import { contentState } from '../db/schema/index.ts';

const MAX_ENTRIES = 10_000;
// Filters such as upcoming events depend on the clock, not only on content.
const MAX_AGE_MS = 60_000;

interface Memo {
  version: number;
  entries: Map<string, { value: unknown; at: number }>;
}

const memos = new WeakMap<Db, Memo>();
const dialect = new PgDialect();

const versionQuery = (db: Db) =>
  db.select({ version: contentState.version }).from(contentState).where(eq(contentState.id, 1)).prepare('content_version');
const versionQueries = new WeakMap<Db, ReturnType<typeof versionQuery>>();

/** The content version, by a statement prepared once per database (it runs on every list request). */
async function currentVersion(db: Db): Promise<number> {
  let query = versionQueries.get(db);
  if (!query) versionQueries.set(db, (query = versionQuery(db)));
  const [row] = await query.execute();
  return row?.version ?? 0;
}

export type ContentMemo = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/**
 * Remembers answers that only change when content does (list counts, search word corrections),
 * keyed by the content version every content write bumps. Reading the version costs one tiny
 * query; an exact count(*) of 100k rows costs 12–20 ms. Other processes' writes are seen at once,
 * since the version is read from the database on every call.
 */
export async function contentMemo(db: Db): Promise<ContentMemo> {
  const version = await currentVersion(db);
  let memo = memos.get(db);
  if (!memo || memo.version !== version) memos.set(db, (memo = { version, entries: new Map() }));
  const { entries } = memo;
  return async <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.value as T;
    const value = await compute();
    // Oldest first out: a Map iterates in insertion order.
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, at: Date.now() });
    return value;
  };
}

/** A key for a condition: its SQL text and parameters. */
export function sqlKey(condition: SQL | undefined): string {
  if (!condition) return '';
  const { sql, params } = dialect.sqlToQuery(condition);
  return `${sql}\u0000${JSON.stringify(params)}`;
}
