import { z } from 'zod';

/**
 * The site's one search (`GET /api/search/`): every kind a student searches, ranked and grouped,
 * with the parts of the query it understood as filters ("in Australia", "under NPR 30 lakh").
 * The server answers it (server/routes/search.ts), the results page and the home search read it.
 */

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_GROUP_SIZE = { default: 4, max: 20 } as const;

export const searchParams = z.object({
  q: z.string().trim().min(1, 'Type something to search for.').max(SEARCH_QUERY_MAX).describe('What the student typed'),
  size: z.coerce.number().int().min(1).max(SEARCH_GROUP_SIZE.max).default(SEARCH_GROUP_SIZE.default).describe('Results per kind'),
  kind: z.string().optional().describe('Only this kind (an entity name), for "more of these"'),
  exact: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: search the words as typed, without correcting them ("Search instead for nrsing")'),
});
export type SearchParams = z.infer<typeof searchParams>;

/** A part of the query understood as a filter; removing it searches `q` without `text`. */
export const searchChip = z.object({
  filter: z
    .string()
    .describe(
      "What it filters: country, discipline, district, exam (each a ref filter of the kinds that have one: a course's `country`, a university's `destination`), level, fee_max (rupees), kind (only that kind) or order (cheapest: each kind's lowest-fee-in-rupees order)",
    ),
  value: z.string().describe("The filter's value as the lists take it (a slug, an option, rupees, an entity name, or cheapest)"),
  label: z.string().describe('What the chip says: "in Australia", "Master\'s", "under NPR 30 lakh"'),
  text: z.string().describe('The words of the query it came from, as typed'),
});
export type SearchChip = z.infer<typeof searchChip>;

const resultRow = z.record(z.string(), z.unknown()).and(z.object({ id: z.number().int(), slug: z.string().nullish() }));

export const searchGroup = z.object({
  kind: z.string().describe('The entity name'),
  label: z.string().describe('Its plural, as the site names the list'),
  count: z.number().int().describe('Every match of this kind, counted up to 1,000 (see count_capped)'),
  count_capped: z
    .boolean()
    .optional()
    .describe('true: more than `count` (1,000) rows match; counting them all would read most of a large table'),
  more: z.string().describe("The kind's site list with the same words and filters: every match"),
  results: z.array(resultRow).describe('The best matches, as rows of the list answer'),
  refs: z
    .record(z.string(), z.array(resultRow))
    .describe("Per ref field the cards name (a course's university), the rows it refers to, so a card shows them"),
});
export type SearchGroup = z.infer<typeof searchGroup>;

export const searchAnswer = z.object({
  query: z.string().describe('The query as sent'),
  searched: z.string().describe('The words searched: what was left after the chips, corrected (empty: the chips alone)'),
  corrected: z.string().nullable().describe('The query with misspelt words corrected ("nursing" for "nrsing"), or null'),
  chips: z.array(searchChip),
  groups: z.array(searchGroup).describe('Kinds with matches, the best-matching kind first'),
  suggestions: z
    .object({
      words: z.array(z.string()).describe('Known words nearest to the unmatched ones'),
      drop: z.array(z.string()).describe('Filters of the chips whose removal alone would find results'),
    })
    .describe('When nothing matched: what to try instead'),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;
