import { z } from 'zod';
import { idSchema } from '../fields.ts';

/**
 * A tick on a destination's plan: a step's id ("12"), or one of its documents by place in the
 * step's list ("12.0"). Short, so a whole plan's ticks fit in a shared address.
 */
export const TICK_PATTERN = /^\d{1,9}(\.\d{1,3})?$/;
/** More ticks than any plan has steps and documents. */
export const PLAN_TICKS_MAX = 500;

export const tickList = z
  .array(z.string().regex(TICK_PATTERN, 'A tick is a step id, or a step id and a document number (12 or 12.0)'))
  .max(PLAN_TICKS_MAX, `At most ${PLAN_TICKS_MAX} ticks`);
export const planTicksOf = z.strictObject({ destination_id: idSchema, ticks: tickList });
export type PlanTicks = z.infer<typeof planTicksOf>;

/** A device's ticks, merged into the account's on sign-in (at most one entry per destination of the demo and more). */
export const planTicksMerge = z.strictObject({ plans: z.array(planTicksOf).max(100, 'At most 100 plans') });
/** Every tick of one plan, as the device now holds them: a later change once merged. */
export const planTicksSet = z.strictObject({ ticks: tickList });
export const planTicksParams = z.strictObject({ destination: idSchema });
