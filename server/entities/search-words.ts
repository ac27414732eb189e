/**
 * The pure part of word matching (search.ts asks the database the rest): a query's words, its
 * synonym phrases, and the tsquery text once the vocabulary has said what each word is.
 */

/** At most this many words of a query are searched: more is pasted text, not a search. */
const MAX_WORDS = 20;

/**
 * A query's words, lowercased, split at anything but letters and digits ("B.Sc." → b, sc); a
 * letter-hyphen-digit name is one word ("F-1" → f1), as the stored vectors hold it (search-triggers.ts).
 */
export const queryWords = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\p{L})-(\p{N})/gu, '$1$2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);

/** The word with each two neighbouring letters swapped: the commonest typo of a word spelt from memory. */
export const neighbourSwaps = (word: string): string[] => {
  const letters = [...word];
  const swaps = letters.slice(1).map((_, i) => [...letters.slice(0, i), letters[i + 1], letters[i], ...letters.slice(i + 2)].join(''));
  return [...new Set(swaps)].filter((w) => w !== word);
};

/** A synonym group: its phrases (the term and the words it is the same as), each as its words. */
export type Group = string[][];

export interface SynonymIndex {
  groups: Group[];
  /** each phrase (its words joined by spaces) → the groups holding it */
  byPhrase: Map<string, number[]>;
  /** the most words a phrase has */
  longest: number;
}

/** The synonym groups as admins keep them (a term and its words), ready to be found in queries. */
export function synonymIndex(rows: { term: string; words: string[] }[]): SynonymIndex {
  const groups = rows.map((r) => [r.term, ...r.words].map(queryWords).filter((p) => p.length > 0));
  const byPhrase = new Map<string, number[]>();
  groups.forEach((group, i) => {
    for (const phrase of group) {
      const key = phrase.join(' ');
      byPhrase.set(key, [...new Set([...(byPhrase.get(key) ?? []), i])]);
    }
  });
  return { groups, byPhrase, longest: Math.max(0, ...groups.flat().map((p) => p.length)) };
}

/** A query, part by part: a word searched on its own, or a phrase of synonym groups and all their phrases. */
export type Plan = ({ kind: 'word'; word: string } | { kind: 'synonyms'; phrase: string; alternatives: string[][] })[];

/** The query's words with each synonym phrase found in it (the longest at each place) standing for its groups. */
export function expandSynonyms(words: string[], index: SynonymIndex): Plan {
  const plan: Plan = [];
  for (let i = 0; i < words.length;) {
    let found = false;
    for (let n = Math.min(index.longest, words.length - i); n >= 1 && !found; n--) {
      const phrase = words.slice(i, i + n).join(' ');
      const groups = index.byPhrase.get(phrase);
      if (!groups) continue;
      const seen = new Set<string>();
      const alternatives = groups.flatMap((g) => index.groups[g]!).filter((p) => !seen.has(p.join(' ')) && seen.add(p.join(' ')));
      plan.push({ kind: 'synonyms', phrase, alternatives });
      i += n;
      found = true;
    }
    if (!found) plan.push({ kind: 'word', word: words[i++]! });
  }
  return plan;
}

/** What the vocabulary says of one word (search.ts wordFacts). */
export interface WordFacts {
  /** the word's stem as the vectors hold it; null for a stop word */
  stem: string | null;
  /** some row holds the stem */
  known: boolean;
  /** some table holds the word as it is: spelt right, so never corrected into another word */
  spelt: boolean;
  /** the stem of the shortest known word the word begins */
  prefixStem: string | null;
  /** the most similar known word, and its stem */
  nearWord: string | null;
  nearStem: string | null;
}

/** A lexeme as a quoted tsquery operand. */
export const operand = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

const commonStart = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return a.slice(0, n);
};

/** One word's tsquery operand, and whether it was corrected or matched nothing. */
function wordTerm(
  word: string,
  f: WordFacts | undefined,
  exact: boolean,
): { term: string | null; lexeme?: string; to?: string; unmatched?: true } {
  if (!f?.stem) return { term: null };
  if (f.known) return { term: operand(f.stem), lexeme: f.stem };
  // "nursi" begins "nursing", whose stem is "nurs": what both start with, as a prefix
  const start = f.prefixStem ? commonStart(f.stem, f.prefixStem) : '';
  if (start) return { term: `${operand(start)}:*` };
  // "canada" searched among consultancies is no typo of a consultancy's word: it matches nothing there
  // a nearest word of the same stem ("renewal" → renew) would match nothing more: not a correction
  if (!exact && !f.spelt && f.nearWord && f.nearStem && f.nearStem !== f.stem)
    return { term: operand(f.nearStem), lexeme: f.nearStem, to: f.nearWord };
  return { term: operand(f.stem), lexeme: f.stem, unmatched: true };
}

/** A synonym phrase as the OR of its groups' phrases, each the AND of its words' stems (stop words left out). */
function synonymTerm(alternatives: string[][], facts: Map<string, WordFacts>): string | null {
  const terms = new Set(
    alternatives.flatMap((phrase) => {
      const stems = [...new Set(phrase.flatMap((w) => (facts.get(w)?.stem ? [operand(facts.get(w)!.stem!)] : [])))];
      if (stems.length === 0) return [];
      return [stems.length === 1 ? stems[0]! : `(${stems.join(' & ')})`];
    }),
  );
  return terms.size === 0 ? null : terms.size === 1 ? [...terms][0]! : `(${[...terms].join(' | ')})`;
}

/**
 * The tsquery text of a planned query (null: no word to search), with its corrections and unmatched
 * words, and `lexeme`: the one stem searched when the query is one word searched whole (not a
 * prefix, not a synonym), whose rows search_stem_counts counts.
 */
export function tsQueryText(
  plan: Plan,
  facts: Map<string, WordFacts>,
  { exact }: { exact: boolean },
): { terms: string | null; corrections: { from: string; to: string }[]; unmatched: string[]; lexeme: string | null } {
  const terms: string[] = [];
  const corrections: { from: string; to: string }[] = [];
  const unmatched: string[] = [];
  let whole: string | null = null;
  for (const part of plan) {
    if (part.kind === 'synonyms') {
      const term = synonymTerm(part.alternatives, facts);
      if (term) terms.push(term);
      continue;
    }
    const { term, lexeme, to, unmatched: none } = wordTerm(part.word, facts.get(part.word), exact);
    if (term) terms.push(term);
    if (plan.length === 1) whole = lexeme ?? null;
    if (to) corrections.push({ from: part.word, to });
    if (none) unmatched.push(part.word);
  }
  return { terms: terms.length ? terms.join(' & ') : null, corrections, unmatched, lexeme: whole };
}
