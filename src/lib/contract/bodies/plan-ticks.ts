import { z } from 'zod';
import { TICK_PATTERN } from '../../shared/plan-ticks.ts';
import { idSchema } from '../fields.ts';

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
