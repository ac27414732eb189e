import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/index.ts';

/** At most this many known words suggested for each word nothing matched. */
const PER_WORD = 3;

/**
 * The known words nearest to words nothing matched ("nrsing" → nursing), for an empty result:
 * surface words of the searched tables' vocabulary (search_words, as students write them, not
 * stems), most similar by trigrams first (pg_trgm's `%`, its default threshold).
 */
export async function nearestWords(db: Db, tables: string[], words: string[]): Promise<string[]> {
  const asked = [...new Set(words.map((w) => w.toLowerCase()).filter((w) => w.length > 1))];
  if (asked.length === 0 || tables.length === 0) return [];
  const rows = rowsOf<{ word: string }>(
    await db.execute(sql`
      SELECT s.word FROM json_array_elements_text(${JSON.stringify(asked)}::json) WITH ORDINALITY AS q(w, n)
      CROSS JOIN LATERAL (
        SELECT word, max(similarity(word, q.w)) AS near FROM search_words
        WHERE table_name IN (SELECT json_array_elements_text(${JSON.stringify(tables)}::json)) AND word % q.w AND word <> q.w
        GROUP BY word ORDER BY near DESC, word LIMIT ${PER_WORD}
      ) s
      ORDER BY q.n, s.near DESC, s.word`),
  );
  return [...new Set(rows.map((r) => r.word))];
}
