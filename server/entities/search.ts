import { and, eq, getTableName, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../db/index.ts';
import { searchStemCounts, synonyms } from '../db/schema/index.ts';
import { contentMemo, type ContentMemo } from './content-memo.ts';
import { CONTENT_KINDS } from '../content-version.ts';
import {
  expandSynonyms,
  neighbourSwaps,
  queryWords,
  synonymIndex,
  tsQueryText,
  type Group,
  type Plan,
  type WordFacts,
} from './search-words.ts';

/** A search's condition and rank on one table, with the query words it corrected and those it found nowhere. */
export interface TextMatch {
  where: SQL;
  rank: SQL | null;
  /** each misspelt word and the known word searched instead ("nrsing" → "nursing"): "Showing results for …" */
  corrections: { from: string; to: string }[];
  /** words of the query that match no known word at all: what an empty result suggests replacing */
  unmatched: string[];
  /** the one stem searched, when the query is one word searched whole: stemRows counts its matches */
  stem: string | null;
  /** the tsquery text searched (null: the search has no words and matches nothing) */
  terms: string | null;
}

/** The condition and rank of a tsquery text, or of a placeholder for one (null: the search has no words and matches nothing). */
export function fullTextMatch(vector: PgColumn, terms: string | Placeholder | null): { where: SQL; rank: SQL | null } {
  if (terms === null) return { where: sql`false`, rank: null };
  const tsquery = sql`to_tsquery('simple', ${terms})`;
  return { where: sql`${vector} @@ ${tsquery}`, rank: sql`ts_rank(${vector}, ${tsquery})` };
}

/** The synonym groups admins keep, each as its phrases' words (remembered until content changes). */
const groupsOf = (db: Db, memo: ContentMemo) =>
  memo('synonym-groups', async () => synonymIndex(await db.select({ term: synonyms.term, words: synonyms.words }).from(synonyms)));

/** What a word that may not be corrected (a synonym's) is told: its stem only. */
const stemOnly = (facts: WordFacts): WordFacts => ({
  ...facts,
  known: false,
  spelt: false,
  prefixStem: null,
  nearWord: null,
  nearStem: null,
});

/**
 * What the tables' vocabulary (search_words) says of each word, for every table in one statement:
 * its stem as the vectors hold it (none for a stop word), whether a row of the table has that
 * stem, the stem of the shortest known word of the table it begins (search as you type), whether
 * any table holds the word as it is, and, for words of 4 letters or more, the known surface word it
 * most likely misspells among the `vocabulary` tables' words: two neighbouring letters swapped
 * ("ilets" → ielts, which trigrams find too dissimilar), else the most similar by trigrams (one
 * that starts with the same letter first). The correction does not depend on the table, so it is
 * looked up once per word, however many tables are asked (the site search asks about ten). The
 * same statement reads the kept counts of each word's stem and correction (search_stem_counts),
 * remembered in `memo` for stemRows, so a one-word search counts its matches without a statement of
 * its own.
 */
async function wordFacts(
  db: Db,
  memo: ContentMemo,
  tables: string[],
  vocabulary: string[],
  correct: Map<string, boolean>,
): Promise<Map<string, Map<string, WordFacts>>> {
  // only a word that may be corrected is looked up beyond its stem (a synonym group's words are many)
  const asked = [...correct].map(([word, c]) => ({ word, correct: c, swaps: c ? neighbourSwaps(word) : [] }));
  const rows = rowsOf<WordFacts & { word: string; table: string; stemRows: number | null; nearStemRows: number | null }>(
    await db.execute(sql`
      WITH w AS (
        SELECT q.word, q.correct, st.stem, sp.word IS NOT NULL AS spelt, coalesce(t.word, c.word) AS near_word, coalesce(t.stem, c.stem) AS near_stem
        FROM json_to_recordset(${JSON.stringify(asked)}::json) AS q(word text, correct boolean, swaps text[])
        LEFT JOIN LATERAL (SELECT (tsvector_to_array(to_tsvector('english', q.word)))[1] AS stem) st ON true
        LEFT JOIN LATERAL (SELECT s.word FROM search_words s WHERE q.correct AND s.word = q.word LIMIT 1) sp ON true
        LEFT JOIN LATERAL (
          SELECT s.word, s.stem FROM search_words s
          WHERE q.correct AND length(q.word) >= 4 AND s.table_name = ANY(string_to_array(${vocabulary.join(',')}, ',')) AND s.word = ANY(q.swaps)
          ORDER BY s.word LIMIT 1
        ) t ON true
        LEFT JOIN LATERAL (
          SELECT s.word, s.stem FROM search_words s
          WHERE q.correct AND t.word IS NULL AND length(q.word) >= 4 AND s.table_name = ANY(string_to_array(${vocabulary.join(',')}, ',')) AND s.word % q.word
          ORDER BY left(s.word, 1) = left(q.word, 1) DESC, similarity(s.word, q.word) DESC, abs(length(s.word) - length(q.word)), s.word
          LIMIT 1
        ) c ON true
      )
      SELECT w.word, tb.name AS "table", w.stem, w.spelt, w.near_word AS "nearWord", w.near_stem AS "nearStem",
        (w.stem IS NOT NULL AND w.correct AND EXISTS (SELECT 1 FROM search_words s WHERE s.table_name = tb.name AND s.stem = w.stem)) AS known,
        p.stem AS "prefixStem",
        (SELECT n.n FROM search_stem_counts n WHERE w.correct AND n.table_name = tb.name AND n.stem = w.stem) AS "stemRows",
        (SELECT n.n FROM search_stem_counts n WHERE w.correct AND n.table_name = tb.name AND n.stem = w.near_stem) AS "nearStemRows"
      FROM w CROSS JOIN unnest(string_to_array(${tables.join(',')}, ',')) AS tb(name)
      LEFT JOIN LATERAL (
        SELECT s.stem FROM search_words s
        WHERE w.correct AND s.table_name = tb.name
          AND s.word LIKE replace(replace(replace(w.word, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
        ORDER BY length(s.word), s.word LIMIT 1
      ) p ON true`),
  );
  const byTable = new Map(tables.map((t) => [t, new Map<string, WordFacts>()]));
  const counted: Promise<number>[] = [];
  const keep = (table: string, stem: string, n: number | null) =>
    counted.push(memo(stemRowsKey(table, stem), () => Promise.resolve(n ?? 0)));
  for (const { word, table, stemRows, nearStemRows, ...facts } of rows) {
    byTable.get(table)!.set(word, facts);
    // a stem no row holds has no count kept: 0, as stemRows reads it
    if (facts.stem && correct.get(word)) keep(table, facts.stem, stemRows);
    if (facts.nearStem && correct.get(word)) keep(table, facts.nearStem, nearStemRows);
  }
  await Promise.all(counted);
  return byTable;
}

const stemRowsKey = (table: string, stem: string) => `stem-rows:${table}:${stem}`;

/** The words of a query and what each may be: the query's own words corrected, a synonym's words only stemmed. */
async function plannedWords(db: Db, text: string, memo: ContentMemo): Promise<{ plan: Plan; correct: Map<string, boolean> }> {
  const plan: Plan = expandSynonyms(queryWords(text), await groupsOf(db, memo));
  const correct = new Map<string, boolean>();
  for (const p of plan) {
    if (p.kind === 'word') correct.set(p.word, true);
    else for (const word of p.alternatives.flat()) correct.set(word, correct.get(word) ?? false);
  }
  return { plan, correct };
}

const factsKey = (table: string, vocabulary: string[], correct: Map<string, boolean>) =>
  `words:${table}:${vocabulary.join(',')}:${JSON.stringify([...correct])}`;

/** A table's facts of the words, as `correct` may use them. */
function factsFor(all: Map<string, WordFacts>, correct: Map<string, boolean>): Map<string, WordFacts> {
  return new Map(
    [...correct].flatMap(([word, c]) => (all.has(word) ? [[word, c ? all.get(word)! : stemOnly(all.get(word)!)] as const] : [])),
  );
}

/**
 * The word facts of several searches (a table and a text each) in one statement, remembered in
 * `memo` under the keys matchText looks up: the site search asks this before searching its kinds,
 * which then find their words' facts remembered instead of asking one statement each.
 */
export async function rememberWordFacts(db: Db, searches: { table: string; text: string }[], vocabulary: string[], memo: ContentMemo) {
  const planned = await Promise.all(searches.map(async (s) => ({ ...s, ...(await plannedWords(db, s.text, memo)) })));
  const correct = new Map<string, boolean>();
  for (const p of planned) for (const [word, c] of p.correct) correct.set(word, c || (correct.get(word) ?? false));
  if (correct.size === 0) return;
  const tables = [...new Set(planned.map((p) => p.table))];
  const facts = await wordFacts(db, memo, tables, vocabulary, correct);
  await Promise.all(
    planned.map((p) => memo(factsKey(p.table, vocabulary, p.correct), async () => factsFor(facts.get(p.table)!, p.correct))),
  );
}

/**
 * The one way to match words on a searchable table: the per-list `?search=` and the site search
 * both call it. Each word of the query is matched on its own: a word or phrase of a synonym group
 * (admin-kept: "uk", "bsc") finds what any word of its group finds; a known word stays; the start
 * of a known word is a prefix; a misspelt word of 4 letters or more is corrected to the most similar
 * known word ("nrsing" → nursing, "ilets" → ielts), unless `exact` ("Search instead for nrsing"); the rest is
 * `unmatched`, and then nothing matches. `memo` remembers synonym groups and word facts until
 * content changes (the list's own memo, or a new one).
 */
export async function matchText(
  db: Db,
  table: PgTable,
  vector: PgColumn,
  text: string,
  options: {
    exact?: boolean;
    memo?: ContentMemo;
    /** the tables whose words a misspelt word is corrected to (default: this one); the site search gives all it searches, so each kind corrects alike */
    vocabulary?: string[];
  } = {},
): Promise<TextMatch> {
  const memo = options.memo ?? (await contentMemo(db, CONTENT_KINDS));
  const { plan, correct } = await plannedWords(db, text, memo);
  const tableName = getTableName(table);
  const vocabulary = options.vocabulary ?? [tableName];
  const facts = await memo(factsKey(tableName, vocabulary, correct), async () =>
    factsFor((await wordFacts(db, memo, [tableName], vocabulary, correct)).get(tableName)!, correct),
  );
  const { terms, corrections, unmatched, lexeme } = tsQueryText(plan, facts, { exact: options.exact ?? false });
  return { ...fullTextMatch(vector, terms), corrections, unmatched, stem: lexeme, terms };
}

/** How many rows of `table` hold `stem` in their search vector (search_stem_counts, kept exact by triggers), remembered in `memo`. */
export const stemRows = (db: Db, memo: ContentMemo, table: string, stem: string): Promise<number> =>
  memo(stemRowsKey(table, stem), async () => {
    const [row] = await db
      .select({ n: searchStemCounts.n })
      .from(searchStemCounts)
      .where(and(eq(searchStemCounts.table_name, table), eq(searchStemCounts.stem, stem)));
    return row?.n ?? 0;
  });

export type { Group };
