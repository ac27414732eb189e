import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../db/index.ts';

interface Word {
  stem: string;
  word: string | null;
  exact: boolean;
  prefix: boolean;
}

/** A lexeme as a quoted tsquery operand. */
const operand = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The tsquery text for a search on `table`, or null when it has no words (only stop words or
 * punctuation). Each word of the search, stemmed as the stored vectors are, is matched against
 * the table's dictionary (search_words): a known word stays; the start of a known word becomes a
 * prefix (search as you type); any other word becomes its most similar known word by trigrams
 * ("kathmadu" → kathmandu, "australa" → australia). One indexed lookup in a table of distinct
 * words, instead of trigram-matching every row: full text with its GIN index then does the rest.
 */
export async function searchTerms(db: Db, table: PgTable, text: string): Promise<string | null> {
  const tableName = getTableConfig(table).name;
  const words = rowsOf<Word>(
    await db.execute(sql`
      SELECT q.stem, b.word, b.word = q.stem AS exact, starts_with(b.word, q.stem) AS prefix
      FROM unnest(tsvector_to_array(to_tsvector('english', ${text}))) AS q(stem)
      LEFT JOIN LATERAL (
        SELECT s.word FROM search_words s
        WHERE s.table_name = ${tableName}
          AND (s.word LIKE replace(replace(replace(q.stem, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' OR s.word % q.stem)
        ORDER BY s.word = q.stem DESC, starts_with(s.word, q.stem) DESC, similarity(s.word, q.stem) DESC, length(s.word), s.word
        LIMIT 1
      ) b ON true`),
  );
  if (words.length === 0) return null;
  return words
    .map(({ stem, word, exact, prefix }) => (word === null || exact ? operand(stem) : prefix ? `${operand(stem)}:*` : operand(word)))
    .join(' & ');
}

/** The condition and rank of a search whose terms came from searchTerms (null: matches nothing). */
export function fullTextMatch(vector: PgColumn, terms: string | null): { where: SQL; rank: SQL | null } {
  if (terms === null) return { where: sql`false`, rank: null };
  const tsquery = sql`to_tsquery('simple', ${terms})`;
  return { where: sql`${vector} @@ ${tsquery}`, rank: sql`ts_rank(${vector}, ${tsquery})` };
}

/** A search's condition and rank on one table, with the query words it corrected and those it found nowhere. */
export interface TextMatch {
  where: SQL;
  rank: SQL | null;
  /** each misspelt word and the known word searched instead ("nrsing" → "nursing"): "Showing results for …" */
  corrections: { from: string; to: string }[];
  /** words of the query that match no known word at all: what an empty result suggests replacing */
  unmatched: string[];
}

/**
 * The one way to match words on a searchable table: the per-list `?search=` and the site search
 * (routes/search.ts) both call it. `exact` searches the words as typed ("Search instead for nrsing").
 */
export async function matchText(
  db: Db,
  table: PgTable,
  vector: PgColumn,
  text: string,
  _options: { exact?: boolean } = {},
): Promise<TextMatch> {
  return { ...fullTextMatch(vector, await searchTerms(db, table, text)), corrections: [], unmatched: [] };
}
