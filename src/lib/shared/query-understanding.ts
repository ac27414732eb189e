import type { SearchChip } from '../contract/search.ts';
import { formatNumber } from '../format.ts';

/**
 * Query understanding: the parts of what a student typed that name a filter ("in Australia",
 * "masters", "under 30 lakh", "scholarships", "IELTS classes") become chips; the other words are
 * searched. Pure: the words it knows come from a lexicon the server builds from the data
 * (server/search/lexicon.ts), so nothing here names a country, a level or an exam.
 */

/** One thing the lexicon knows: a filter's value and the names students use for it. */
export interface LexiconEntry {
  /** the chip's filter: country, level, discipline, district, exam or kind */
  filter: string;
  /** the filter's value (a slug, an option, an entity name) */
  value: string;
  /** what the chip says ("in Australia") */
  label: string;
  /** every name of it, any case ("United Kingdom", "UK", "Britain") */
  names: readonly string[];
}

export interface Lexicon {
  entries: readonly LexiconEntry[];
  /** the kind an exam chip with a preparation word narrows to (the one with an exam filter: consultancies) */
  prepKind?: string;
  /** words that hint at a kind without naming it ("fair" → event: the declarations' searchHints) */
  hints?: ReadonlyMap<string, string>;
}

export interface Understood {
  chips: SearchChip[];
  /** the words left to search, as typed ('' when none) */
  words: string;
  /** a kind named beside other words ("sakura consultancy", "mext scholarship"): not a filter, but that kind ranks first */
  hint?: string;
}

/** The filter and value of the "cheap" chip: an order, cheapest in rupees first, not a guessed ceiling. */
export const CHEAPEST = { filter: 'order', value: 'cheapest', label: 'cheapest first' } as const;
export const FEE_MAX = 'fee_max';

const LAKH = 100_000;
const CRORE = 10_000_000;
/** a bare amount without lakh, crore or a currency is a ceiling only from this many rupees up ("under 30" is not) */
const BARE_AMOUNT_MIN = 10_000;

const CEILING_WORDS = [['under'], ['below'], ['within'], ['upto'], ['up', 'to'], ['less', 'than'], ['max'], ['maximum'], ['budget']];
const CURRENCY_WORDS = new Set(['npr', 'nrs', 'rs', 'rupees', 'rupee', 'रु']);
const UNITS: Record<string, number> = { lakh: LAKH, lakhs: LAKH, lac: LAKH, lacs: LAKH, l: LAKH, crore: CRORE, crores: CRORE, cr: CRORE };
const CHEAP_WORDS = new Set(['cheap', 'cheapest', 'affordable', 'inexpensive', 'lowcost']);
const PREP_WORDS = new Set(['preparation', 'prep', 'classes', 'class', 'coaching', 'tuition', 'training', 'institute', 'centre', 'center']);
/** words that join a chip to the query ("nursing in australia"): part of the chip's text, never searched alone */
const JOINERS = new Set(['in', 'at', 'near', 'for', 'of', 'to', 'the', 'a', 'an', 'and', 'with', 'from']);
/**
 * Words that say what every query means ("study in australia", "best consultancy in kathmandu"):
 * not searched beside other words or chips, since every word must match and no row says "best".
 */
const FILLERS = new Set([
  'study',
  'studying',
  'abroad',
  'best',
  'top',
  'good',
  'popular',
  'list',
  'options',
  'info',
  'information',
  'intake',
  'intakes',
]);

interface Token {
  /** as typed */
  raw: string;
  norm: string;
  start: number;
  end: number;
  used: boolean;
}

/** Lower case, without apostrophes and the punctuation around a word ("Master's," → "masters"). */
export const normalize = (word: string) =>
  word
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

function tokenize(query: string): Token[] {
  return [...query.matchAll(/\S+/g)]
    .map((m) => ({ raw: m[0], norm: normalize(m[0]), start: m.index, end: m.index + m[0].length, used: false }))
    .filter((t) => t.norm !== '');
}

const textOf = (query: string, tokens: Token[], from: number, to: number) => query.slice(tokens[from]!.start, tokens[to]!.end);

/** Whether `words` come at `i` among unused tokens. */
const matchesAt = (tokens: Token[], i: number, words: readonly string[]) =>
  words.every((w, k) => tokens[i + k] && !tokens[i + k]!.used && tokens[i + k]!.norm === w);

const use = (tokens: Token[], from: number, to: number) => {
  for (let k = from; k <= to; k++) tokens[k]!.used = true;
};

/** "30", "2,000,000", "12.5", "30lakh": the number and a unit written onto it. */
function amountOf(word: string): { n: number; unit?: number } | null {
  const m = /^(\d[\d,]*(?:\.\d+)?)([a-z]*)$/.exec(word);
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, ''));
  if (!Number.isFinite(n) || n <= 0) return null;
  if (!m[2]) return { n };
  return UNITS[m[2]] ? { n, unit: UNITS[m[2]] } : null;
}

/** "NPR 30 lakh", "NPR 2,000,000": lakh and crore as students count, else the figure. */
function rupeeLabel(rupees: number, unit?: number): string {
  if (unit === CRORE || (!unit && rupees >= CRORE && rupees % CRORE === 0)) return `NPR ${rupees / CRORE} crore`;
  if (unit === LAKH || (!unit && rupees % LAKH === 0)) return `NPR ${rupees / LAKH} lakh`;
  return `NPR ${formatNumber(rupees)}`;
}

/** A ceiling at `i` ("under", "less than") followed by an amount: the fee_max chip and the last token it used. */
function ceilingAt(query: string, tokens: Token[], i: number): { chip: SearchChip; last: number } | null {
  const word = CEILING_WORDS.find((w) => matchesAt(tokens, i, w));
  if (!word) return null;
  let k = i + word.length;
  let currency = false;
  if (tokens[k] && CURRENCY_WORDS.has(tokens[k]!.norm)) [currency, k] = [true, k + 1];
  // "-5" is not an amount, though its word is "5"
  const amount = tokens[k] && !tokens[k]!.used && !tokens[k]!.raw.startsWith('-') ? amountOf(tokens[k]!.norm) : null;
  if (!amount) return null;
  let unit = amount.unit;
  const after = tokens[k + 1];
  if (!unit && after && !after.used && UNITS[after.norm]) [unit, k] = [UNITS[after.norm], k + 1];
  if (tokens[k + 1] && !tokens[k + 1]!.used && CURRENCY_WORDS.has(tokens[k + 1]!.norm)) [currency, k] = [true, k + 1];
  const rupees = Math.round(amount.n * (unit ?? 1));
  if (!unit && !currency && rupees < BARE_AMOUNT_MIN) return null;
  const label = `under ${rupeeLabel(rupees, unit)}`;
  return { chip: { filter: FEE_MAX, value: String(rupees), label, text: textOf(query, tokens, i, k) }, last: k };
}

interface Indexed {
  entry: LexiconEntry;
  words: string[];
}

const compiled = new WeakMap<Lexicon, Indexed[]>();

/** Every name of every entry as words, longest first, so "new zealand" wins over "new". */
function indexOf(lexicon: Lexicon): Indexed[] {
  let index = compiled.get(lexicon);
  if (!index) {
    index = lexicon.entries
      .flatMap((entry) => entry.names.map((name) => ({ entry, words: name.split(/\s+/).map(normalize).filter(Boolean) })))
      .filter((x) => x.words.length > 0)
      .sort((a, b) => b.words.length - a.words.length);
    compiled.set(lexicon, index);
  }
  return index;
}

interface Found {
  entry: LexiconEntry;
  from: number;
  to: number;
}

/** The lexicon's names in the query, longest first, each word used once. */
function namesIn(tokens: Token[], lexicon: Lexicon): Found[] {
  const found: Found[] = [];
  for (const { entry, words } of indexOf(lexicon)) {
    for (let i = 0; i + words.length <= tokens.length; i++) {
      if (!matchesAt(tokens, i, words)) continue;
      found.push({ entry, from: i, to: i + words.length - 1 });
      use(tokens, i, i + words.length - 1);
    }
  }
  return found.sort((a, b) => a.from - b.from);
}

/**
 * Which names become chips. Countries, levels and kinds always do (a kind beside words left to
 * search becomes a hint, see understand). A field unless it is part of a longer name ("hotel
 * management", "mental health nursing", "education fair": searched as words). An exam only beside a preparation word
 * ("ielts classes"), else "ielts" is searched as a word (the exam's page, posts about it). A
 * district only with a preparation word, an exam, after a kind ("colleges kathmandu") or after "in"
 * ("study in kathmandu"), so "Kathmandu University" stays a name. One chip per filter: a second
 * country is searched as words.
 */
function keep(found: Found, all: Found[], tokens: Token[], hasPrep: boolean): boolean {
  const { entry, to, from } = found;
  if (entry.filter === 'exam') return hasPrep;
  if (entry.filter === 'district')
    return (
      hasPrep || all.some((f) => f.entry.filter === 'exam' || (f.entry.filter === 'kind' && f.to < from)) || tokens[from - 1]?.norm === 'in'
    );
  if (entry.filter === 'discipline') {
    // a word of its own on either side makes the field part of a longer name: "hotel management", "education fair"
    const ownWord = (t: Token | undefined) => t !== undefined && !t.used && !JOINERS.has(t.norm) && !FILLERS.has(t.norm);
    return !ownWord(tokens[from - 1]) && !ownWord(tokens[to + 1]);
  }
  return to >= from;
}

/** The joining word before a chip ("in" of "in australia"), when unused: the chip's text starts there. */
function withJoiner(tokens: Token[], from: number): number {
  const before = tokens[from - 1];
  return before && !before.used && JOINERS.has(before.norm) ? from - 1 : from;
}

/** The chips of the lexicon's names, preparation words and "cheap" in the query (tokens they use are marked). */
function namedChips(query: string, tokens: Token[], lexicon: Lexicon): SearchChip[] {
  const prepAt = tokens.findIndex((t) => !t.used && PREP_WORDS.has(t.norm));
  const chips: SearchChip[] = [];
  // first, so "cheap nursing" leaves "nursing" a field, not the end of a subject's name
  const cheap = tokens.findIndex((t) => !t.used && CHEAP_WORDS.has(t.norm));
  if (cheap >= 0) {
    use(tokens, cheap, cheap);
    chips.push({ ...CHEAPEST, text: textOf(query, tokens, cheap, cheap) });
  }
  const found = namesIn(tokens, lexicon);
  for (const f of found) {
    const taken = chips.some((c) => c.filter === f.entry.filter);
    if (taken || !keep(f, found, tokens, prepAt >= 0)) {
      for (let k = f.from; k <= f.to; k++) tokens[k]!.used = false;
      continue;
    }
    const from = withJoiner(tokens, f.from);
    use(tokens, from, f.to);
    chips.push({ filter: f.entry.filter, value: f.entry.value, label: f.entry.label, text: textOf(query, tokens, from, f.to) });
  }
  const exam = chips.find((c) => c.filter === 'exam');
  if (exam && prepAt >= 0 && lexicon.prepKind && !chips.some((c) => c.filter === 'kind')) {
    const kind = lexicon.entries.find((e) => e.filter === 'kind' && e.value === lexicon.prepKind);
    use(tokens, prepAt, prepAt);
    chips.push({
      filter: 'kind',
      value: lexicon.prepKind,
      label: kind?.label ?? lexicon.prepKind,
      text: textOf(query, tokens, prepAt, prepAt),
    });
  }
  return chips;
}

/** The rupee ceilings in the query (the first one is the chip; tokens it uses are marked). */
function ceilingChips(query: string, tokens: Token[]): SearchChip[] {
  for (let i = 0; i < tokens.length; i++) {
    const found = tokens[i]!.used ? null : ceilingAt(query, tokens, i);
    if (!found) continue;
    use(tokens, i, found.last);
    return [found.chip];
  }
  return [];
}

/**
 * The chips of `query` in the order they were typed, and the words left to search. A kind word
 * ("consultancy") is never searched, since rows rarely say their kind (Sakura International
 * Education Centre is a consultancy); beside words left to search it is only a `hint`, so
 * "consultancy permission renewal" still finds the news about it.
 */
export function understand(query: string, lexicon: Lexicon): Understood {
  const tokens = tokenize(query);
  let chips = [...ceilingChips(query, tokens), ...namedChips(query, tokens, lexicon)];
  chips.sort((a, b) => query.indexOf(a.text) - query.indexOf(b.text));
  const unused = tokens.filter((t) => !t.used);
  const typed = (list: Token[]) => list.map((t) => query.slice(t.start, t.end)).join(' ');
  const meaningful = unused.filter((t) => !FILLERS.has(t.norm) && !JOINERS.has(t.norm));
  const kind = chips.find((c) => c.filter === 'kind' && !PREP_WORDS.has(normalize(c.text)));
  let hint: string | undefined;
  if (kind && meaningful.length > 0) [chips, hint] = [chips.filter((c) => c !== kind), kind.value];
  hint ??= meaningful.map((t) => lexicon.hints?.get(t.norm)).find((k) => k !== undefined);
  // nothing but joining and filler words, and no chip: searched as typed ("in" finds nothing rather than every row)
  if (chips.length === 0 && !hint && meaningful.length === 0) return { chips, words: typed(unused) };
  // "nursing in" leaves "in", "study in australia" leaves "study": nothing to search beside the chips
  const left = unused.filter((t) => !FILLERS.has(t.norm));
  return { chips, words: meaningful.length === 0 ? '' : typed(left), ...(hint ? { hint } : {}) };
}

/** The query without a chip's words: what removing the chip searches. */
export const withoutChip = (query: string, chip: Pick<SearchChip, 'text'>) => query.replace(chip.text, ' ').replace(/\s+/g, ' ').trim();
