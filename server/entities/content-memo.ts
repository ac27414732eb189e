import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';
import { readKindVersions, versionStamp, type ContentKind, type KindVersions } from '../content-version.ts';

const MAX_ENTRIES = 10_000;
// Filters such as upcoming events depend on the clock, not only on content.
const MAX_AGE_MS = 60_000;

const memos = new WeakMap<Db, Map<string, { value: Promise<unknown>; at: number }>>();
const dialect = new PgDialect();

export type ContentMemo = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/**
 * Remembers answers that only change when content does (list counts, facets, search word
 * corrections), keyed by the versions of the kinds of content they read: a forum write leaves a
 * consultancy list's count alive. Reading the versions costs one tiny query; an exact count(*) of
 * 100k rows costs 12–20 ms. Other processes' writes are seen at once, since the versions are read
 * from the database on every call.
 */
export async function contentMemo(db: Db, kinds: readonly ContentKind[], versions?: KindVersions | null): Promise<ContentMemo> {
  // a cached route's request has read the versions at its start (plugins/public-cache.ts,
  // `request.contentVersions`): reading them again cost a second statement for every answer not in
  // the cache, and answers computed after they were read are at least that recent
  const stamp = versionStamp(versions ?? (await readKindVersions(db)), kinds);
  let entries = memos.get(db);
  if (!entries) memos.set(db, (entries = new Map()));
  const memo = entries;
  return <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    const stamped = `${stamp}|${key}`;
    const hit = memo.get(stamped);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.value as Promise<T>;
    // The computation is remembered while it runs: the site search's kinds ask for the same
    // synonyms and chip rows at once, and each ran its own statement when only answers were kept.
    const value = Promise.resolve().then(compute);
    // Oldest first out (a Map iterates in insertion order): entries of older versions go first.
    memo.delete(stamped);
    if (memo.size >= MAX_ENTRIES) memo.delete(memo.keys().next().value!);
    memo.set(stamped, { value, at: Date.now() });
    // a failure is not remembered: the next call computes again
    value.catch(() => memo.get(stamped)?.value === value && memo.delete(stamped));
    return value;
  };
}

/** A key for a condition: its SQL text and parameters. */
export function sqlKey(condition: SQL | undefined): string {
  if (!condition) return '';
  const { sql, params } = dialect.sqlToQuery(condition);
  return `${sql}\u0000${JSON.stringify(params)}`;
}
