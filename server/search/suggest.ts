import { normalize, type Lexicon } from '../../src/lib/shared/query-understanding.ts';

/** Trigrams as pg_trgm makes them: the word padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of both words. */
export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const g of ta) if (tb.has(g)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** pg_trgm's default threshold: below it two words are not alike. */
const ALIKE = 0.3;
const PER_WORD = 3;

/**
 * The known words nearest to words nothing matched ("austrlia" → australia), for an empty
 * result: among the names the lexicon knows (countries, fields, levels, exams, districts, kinds),
 * whole words a student recognises, not the stems the search vectors hold.
 */
export function nearestWords(lexicon: Lexicon, words: string[]): string[] {
  const known = new Set(lexicon.entries.flatMap((e) => e.names.flatMap((n) => n.split(/\s+/).map(normalize))).filter((w) => w.length > 2));
  const out = new Set<string>();
  for (const word of words.map(normalize).filter(Boolean)) {
    if (known.has(word)) continue;
    [...known]
      .map((k) => [k, similarity(word, k)] as const)
      .filter(([, s]) => s >= ALIKE)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, PER_WORD)
      .forEach(([k]) => out.add(k));
  }
  return [...out];
}
