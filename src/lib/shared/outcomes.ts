import { OUTCOME_MIN_CASES, OUTCOME_MONTHS, type Outcome } from '../contract/outcomes.ts';
import { countOf } from '../format.ts';

/** The plain "not enough" sentence, with the count so far. */
const notEnough = (decided: number) =>
  `Not enough cases yet: ${countOf(decided, 'visa decision')} in the last ${OUTCOME_MONTHS} months (figures show from ${OUTCOME_MIN_CASES}).`;

/** How a count splits between the students' confirmations and the consultancy's own claims. */
const split = (confirmed: number, claimed: number) => `${confirmed} confirmed by the student, ${claimed} claimed by the consultancy only`;

/**
 * A consultancy's outcomes as the sentences its page and the comparison show, e.g. "Visas granted:
 * 21 (18 confirmed by the student, 3 claimed by the consultancy only)."
 */
export function outcomeLines(outcome: Outcome | null | undefined): string[] {
  if (!outcome?.enough) return [notEnough(outcome?.decided ?? 0)];
  const o = outcome as { [K in keyof Outcome]: NonNullable<Outcome[K]> };
  const days = (n: number | null) => (n === null ? 'not known yet' : countOf(n, 'day'));
  return [
    `${countOf(o.decided, 'visa decision')} in the last ${OUTCOME_MONTHS} months.`,
    `Visas granted: ${o.granted_confirmed + o.granted_claimed} (${split(o.granted_confirmed, o.granted_claimed)}).`,
    `Visas refused: ${o.refused_confirmed + o.refused_claimed} (${split(o.refused_confirmed, o.refused_claimed)}).`,
    ...(o.disputed
      ? [`Students said ${countOf(o.disputed, 'decision')} recorded by the consultancy ${o.disputed === 1 ? 'is' : 'are'} not right.`]
      : []),
    `Median time from applying to an offer: ${days(outcome.median_days_applied_to_offer)}.`,
    `Median time from the offer to the visa decision: ${days(outcome.median_days_offer_to_decision)}.`,
  ];
}

export const OUTCOME_NOTE = 'From the applications students made and tracked through us.';
