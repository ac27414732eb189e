import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { applicationPayments, applicationStatusHistory as h, consultancies, consultancyApplications as a } from '../db/schema/index.ts';
import { decisionOf, DECISIONS, STAGE_LABELS, type Stage } from '../../src/lib/contract/applications.ts';
import { formatMoney } from '../../src/lib/format.ts';
import { pageQuery, pageWindow } from './paging.ts';
import type { timelineOf } from './stages.ts';

/**
 * What a student disputes (issue 26): a decision the consultancy claims that they said is not right
 * (only the latest claim of each decision counts: an earlier one was overtaken), and payments.
 */

type Timeline = Awaited<ReturnType<typeof timelineOf>>;

/** The disputes of one application, from its timeline and payments, oldest first. */
export async function disputesOf(db: Db, applicationId: number, timeline: Timeline) {
  const decisions = (Object.keys(DECISIONS) as (keyof typeof DECISIONS)[]).flatMap((decision) => {
    const claim = timeline.findLast((t) => decisionOf(t.status) === decision);
    return claim?.student_answer === 'disputed'
      ? [{ kind: decision, what: claim.status_label, reason: claim.student_note, at: claim.answered_at! }]
      : [];
  });
  const payments = await db
    .select({
      amount_npr: applicationPayments.amount_npr,
      purpose: applicationPayments.purpose,
      reason: applicationPayments.dispute_reason,
      at: applicationPayments.updated_at,
    })
    .from(applicationPayments)
    .where(and(eq(applicationPayments.application_id, applicationId), eq(applicationPayments.state, 'disputed')))
    .orderBy(asc(applicationPayments.updated_at));
  return [
    ...decisions,
    ...payments.map((p) => ({
      kind: 'payment' as const,
      what: `${formatMoney(p.amount_npr, 'NPR')} · ${p.purpose}`,
      reason: p.reason,
      at: p.at,
    })),
  ].sort((x, y) => Date.parse(x.at) - Date.parse(y.at));
}

export const disputedDecisionQuery = z.strictObject({ ...pageQuery });

/**
 * For admins: the decisions students disputed, longest waiting first. A stage entry is the latest
 * claim of its decision when no later entry of the same application claims that decision.
 */
export async function disputedDecisions(db: Db, q: z.infer<typeof disputedDecisionQuery>) {
  const stagesIn = (column: SQL, stages: readonly string[]) =>
    sql`${column} in (${sql.join(
      stages.map((st) => sql`${st}`),
      sql`, `,
    )})`;
  const newer = sql.raw('newer.status');
  const sameDecision = sql.join(
    Object.values(DECISIONS).map((stages) => sql`(${stagesIn(sql`${h.status}`, stages)} and ${stagesIn(newer, stages)})`),
    sql` or `,
  );
  const later = sql`not exists (
    select 1 from ${h} newer
    where newer.application_id = ${h.application_id}
      and (newer.created_at, newer.id) > (${h.created_at}, ${h.id})
      and (${sameDecision})
  )`;
  const where = and(eq(h.student_answer, 'disputed'), later);
  const [total] = await db.select({ n: count() }).from(h).where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({
      id: h.id,
      application_id: h.application_id,
      status: h.status,
      student_note: h.student_note,
      answered_at: h.answered_at,
      claimed_at: h.created_at,
      tracking_code: a.tracking_code,
      full_name: a.full_name,
      consultancy_id: a.consultancy_id,
      consultancy_name: consultancies.name,
    })
    .from(h)
    .innerJoin(a, eq(a.id, h.application_id))
    .innerJoin(consultancies, eq(consultancies.id, a.consultancy_id))
    .where(where)
    .orderBy(asc(h.answered_at), desc(h.id))
    .limit(limit)
    .offset(offset);
  return {
    count: total!.n,
    results: rows.map((r) => ({ ...r, status_label: STAGE_LABELS[r.status as Stage] ?? r.status, decision: decisionOf(r.status)! })),
  };
}
