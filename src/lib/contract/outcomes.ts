/**
 * A consultancy's public outcomes, from its own tracked applications: the visa decisions of the last
 * OUTCOME_MONTHS months, shown once there are at least OUTCOME_MIN_CASES of them. A decision the
 * student confirmed from the tracking page is counted apart from one only the consultancy claims.
 */
export const OUTCOME_MONTHS = 12;
export const OUTCOME_MIN_CASES = 20;

export interface Outcome {
  consultancy_id: number;
  /** applications with a visa decision in the window (the latest decision of each) */
  decided: number;
  /** whether `decided` reaches OUTCOME_MIN_CASES; below it the figures are null */
  enough: boolean;
  granted_confirmed: number | null;
  /** granted by the consultancy's word only: not confirmed, or disputed, by the student */
  granted_claimed: number | null;
  refused_confirmed: number | null;
  refused_claimed: number | null;
  /** decisions the student said are not right (counted among the claims) */
  disputed: number | null;
  /** whole days, over the decided cases that have both dates */
  median_days_applied_to_offer: number | null;
  median_days_offer_to_decision: number | null;
}
