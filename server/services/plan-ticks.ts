import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { planSteps, planTicks } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import type { PlanTicks } from '../../src/lib/contract/bodies/plan-ticks.ts';

/** The account's ticks, one entry per destination, in the destinations' order of ids. */
export async function planTicksOfUser(db: Db, userId: number): Promise<PlanTicks[]> {
  return db
    .select({ destination_id: planTicks.destination_id, ticks: planTicks.ticks })
    .from(planTicks)
    .where(eq(planTicks.user_id, userId))
    .orderBy(asc(planTicks.destination_id));
}

/**
 * Of these plans, each with the ticks of steps its destination still has: a device may hold ticks
 * of a step deleted or moved since, or of a destination deleted since (dropped whole).
 */
async function current(db: Db, plans: PlanTicks[]): Promise<PlanTicks[]> {
  const destinations = [...new Set(plans.map((p) => p.destination_id))];
  if (!destinations.length) return [];
  const steps = await db
    .select({ id: planSteps.id, destination_id: planSteps.destination_id })
    .from(planSteps)
    .where(inArray(planSteps.destination_id, destinations));
  const stepsOf = (d: number) => new Set(steps.filter((s) => s.destination_id === d).map((s) => String(s.id)));
  return plans.flatMap((p) => {
    const known = stepsOf(p.destination_id);
    return known.size
      ? [{ destination_id: p.destination_id, ticks: [...new Set(p.ticks.filter((t) => known.has(t.split('.')[0]!)))] }]
      : [];
  });
}

/** Adds a device's ticks to the account's (on sign-in): a tick on either side stays ticked. */
export async function mergePlanTicks(db: Db, userId: number, plans: PlanTicks[]): Promise<PlanTicks[]> {
  const kept = await current(db, plans);
  if (kept.length)
    await db
      .insert(planTicks)
      .values(kept.map((p) => ({ user_id: userId, destination_id: p.destination_id, ticks: p.ticks })))
      .onConflictDoUpdate({
        target: [planTicks.user_id, planTicks.destination_id],
        set: {
          ticks: sql`ARRAY(SELECT DISTINCT t FROM unnest(${planTicks.ticks} || excluded.ticks) AS t ORDER BY t)`,
          updated_at: sql`now()`,
        },
      });
  return planTicksOfUser(db, userId);
}

/** Sets one plan's ticks to what the device holds now (a tick or an untick after the merge). */
export async function setPlanTicks(db: Db, userId: number, destinationId: number, ticks: string[]): Promise<PlanTicks[]> {
  const [kept] = await current(db, [{ destination_id: destinationId, ticks }]);
  if (!kept) throw notFound('This destination has no plan.');
  await db
    .insert(planTicks)
    .values({ user_id: userId, destination_id: destinationId, ticks: kept.ticks })
    .onConflictDoUpdate({ target: [planTicks.user_id, planTicks.destination_id], set: { ticks: kept.ticks, updated_at: sql`now()` } });
  return planTicksOfUser(db, userId);
}
