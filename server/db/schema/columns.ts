import { sql, type SQL } from 'drizzle-orm';
import { customType, index, integer, jsonb, serial, text, timestamp, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/** A stored tsvector; a trigger computes it, so it is never written by the app. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const id = () => serial('id').primaryKey();

export const timestamps = () => ({
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

export const idList = (name: string) =>
  integer(name)
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`);
export const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
/** Questions with their answers (a university's FAQs). */
export const faqList = (name: string) => jsonb(name).$type<{ question: string; answer: string }[]>().notNull().default([]);

/** What a table's search vector is made of: its columns by weight, and the rows it is found by (`foundBy`). */
export interface SearchSource {
  weights: { A: readonly string[]; B?: readonly string[]; C?: readonly string[] };
  /** the columns that hold lists of words (tags): their words are searched */
  lists?: readonly string[];
  /** columns referring to rows of `table` (a list of ids when `many`) whose names and places find this row */
  foundBy?: readonly { column: string; table: string; many: boolean }[];
}

/** Every searchable table's source, by table name: db/search-triggers.ts turns them into triggers. */
export const searchSources = new Map<string, SearchSource>();

/**
 * The columns that make a table searchable: `search`, a weighted full-text vector of stems (A = name,
 * B = place, C = body, plus the names and places of the rows it is found by at B), and `surface_words`, the
 * same text's surface words (lowercased, not stemmed), which typo correction compares query words
 * with (search_words). Both are written by a trigger made from `source` at every start
 * (db/search-triggers.ts), never by the app; the trigger can read referred rows, which a generated
 * column cannot.
 */
export function searchColumns(table: string, source: SearchSource) {
  searchSources.set(table, source);
  return { search: tsvector('search'), surface_words: tsvector('surface_words') };
}

export function searchIndexes(table: string, t: { search: ExtraConfigColumn }) {
  return [index(`${table}_search_idx`).using('gin', t.search)];
}

export const nowSql: SQL = sql`now()`;
