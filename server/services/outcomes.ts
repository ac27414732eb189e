import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { applicationStatusHistory as h, consultancies, consultancyApplications as a } from '../db/schema/index.ts';
import { bumpContentVersion } from '../content-version.ts';
import { DECISIONS } from '../../src/lib/contract/applications.ts';
import { OUTCOME_MIN_CASES, OUTCOME_MONTHS, type Outcome } from '../../src/lib/contract/outcomes.ts';
import { id } from '../../src/lib/contract/values.ts';
import type { Runner } from './tx.ts';
import { rowsOf } from '../db/rows.ts';

export const outcomeQuery = z.strictObject({ consultancy: id.optional() });

const list = (stages: readonly string[]) =>
  sql.join(
    stages.map((s) => sql`${s}`),
    sql`, `,
  );
const firstAt = (stages: readonly string[]) =>
  sql`(SELECT min(f.created_at) FROM ${h} f WHERE f.application_id = d.application_id AND f.status IN (${list(stages)}))`;
const medianDays = (from: string, to: string) =>
  sql<
    number | null
  >`round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${sql.raw(to)} - ${sql.raw(from)}) / 86400))::int`;
const counted = (stage: string, confirmed: boolean) =>
  sql<number>`count(*) FILTER (WHERE status = ${stage} AND ${confirmed ? sql`student_answer = 'confirmed'` : sql`student_answer IS DISTINCT FROM 'confirmed'`})::int`;

/**
 * Each consultancy's visa outcomes, in one statement: per application, its latest visa decision
 * made in the last OUTCOME_MONTHS months; with it, when the application first reached "applied" and
 * an offer. Only consultancies with a decision in the window are listed; below OUTCOME_MIN_CASES
 * decisions the figures are withheld (null), the count is not.
 */
export async function outcomes(
  db: Db,
  q: z.infer<typeof outcomeQuery>,
): Promise<{ months: number; min_cases: number; results: Outcome[] }> {
  const rows = rowsOf<Omit<Outcome, 'enough'>>(
    await db.execute(sql`
    WITH decided AS (
      SELECT DISTINCT ON (d.application_id) d.application_id, app.consultancy_id, d.status, d.student_answer, d.created_at AS decided_at
      FROM ${h} d JOIN ${a} app ON app.id = d.application_id
      WHERE d.status IN (${list(DECISIONS.visa)}) AND d.created_at > now() - make_interval(months => ${OUTCOME_MONTHS})
        ${q.consultancy ? sql`AND app.consultancy_id = ${q.consultancy}` : sql``}
      ORDER BY d.application_id, d.created_at DESC, d.id DESC
    ), dated AS (
      SELECT d.*, ${firstAt(['applied'])} AS applied_at, ${firstAt(DECISIONS.offer)} AS offer_at FROM decided d
    )
    SELECT consultancy_id, count(*)::int AS decided,
      ${counted('visa_granted', true)} AS granted_confirmed, ${counted('visa_granted', false)} AS granted_claimed,
      ${counted('visa_refused', true)} AS refused_confirmed, ${counted('visa_refused', false)} AS refused_claimed,
      count(*) FILTER (WHERE student_answer = 'disputed')::int AS disputed,
      ${medianDays('applied_at', 'offer_at')} AS median_days_applied_to_offer,
      ${medianDays('offer_at', 'decided_at')} AS median_days_offer_to_decision
    FROM dated GROUP BY consultancy_id ORDER BY consultancy_id`),
  );
  return {
    months: OUTCOME_MONTHS,
    min_cases: OUTCOME_MIN_CASES,
    results: rows.map((r) => {
      const enough = r.decided >= OUTCOME_MIN_CASES;
      const shown = (v: number | null) => (enough ? v : null);
      return {
        consultancy_id: r.consultancy_id,
        decided: r.decided,
        enough,
        granted_confirmed: shown(r.granted_confirmed),
        granted_claimed: shown(r.granted_claimed),
        refused_confirmed: shown(r.refused_confirmed),
        refused_claimed: shown(r.refused_claimed),
        disputed: shown(r.disputed),
        median_days_applied_to_offer: shown(r.median_days_applied_to_offer),
        median_days_offer_to_decision: shown(r.median_days_offer_to_decision),
      };
    }),
  };
}

/**
 * A visa decision, or a student's answer to one, moved a consultancy's outcomes: its row is marked
 * changed and the content version moves, so its page is built again with the new figures.
 */
export async function outcomesChanged(tx: Runner, consultancyId: number) {
  await tx
    .update(consultancies)
    .set({ updated_at: sql`now()` })
    .where(eq(consultancies.id, consultancyId));
  await bumpContentVersion(tx, ['consultancy', 'outcome']);
}
