import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../db/index.ts';
import { synonyms } from '../db/schema/index.ts';
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
}

/** The condition and rank of a tsquery text (null: the search has no words and matches nothing). */
export function fullTextMatch(vector: PgColumn, terms: string | null): { where: SQL; rank: SQL | null } {
  if (terms === null) return { where: sql`false`, rank: null };
  const tsquery = sql`to_tsquery('simple', ${terms})`;
  return { where: sql`${vector} @@ ${tsquery}`, rank: sql`ts_rank(${vector}, ${tsquery})` };
}

/** A query word asked of the vocabulary: whether it may be corrected, and its neighbouring-letter swaps. */
interface Asked {
  word: string;
  correct: boolean;
  swaps: string[];
}

/** The synonym groups admins keep, each as its phrases' words (remembered until content changes). */
const groupsOf = (db: Db, memo: ContentMemo) =>
  memo('synonym-groups', async () => synonymIndex(await db.select({ term: synonyms.term, words: synonyms.words }).from(synonyms)));

/**
 * What the table's vocabulary (search_words) says of each word, in one statement: its stem as the
 * vectors hold it (none for a stop word), whether a row has that stem, the stem of the shortest known
 * word it begins (search as you type), whether any table holds the word as it is, and, for words of
 * 4 letters or more that may be corrected, the known surface word it most likely misspells among the
 * `vocabulary` tables' words: two neighbouring letters swapped ("ilets" → ielts, which trigrams find
 * too dissimilar), else the most similar by trigrams (one that starts with the same letter first).
 */
async function wordFacts(db: Db, table: string, vocabulary: string[], words: Asked[]): Promise<Map<string, WordFacts>> {
  const rows = rowsOf<WordFacts & { word: string }>(
    await db.execute(sql`
      SELECT q.word, st.stem,
        (st.stem IS NOT NULL AND q.correct AND EXISTS (SELECT 1 FROM search_words s WHERE s.table_name = ${table} AND s.stem = st.stem)) AS known,
        (q.correct AND EXISTS (SELECT 1 FROM search_words s WHERE s.word = q.word)) AS "spelt",
        p.stem AS "prefixStem", coalesce(t.word, c.word) AS "nearWord", coalesce(t.stem, c.stem) AS "nearStem"
      FROM json_to_recordset(${JSON.stringify(words)}::json) AS q(word text, correct boolean, swaps text[])
      LEFT JOIN LATERAL (SELECT (tsvector_to_array(to_tsvector('english', q.word)))[1] AS stem) st ON true
      LEFT JOIN LATERAL (
        SELECT s.stem FROM search_words s
        WHERE q.correct AND s.table_name = ${table}
          AND s.word LIKE replace(replace(replace(q.word, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
        ORDER BY length(s.word), s.word LIMIT 1
      ) p ON true
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
      ) c ON true`),
  );
  return new Map(rows.map(({ word, ...facts }) => [word, facts]));
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
  const plan: Plan = expandSynonyms(queryWords(text), await groupsOf(db, memo));
  const tableName = getTableConfig(table).name;
  // the query's own words may be corrected; the synonyms' words only need their stems
  const correct = new Map<string, boolean>();
  for (const p of plan) {
    if (p.kind === 'word') correct.set(p.word, true);
    else for (const word of p.alternatives.flat()) correct.set(word, correct.get(word) ?? false);
  }
  const asked = [...correct].map(([word, c]) => ({ word, correct: c, swaps: c ? neighbourSwaps(word) : [] }));
  const vocabulary = options.vocabulary ?? [tableName];
  const facts = await memo(`words:${tableName}:${vocabulary.join(',')}:${JSON.stringify(asked)}`, () =>
    wordFacts(db, tableName, vocabulary, asked),
  );
  const { terms, corrections, unmatched } = tsQueryText(plan, facts, { exact: options.exact ?? false });
  return { ...fullTextMatch(vector, terms), corrections, unmatched };
}

export type { Group };
