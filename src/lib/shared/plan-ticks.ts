/**
 * A tick on a destination's plan: a step's id ("12"), or one of its documents by place in the
 * step's list ("12.0"). Short, so a whole plan's ticks fit in a shared address. Apart from the
 * ticks' schema (contract/bodies/plan-ticks.ts), so the plan's island checks stored ticks without zod.
 */
export const TICK_PATTERN = /^\d{1,9}(\.\d{1,3})?$/;
