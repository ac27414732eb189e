import { eq, getTableColumns } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { SiteDeclaration } from '../../src/lib/contract/index.ts';
import type { SearchAnswer, SearchChip, SearchGroup, SearchParams } from '../../src/lib/contract/search.ts';
import { understand } from '../../src/lib/shared/query-understanding.ts';
import type { Db } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import { column, listRows, type MatchedWords } from '../entities/query.ts';
import { serverEntity } from '../entities/registry.ts';
import { matchText } from '../entities/search.ts';
import { contentMemo, type ContentMemo } from '../entities/content-memo.ts';
import { moreUrl, planFor, type KindPlan } from './kind-plan.ts';
import { lexiconOf, searchKinds } from './lexicon.ts';
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
  /** read the best row's rank, for the groups' order (not for "does anything match?") */
  rank?: boolean;
}

/** The rank of the best row, read once: ranks of name matches (weight A) outweigh mentions in a body (C). */
async function topRank(db: Db, decl: SiteDeclaration, matched: MatchedWords | undefined, first: Row | undefined): Promise<number> {
  if (!matched?.rank || !first) return 0;
  const entity = serverEntity(decl.name);
  const [row] = await db
    .select({ rank: matched.rank })
    .from(entity.table)
    .where(eq(column(entity, 'id'), first.id));
  return Number(row?.rank ?? 0);
}

/** One kind's matches for its plan: the words matched with matchText, the chips as its list's filters. */
async function searchKind(db: Db, decl: SiteDeclaration, plan: KindPlan, { size, exact, memo, rank = true }: Options): Promise<KindAnswer> {
  const entity = serverEntity(decl.name);
  const none = { decl, plan, count: 0, results: [], top: 0, corrections: [], unmatched: [] };
  let matched: MatchedWords | undefined;
  let words: Pick<KindAnswer, 'corrections' | 'unmatched'> = { corrections: [], unmatched: [] };
  if (plan.words) {
    if (!('search' in getTableColumns(entity.table))) return none;
    const match = await matchText(db, entity.table, column(entity, 'search'), plan.words, { exact, memo });
    matched = { where: match.where, rank: match.rank };
    words = { corrections: match.corrections, unmatched: match.unmatched };
  }
  const list = await listRows(db, entity, { ...plan.query, page_size: size }, [], matched);
  const results = list.results as Row[];
  const top = rank ? await topRank(db, decl, matched, results[0]) : 0;
  return { decl, plan, count: list.count, results, top, ...words };
}

/** Every kind's answer for the chips and words (the kinds a kind chip or `kind` leaves). */
function searchAll(db: Db, kinds: SiteDeclaration[], chips: SearchChip[], words: string, options: Options): Promise<KindAnswer[]> {
  return Promise.all(
    kinds.flatMap((decl) => {
      const plan = planFor(decl, chips, words);
      return plan ? [searchKind(db, decl, plan, options)] : [];
    }),
  );
}

/** Courses lead level and field queries ("masters it canada"): what such a query is after. */
const COURSE_CHIPS = new Set(['level', 'discipline', 'fee_max']);

/**
 * How well a kind answers: chips it applied as filters count most (a course filtered by country
 * and field beats a blog post mentioning both), then the kind a lone chip names (the destination
 * for "australia"), then the rank of its best row (a name match outweighs a mention in a body);
 * courses lead among equals when the query names a level, a field or a fee ("masters it canada"),
 * and a kind whose name the words say ("mext scholarship").
 */
function score(answer: KindAnswer, chips: SearchChip[]): number {
  const { decl, plan } = answer;
  const courseQuery = decl.name === 'course' && chips.some((c) => COURSE_CHIPS.has(c.filter)) ? 0.5 : 0;
  return plan.applied + (plan.named && chips.length === 1 ? 1.5 : 0) + answer.top + courseQuery + (namesKind(decl, plan.words) ? 0.5 : 0);
}

/** The words name the kind inside a name ("MEXT scholarship"): the scholarship before a post about it. */
const namesKind = (decl: SiteDeclaration, words: string) => {
  const typed = new Set(words.toLowerCase().split(/\s+/));
  return typed.has(decl.label.toLowerCase()) || typed.has(decl.plural.toLowerCase());
};

async function groupOf(db: Db, answer: KindAnswer): Promise<SearchGroup> {
  const { decl, plan, count, results } = answer;
  return { kind: decl.name, label: decl.plural, count, more: moreUrl(decl, plan), results, refs: await refsOf(db, decl, results) };
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
    if (plan && (await searchKind(db, decl, plan, { ...options, size: 1, rank: false })).count > 0) return true;
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

const tablesOf = (kinds: SiteDeclaration[]) => kinds.map((d) => getTableConfig(serverEntity(d.name).table).name);

/** The site's search: chips understood, every kind searched, the groups ordered best first, and what to try when nothing matched. */
export async function siteSearch(db: Db, params: SearchParams): Promise<SearchAnswer> {
  const kinds = kindsFor(params.kind);
  const memo = await contentMemo(db);
  const { chips, words } = understand(params.q, await lexiconOf(db, memo));
  const options = { size: params.size, exact: params.exact === 'true', memo };
  const answers = await searchAll(db, kinds, chips, words, options);
  const found = answers.filter((a) => a.count > 0).sort((a, b) => score(b, chips) - score(a, chips));
  const corrections = [...new Map(answers.flatMap((a) => a.corrections).map((c) => [c.from.toLowerCase(), c])).values()];
  const groups = await Promise.all(found.map((a) => groupOf(db, a)));
  const unmatched = [...new Set(answers.flatMap((a) => a.unmatched))];
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
