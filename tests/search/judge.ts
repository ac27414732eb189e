import type { SearchAnswer } from '../../src/lib/contract/search.ts';
import type { Grade, JudgedQuery } from './judged-queries.ts';

/** How many rows of a group the must-haves and `relevant` sets are checked in, and `never` rows. */
export const TOP_MUST = 5;
export const TOP_NEVER = 10;

/** The slugs of one kind's group, in the answer's order ([] when the kind has no group). */
export const groupSlugs = (answer: SearchAnswer, kind: string): string[] =>
  answer.groups.find((g) => g.kind === kind)?.results.map((r) => r.slug ?? `#${r.id}`) ?? [];

/** The gain of a row of relevance `grade` (0: not judged relevant). */
const gain = (grade: number) => 2 ** grade - 1;

/** nDCG@10 of a ranked list of slugs against graded judgments (1 when nothing is judged relevant). */
export function ndcgAt10(ranked: string[], grades: Map<string, Grade>): number {
  const dcg = (gains: number[]) => gains.slice(0, TOP_NEVER).reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  const ideal = dcg([...grades.values()].map(gain).sort((a, b) => b - a));
  return ideal === 0 ? 1 : dcg(ranked.map((slug) => gain(grades.get(slug) ?? 0))) / ideal;
}

export interface Verdict {
  q: string;
  ndcg: number;
  failures: string[];
}

/**
 * Judges one answer: `relevantSlugs` are the rows of the query's `relevant` sets per kind (listed
 * by the kinds' own filters). Returns the query's nDCG@10 (the mean over its judged groups) and
 * every broken judgment, in words.
 */
export function judge(query: JudgedQuery, answer: SearchAnswer, relevantSlugs: Map<string, string[]>): Verdict {
  const failures: string[] = [];
  const about = [query.kind].flat();
  // a query whose kind has nothing to show (a budget no course meets) has no first group to judge
  const expectsKind = about.some((kind) => query.must.some((r) => r.kind === kind) || (relevantSlugs.get(kind)?.length ?? 0) > 0);
  const first = answer.groups[0]?.kind ?? 'nothing';
  if (expectsKind && !about.includes(first)) failures.push(`first group is ${first}, not ${about.join(' or ')}`);
  const spelt = (text: string | null | undefined) => text?.toLowerCase().replace(/\s+/g, ' ').trim() ?? null;
  const corrections = [query.corrected ?? null].flat().map(spelt);
  if (!corrections.includes(spelt(answer.corrected))) {
    failures.push(`corrected is ${JSON.stringify(answer.corrected)}, not ${corrections.map((c) => JSON.stringify(c)).join(' or ')}`);
  }
  const kinds = new Set([...query.must.map((r) => r.kind), ...relevantSlugs.keys()]);
  for (const r of query.never ?? []) {
    const at = groupSlugs(answer, r.kind).indexOf(r.slug);
    if (at >= 0 && at < TOP_NEVER) failures.push(`never ${r.kind} ${r.slug} is #${at + 1}`);
  }
  const ndcgs = [...kinds].map((kind) => {
    const ranked = groupSlugs(answer, kind);
    const grades = new Map<string, Grade>((relevantSlugs.get(kind) ?? []).map((slug) => [slug, 1]));
    for (const r of query.must.filter((m) => m.kind === kind)) {
      grades.set(r.slug, r.grade);
      const at = ranked.indexOf(r.slug);
      if (at < 0 || at >= TOP_MUST) failures.push(`must ${kind} ${r.slug} is ${at < 0 ? 'missing' : `#${at + 1}`}`);
    }
    const wanted = Math.min(TOP_MUST, grades.size);
    const strays = ranked.slice(0, wanted).filter((slug) => !grades.has(slug));
    if (relevantSlugs.has(kind) && (ranked.length < wanted || strays.length > 0)) {
      failures.push(`top ${wanted} ${kind}s are not all relevant: ${strays.join(', ') || `only ${ranked.length} rows`}`);
    }
    return ndcgAt10(ranked, grades);
  });
  const ndcg = ndcgs.length ? ndcgs.reduce((a, b) => a + b, 0) / ndcgs.length : 1;
  return { q: query.q, ndcg, failures };
}
