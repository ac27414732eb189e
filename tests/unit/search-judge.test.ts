import { describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../src/lib/contract/search.ts';
import { judge, ndcgAt10 } from '../search/judge.ts';
import type { JudgedQuery } from '../search/judged-queries.ts';

/** An answer with these groups, each a list of slugs in order. */
const answer = (groups: Record<string, string[]>): SearchAnswer => ({
  query: 'q',
  searched: 'q',
  corrected: null,
  chips: [],
  suggestions: { words: [], drop: [] },
  groups: Object.entries(groups).map(([kind, slugs]) => ({
    kind,
    label: kind,
    count: slugs.length,
    more: `/${kind}/`,
    refs: {},
    results: slugs.map((slug, i) => ({ id: i + 1, slug })),
  })),
});

const query = (q: Partial<JudgedQuery>): JudgedQuery => ({ q: 'q', means: '', kind: 'course', must: [], ...q });
const course = (slug: string, grade: 1 | 2 = 2) => ({ kind: 'course', slug, grade });

describe('nDCG@10 of the judged search set', () => {
  it('is 1 for the ideal order and less when a relevance-2 row comes after a relevance-1 row', () => {
    const grades = new Map<string, 1 | 2>([
      ['a', 2],
      ['b', 1],
    ]);
    expect(ndcgAt10(['a', 'b', 'x'], grades)).toBe(1);
    // gains 1 then 3: (1 + 3/log2 3) / (3 + 1/log2 3)
    expect(ndcgAt10(['b', 'a'], grades)).toBeCloseTo((1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3)), 10);
    expect(ndcgAt10(['x', 'y'], grades)).toBe(0);
  });

  it('counts only the first 10 rows', () => {
    const grades = new Map<string, 1 | 2>([['a', 2]]);
    expect(ndcgAt10([...'bcdefghijk'.split(''), 'a'], grades)).toBe(0);
  });
});

describe('judging one answer', () => {
  it('passes a must-have in the top 5 of its group, with the query kind first', () => {
    const v = judge(query({ must: [course('a')] }), answer({ course: ['x', 'y', 'z', 'w', 'a'], blog: ['b'] }), new Map());
    expect(v.failures).toEqual([]);
    expect(v.ndcg).toBeCloseTo(1 / Math.log2(6), 10);
  });

  it('fails a must-have below the top 5, a missing one, a never row in the top 10 and another kind first', () => {
    const v = judge(
      query({ must: [course('a'), course('gone')], never: [course('bad')] }),
      answer({ blog: ['b'], course: ['1', '2', '3', '4', '5', 'a', 'bad'] }),
      new Map(),
    );
    expect(v.failures).toEqual([
      'first group is blog, not course',
      'never course bad is #7',
      'must course a is #6',
      'must course gone is missing',
    ]);
  });

  it('wants the top 5 from the relevant set, or all of it when it is smaller', () => {
    const relevant = new Map([['course', ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']]]);
    expect(judge(query({}), answer({ course: ['r6', 'r1', 'r2', 'r3', 'r4', 'x'] }), relevant).failures).toEqual([]);
    expect(judge(query({}), answer({ course: ['r6', 'r1', 'x', 'r3', 'r4'] }), relevant).failures).toEqual([
      'top 5 courses are not all relevant: x',
    ]);
    const small = new Map([['course', ['r1', 'r2']]]);
    expect(judge(query({}), answer({ course: ['r1'] }), small).failures).toEqual(['top 2 courses are not all relevant: only 1 rows']);
  });

  it('takes any of several kinds first when the query is as much about each', () => {
    const q = query({ kind: ['blog', 'news'], must: [{ kind: 'blog', slug: 'b', grade: 2 }] });
    expect(judge(q, answer({ news: ['n'], blog: ['b'] }), new Map()).failures).toEqual([]);
    expect(judge(q, answer({ event: ['e'], blog: ['b'] }), new Map()).failures).toEqual(['first group is event, not blog or news']);
  });

  it('wants the correction a misspelt query declares, and none for any other query', () => {
    const typo = { ...answer({ course: ['a'] }), corrected: 'Nursing  australia' };
    expect(judge(query({ corrected: 'nursing australia', must: [course('a')] }), typo, new Map()).failures).toEqual([]);
    expect(judge(query({ must: [course('a')] }), typo, new Map()).failures).toEqual(['corrected is "Nursing  australia", not null']);
    expect(judge(query({ corrected: 'nursing', must: [course('a')] }), answer({ course: ['a'] }), new Map()).failures).toEqual([
      'corrected is null, not "nursing"',
    ]);
    expect(judge(query({ corrected: ['nursing', null], must: [course('a')] }), answer({ course: ['a'] }), new Map()).failures).toEqual([]);
  });

  it('does not ask for a first group when the query kind has nothing to show', () => {
    const v = judge(query({ never: [course('over-budget')] }), answer({ destination: ['canada'] }), new Map());
    expect(v.failures).toEqual([]);
    expect(v.ndcg).toBe(1);
  });
});
