import { getTableColumns, getTableName } from 'drizzle-orm';
import type { SiteDeclaration } from '../../src/lib/contract/index.ts';
import type { SearchAnswer, SearchChip, SearchGroup, SearchParams } from '../../src/lib/contract/search.ts';
import { understand } from '../../src/lib/shared/query-understanding.ts';
import type { Db } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import { column, listRows, RANK_COLUMN, RANKED_AT_MOST, type ListContext, type MatchedWords } from '../entities/query.ts';
import { serverEntity } from '../entities/registry.ts';
import { matchText, rememberWordFacts } from '../entities/search.ts';
import { contentMemo, type ContentMemo } from '../entities/content-memo.ts';
import { moreUrl, planFor, type KindPlan } from './kind-plan.ts';
import { lexiconOf, ROW_CHIPS, searchKinds } from './lexicon.ts';
import { readsOf } from '../entities/reads.ts';
import type { ContentKind, KindVersions } from '../content-version.ts';
import { refsOf } from './refs.ts';
import { nearestWords } from './suggest.ts';

type Row = Record<string, unknown> & { id: number };

/** One kind's answer before groups are chosen and ordered. */
interface KindAnswer {
  decl: SiteDeclaration;
  plan: KindPlan;
  count: number;
  results: Row[];
  /** the rank of its best row (0 when nothing was ranked) */
  top: number;
  corrections: { from: string; to: string }[];
  unmatched: string[];
}

interface Options {
  size: number;
  exact: boolean;
  /** the request's memo: one read of the content version for every kind */
  memo: ContentMemo;
  /** only whether a row matches (an empty result's chips to drop): `size` rows, neither ranked nor counted */
  probe?: boolean;
  /** every searched kind's table: a misspelt word is corrected alike in each ("sience" → science, not a scholarship's "sentence") */
  vocabulary: string[];
}

/** A page row without its rank column, and that rank (0 when the words were not ranked). */
function withoutRank(row: Row): { row: Row; rank: number } {
  const { [RANK_COLUMN]: rank, ...rest } = row;
  return { row: rest as Row, rank: Number(rank ?? 0) };
}

/** One kind's matches for its plan: the words matched with matchText, the chips as its list's filters. */
async function searchKind(
  db: Db,
  decl: SiteDeclaration,
  plan: KindPlan,
  { size, exact, memo, vocabulary, probe }: Options,
): Promise<KindAnswer> {
  const entity = serverEntity(decl.name);
  const none = { decl, plan, count: 0, results: [], top: 0, corrections: [], unmatched: [] };
  let matched: MatchedWords | undefined;
  let words: Pick<KindAnswer, 'corrections' | 'unmatched'> = { corrections: [], unmatched: [] };
  if (plan.words) {
    if (!searchable(decl)) return none;
    const match = await matchText(db, entity.table, column(entity, 'search'), plan.words, { exact, memo, vocabulary });
    matched = { where: match.where, rank: match.rank, stem: match.stem };
    words = { corrections: match.corrections, unmatched: match.unmatched };
  }
  const context: ListContext = probe
    ? { matched: matched && { where: matched.where, rank: null }, memo, count: 'none', unordered: true }
    : { matched, memo, count: 'bounded' };
  const list = await listRows(db, entity, { ...plan.query, page_size: size }, [], context);
  const rows = (list.results as Row[]).map(withoutRank);
  const count = probe ? rows.length : list.count;
  return { decl, plan, count, results: rows.map((r) => r.row), top: rows[0]?.rank ?? 0, ...words };
}

const samePlan = (a: KindPlan, b: KindPlan) => JSON.stringify(a) === JSON.stringify(b);

const searchable = (decl: SiteDeclaration) => 'search' in getTableColumns(serverEntity(decl.name).table);

/**
 * Every kind's answer for the chips and words (the kinds a kind chip or `kind` leaves); a kind
 * whose plan is that of an answer in `before` keeps it. The words of every kind searched are
 * looked up in the vocabulary in one statement first (each kind then finds them remembered).
 */
async function searchAll(
  db: Db,
  kinds: SiteDeclaration[],
  chips: SearchChip[],
  words: string,
  options: Options,
  before: KindAnswer[] = [],
): Promise<KindAnswer[]> {
  const planned = kinds.flatMap((decl) => {
    const plan = planFor(decl, chips, words);
    return plan ? [{ decl, plan, kept: before.find((a) => a.decl === decl && samePlan(a.plan, plan)) }] : [];
  });
  const asked = planned.filter((p) => !p.kept && p.plan.words && searchable(p.decl));
  await rememberWordFacts(
    db,
    asked.map((p) => ({ table: tableOf(p.decl), text: p.plan.words })),
    options.vocabulary,
    options.memo,
  );
  return Promise.all(planned.map(({ decl, plan, kept }) => (kept ? Promise.resolve(kept) : searchKind(db, decl, plan, options))));
}

/** Courses lead level and field queries ("masters it canada"): what such a query is after. */
const COURSE_CHIPS = new Set(['level', 'discipline', 'fee_max']);

/** Words of a title or a query, lower case, for comparing them. */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * How much of the best row's title the words are: "dubai" is all of the destination Dubai's name
 * but a fifth of a university's in Dubai; "monash" half of Monash University's, a sixth of a news
 * title naming it. ts_rank alone favours long texts that repeat a word.
 */
function titleCover(answer: KindAnswer, searched: string): number {
  const title = wordsOf(String(answer.results[0]?.[answer.decl.titleField] ?? ''));
  const asked = wordsOf(searched).filter((w) => w.length > 1);
  if (title.length === 0 || asked.length === 0) return 0;
  const covered = title.filter((t) => asked.some((w) => t === w || (w.length >= 4 && t.startsWith(w))));
  return covered.length / title.length;
}

/**
 * How well a kind answers: chips it applied as filters count most (a course filtered by country
 * and field beats a blog post mentioning both), then the kind a lone chip names (the destination
 * for "australia") or the words name ("sakura consultancy"), how much of its best row's title the
 * words are, and that row's rank (a name match outweighs a mention in a body); courses lead among
 * equals when the query names a level, a field or a fee ("masters it canada").
 */
function score(answer: KindAnswer, chips: SearchChip[], hint: string | undefined, searched: string): number {
  const { decl, plan } = answer;
  const courseQuery = decl.name === 'course' && chips.some((c) => COURSE_CHIPS.has(c.filter)) ? 0.5 : 0;
  const named = (plan.named && chips.length === 1 ? 1.5 : 0) + (hint === decl.name ? 1 : 0);
  return plan.applied + named + 1.5 * titleCover(answer, searched) + answer.top + courseQuery;
}

async function groupOf(db: Db, answer: KindAnswer, memo: ContentMemo): Promise<SearchGroup> {
  const { decl, plan, count, results } = answer;
  const counted = count > RANKED_AT_MOST ? { count: RANKED_AT_MOST, count_capped: true } : { count };
  return {
    kind: decl.name,
    label: decl.plural,
    ...counted,
    more: moreUrl(decl, plan),
    results,
    refs: await refsOf(db, decl, results, memo),
  };
}

/** The query with each corrected word replaced, or null when nothing was corrected. */
function correctedQuery(query: string, corrections: { from: string; to: string }[]): string | null {
  if (corrections.length === 0) return null;
  let out = query;
  for (const { from, to } of corrections)
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'giu'), to);
  return out === query ? null : out;
}

/** The kinds a search looks through: every `homeSearch` kind, or the one asked for (unknown: a 400). */
function kindsFor(kind: string | undefined): SiteDeclaration[] {
  const kinds = searchKinds();
  if (kind === undefined) return kinds;
  const one = kinds.filter((d) => d.name === kind);
  if (one.length === 0) throw badRequest(`Unknown kind "${kind}".`, { kind: [`Use one of: ${kinds.map((d) => d.name).join(', ')}.`] });
  return one;
}

/** Whether any kind has a row for the chips and words: kind after kind, one row each, until one has. */
async function anyMatch(db: Db, kinds: SiteDeclaration[], chips: SearchChip[], words: string, options: Options): Promise<boolean> {
  for (const decl of kinds) {
    const plan = planFor(decl, chips, words);
    if (plan && (await searchKind(db, decl, plan, { ...options, size: 1, probe: true })).count > 0) return true;
  }
  return false;
}

/** The chips whose removal alone would find something: each tried without it. */
async function droppable(db: Db, kinds: SiteDeclaration[], chips: SearchChip[], words: string, options: Options): Promise<string[]> {
  const found = await Promise.all(
    chips.map(async (chip) =>
      (await anyMatch(
        db,
        kinds,
        chips.filter((c) => c !== chip),
        words,
        options,
      ))
        ? [chip.filter]
        : [],
    ),
  );
  return [...new Set(found.flat())];
}

/** What the site search's answers read: every searched kind's content and the lexicon's (its memo's and its cached answers' versions). */
export const siteSearchReads = (): readonly ContentKind[] =>
  [
    ...new Set<ContentKind>([...searchKinds().flatMap((d) => readsOf(serverEntity(d.name))), ...ROW_CHIPS.map((c) => c.entity), 'synonym']),
  ].sort();

const tableOf = (decl: SiteDeclaration) => getTableName(serverEntity(decl.name).table);
const tablesOf = (kinds: SiteDeclaration[]) => kinds.map(tableOf);

/** The site's search: chips understood, every kind searched, the groups ordered best first, and what to try when nothing matched. */
type Correction = { from: string; to: string };

/** The corrections of every kind, each misspelt word once. */
const correctionsOf = (answers: KindAnswer[]): Correction[] => [
  ...new Map(answers.flatMap((a) => a.corrections).map((c) => [c.from.toLowerCase(), c])).values(),
];

/** A chip understood from the corrected query, with the words it came from as typed ("nrsing", not "nursing"). */
const asTyped = (chip: SearchChip, corrections: Correction[]): SearchChip => ({
  ...chip,
  text: corrections.reduce((text, c) => correctedQuery(text, [{ from: c.to, to: c.from }]) ?? text, chip.text),
});

interface Understanding {
  chips: SearchChip[];
  words: string;
  hint?: string;
  answers: KindAnswer[];
  corrections: Correction[];
}

/**
 * The query understood and searched. A misspelt filter word ("nrsing", "austrlia") is not in the
 * lexicon, so the words corrected by the first search are understood again: when the corrected
 * query names more filters ("nursing", "in Australia"), it is searched with them.
 */
async function understandAndSearch(db: Db, kinds: SiteDeclaration[], q: string, options: Options): Promise<Understanding> {
  const lexicon = await lexiconOf(db, options.memo);
  const first = understand(q, lexicon);
  const answers = await searchAll(db, kinds, first.chips, first.words, options);
  const corrections = correctionsOf(answers);
  const corrected = correctedQuery(q, corrections);
  const again = corrected === null ? null : understand(corrected, lexicon);
  if (!again || again.chips.length <= first.chips.length) return { ...first, answers, corrections };
  const chips = again.chips.map((c) => asTyped(c, corrections));
  // only the kinds the new chips or words change are searched again
  const rerun = await searchAll(db, kinds, again.chips, again.words, options, answers);
  return { ...again, chips, answers: rerun, corrections: [...corrections, ...correctionsOf(rerun)] };
}

/** The site's search: chips understood, every kind searched, the groups ordered best first, and what to try when nothing matched. */
export async function siteSearch(db: Db, params: SearchParams, versions?: KindVersions | null): Promise<SearchAnswer> {
  const kinds = kindsFor(params.kind);
  const options = {
    size: params.size,
    exact: params.exact === 'true',
    memo: await contentMemo(db, siteSearchReads(), versions),
    vocabulary: tablesOf(searchKinds()),
  };
  const { chips, words, hint, answers, corrections } = await understandAndSearch(db, kinds, params.q, options);
  const scoreOf = (a: KindAnswer) => score(a, chips, hint, correctedQuery(a.plan.words, corrections) ?? a.plan.words);
  // each answer scored once, not at every comparison of the sort (a score corrects the words again)
  const found = answers
    .filter((a) => a.count > 0)
    .map((a) => ({ a, score: scoreOf(a) }))
    .sort((x, y) => y.score - x.score)
    .map((x) => x.a);
  const groups = await Promise.all(found.map((a) => groupOf(db, a, options.memo)));
  // a word spelt as one table holds it is unmatched in the others: only what no kind knows is suggested for
  const searched = answers.filter((a) => a.plan.words);
  const unmatched = [...new Set(searched.flatMap((a) => a.unmatched))].filter((w) => searched.every((a) => a.unmatched.includes(w)));
  const suggestions =
    groups.length > 0
      ? { words: [], drop: [] }
      : {
          words: await nearestWords(db, tablesOf(kinds), unmatched.length ? unmatched : words.split(/\s+/)),
          drop: await droppable(db, kinds, chips, words, options),
        };
  return {
    query: params.q,
    searched: correctedQuery(words, corrections) ?? words,
    corrected: correctedQuery(params.q, corrections),
    chips,
    groups,
    suggestions,
  };
}
