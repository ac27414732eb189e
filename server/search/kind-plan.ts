import type { SearchChip } from '../../src/lib/contract/search.ts';
import type { EntityDeclaration, FilterMeta } from '../../src/lib/contract/index.ts';
import { CHEAPEST, FEE_MAX } from '../../src/lib/shared/query-understanding.ts';
import type { ListQuery } from '../entities/query.ts';
import { ROW_CHIPS } from './lexicon.ts';

/** How one kind answers a search: its list's query (filters, order), the words it matches, and how well it fits. */
export interface KindPlan {
  query: ListQuery;
  /** the words to match: the query's leftover words and the text of chips this kind has no filter for */
  words: string;
  /** how many chips became this kind's filters (or its order) */
  applied: number;
  /** the kind is what a chip names (the destination "Australia" itself): searched by the chip's words */
  named: boolean;
}

/** The kind's filter for a chip: the ref filter on the chip's entity (a course's `country`), else the filter of the chip's name (`level`, `fee_max`). */
function filterFor(decl: EntityDeclaration, chip: SearchChip): string | undefined {
  const filters: Record<string, FilterMeta> = decl.filters ?? {};
  const row = ROW_CHIPS.find((c) => c.filter === chip.filter);
  if (row) return Object.entries(filters).find(([, f]) => f.kind === 'ref' && f.ref === row.entity)?.[0];
  return chip.filter in filters ? chip.filter : undefined;
}

/** The kind's order for "cheap": its ascending order in rupees (fee_npr, tuition_min_npr), when it has one. */
const cheapestOrder = (decl: EntityDeclaration) => decl.sorts?.find((s) => s.ordering && /^[a-z_]+_npr$/.test(s.ordering))?.ordering;

/** Flag filters a list page turns on when its address does not say (open scholarships only): off in `more`, as in the search. */
const initialFlags = (decl: EntityDeclaration): string[] =>
  Object.entries(decl.filters ?? {}).flatMap(([name, f]) => (f.kind === 'flag' && f.initially ? [name] : []));

/**
 * The plan of one kind for the chips and words, or null when the kind cannot honour a chip: a fee
 * ceiling on a kind without fees (a blog post has none), another kind's chip. A chip naming a row
 * (a country, a field, a district, an exam) that the kind cannot filter by is searched as words
 * instead: a blog post about nursing in Australia still matches "nursing in australia", below the
 * courses that filter by both.
 */
export function planFor(decl: EntityDeclaration, chips: SearchChip[], words: string): KindPlan | null {
  // closed scholarships too ("chevening" after its deadline): the lists put current rows first
  const query: ListQuery = {};
  const texts = [words];
  let applied = 0;
  let named = false;
  for (const chip of chips) {
    if (chip.filter === 'kind') {
      if (chip.value !== decl.name) return null;
      applied++;
      continue;
    }
    if (chip.filter === CHEAPEST.filter) {
      const ordering = cheapestOrder(decl);
      if (ordering) [query.ordering, applied] = [ordering, applied + 1];
      continue;
    }
    const filter = filterFor(decl, chip);
    if (filter) {
      query[filter] = chip.value;
      applied++;
    } else if (chip.filter === FEE_MAX) return null;
    else {
      texts.push(chip.text.replace(/^(in|at|near|for|of)\s+/i, ''));
      named ||= ROW_CHIPS.some((c) => c.filter === chip.filter && c.entity === decl.name);
    }
  }
  return { query, words: texts.filter(Boolean).join(' ').trim(), applied, named };
}

/** A list page's address with the plan's words, filters and order: every match of the kind. */
export function moreUrl(decl: EntityDeclaration & { sitePath: string }, plan: KindPlan): string {
  const params = new URLSearchParams();
  if (plan.words) params.set('search', plan.words);
  for (const [name, value] of Object.entries(plan.query)) if (value !== undefined) params.set(name, String(value));
  for (const name of initialFlags(decl)) if (!params.has(name)) params.set(name, 'false');
  const qs = params.toString();
  return `/${decl.sitePath}/${qs ? `?${qs}` : ''}`;
}
