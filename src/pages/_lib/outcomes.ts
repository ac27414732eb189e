import { outcomes } from '../../lib/api/outcomes.ts';
import type { Outcome } from '../../lib/contract/outcomes.ts';

let all: Promise<Map<number, Outcome>> | null = null;

/**
 * A consultancy's visa outcomes, from one call per build (the API lists only consultancies with a
 * decision in the window; the others have none). A failed call fails the build rather than show
 * "not enough cases" where there were some.
 */
export function outcomeOf(consultancyId: number): Promise<Outcome | null> {
  all ??= outcomes().then(({ results }) => new Map(results.map((o) => [o.consultancy_id, o])));
  return all.then((byId) => byId.get(consultancyId) ?? null);
}
