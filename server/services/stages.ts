import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/index.ts';
import { applicationStatusHistory as h, consultancyApplications as a, users } from '../db/schema/index.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { conflict, notFound } from '../errors.ts';
import { isAdmin } from '../access/roles.ts';
import { ownConsultancy } from '../access/institutions.ts';
import { applicationOfCode } from '../access/codes.ts';
import {
  DECISIONS,
  decisionOf,
  END_STAGES,
  nextStages,
  STAGE_LABELS,
  type ActorRole,
  type Stage,
} from '../../src/lib/contract/applications.ts';
import type { confirmation, statusChange } from '../../src/lib/contract/bodies/applications.ts';
import * as notices from './notices.ts';
import * as caseNotices from './case-notices.ts';
import { outcomesChanged } from './outcomes.ts';
import type { Runner } from './tx.ts';

/** Who set a stage: the role it is shown with, and the account (none for the student, who holds only the code). */
export interface Actor {
  role: ActorRole;
  id: number | null;
}

/** The actor a signed-in account is: an admin, or a counsellor of its consultancy. */
const actorOf = (user: SessionUser): Actor => ({ role: isAdmin(user) ? 'admin' : 'counsellor', id: user.id });

/** A visa decision moves the consultancy's public outcomes; no other stage does (applied and offer dates count only once decided). */
const movesOutcomes = (stage: Stage) => decisionOf(stage) === 'visa';

/** Sets the application's stage and writes its history entry, in the caller's transaction. */
export async function recordStage(tx: Runner, applicationId: number, stage: Stage, actor: Actor, note: string) {
  const [moved] = await tx
    .update(a)
    .set({ status: stage, updated_at: sql`now()` })
    .where(eq(a.id, applicationId))
    .returning({ consultancy_id: a.consultancy_id });
  const [entry] = await tx
    .insert(h)
    .values({ application_id: applicationId, status: stage, note, actor_role: actor.role, actor_id: actor.id })
    .returning({ id: h.id, status: h.status, note: h.note, actor_role: h.actor_role, created_at: h.created_at });
  if (movesOutcomes(stage)) await outcomesChanged(tx, moved!.consultancy_id);
  return entry!;
}

/** The consultancy (on its own applications) or an admin (on any) moves an application one allowed step, with a note for the timeline. */
export async function moveStage(app: FastifyInstance, user: SessionUser, applicationId: number, input: z.infer<typeof statusChange>) {
  const mine = isAdmin(user) ? undefined : eq(a.consultancy_id, ownConsultancy(user));
  const moved = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: a.status })
      .from(a)
      .where(and(eq(a.id, applicationId), mine))
      .for('update');
    if (!row) throw notFound('Application not found.');
    const allowed = nextStages(row.status);
    if (!allowed.includes(input.status)) {
      const from = STAGE_LABELS[row.status as Stage] ?? row.status;
      throw conflict(
        allowed.length
          ? `An application at "${from}" can only move to: ${allowed.join(', ')}.`
          : `An application at "${from}" cannot change any more.`,
      );
    }
    const { id: historyId, ...entry } = await recordStage(tx, applicationId, input.status, actorOf(user), input.note);
    await notices.applicationStatusChanged(tx, app.config, applicationId, historyId, input.status, input.note);
    return {
      id: applicationId,
      status: input.status,
      status_label: STAGE_LABELS[input.status],
      next_statuses: nextStages(input.status),
      entry,
    };
  });
  app.outbox.kick();
  return moved;
}

/** The student withdraws by code while the application is open; false when it had already ended. */
export async function withdrawByStudent(tx: Runner, applicationId: number, reason: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.id, applicationId), notInArray(a.status, [...END_STAGES])))
    .for('update');
  if (!open) return false;
  await recordStage(tx, applicationId, 'withdrawn', { role: 'student', id: null }, reason || 'Withdrawn by the applicant.');
  return true;
}

/**
 * The student's answer, by tracking code, to the latest claim of a decision (the offer, the visa):
 * confirmed, or not right. They may change it; until they answer it stays the consultancy's claim.
 */
export async function answerDecision(app: FastifyInstance, code: string, input: z.infer<typeof confirmation>) {
  const application = await applicationOfCode(app.db, code);
  await app.db.transaction(async (tx) => {
    const [claim] = await tx
      .select({ id: h.id, status: h.status })
      .from(h)
      .where(and(eq(h.application_id, application.id), inArray(h.status, [...DECISIONS[input.decision]])))
      .orderBy(desc(h.created_at), desc(h.id))
      .limit(1);
    if (!claim) throw conflict(`The consultancy has not recorded ${input.decision === 'offer' ? 'an offer' : 'a visa decision'} yet.`);
    await tx
      .update(h)
      .set({ student_answer: input.answer, student_note: input.note, answered_at: sql`now()` })
      .where(eq(h.id, claim.id));
    if (input.decision === 'visa') await outcomesChanged(tx, application.consultancy_id);
    if (input.answer === 'disputed') await caseNotices.decisionDisputed(tx, app.config, application.id, claim.id, claim.status as Stage);
  });
  app.outbox.kick();
  return application.tracking_code;
}

/** An application's stages as set, oldest first, with who set each (a staff member by name; the student as "student"). */
export async function timelineOf(db: Db, applicationId: number) {
  const rows = await db
    .select({
      status: h.status,
      note: h.note,
      actor_role: h.actor_role,
      actor_first: users.first_name,
      actor_last: users.last_name,
      student_answer: h.student_answer,
      student_note: h.student_note,
      answered_at: h.answered_at,
      created_at: h.created_at,
    })
    .from(h)
    .leftJoin(users, eq(users.id, h.actor_id))
    .where(eq(h.application_id, applicationId))
    .orderBy(asc(h.created_at), asc(h.id));
  return rows.map(({ actor_first, actor_last, ...t }) => ({
    ...t,
    status_label: STAGE_LABELS[t.status as Stage] ?? t.status,
    // admins act for the platform, not as persons the student deals with
    actor_name: t.actor_role === 'counsellor' ? [actor_first, actor_last].filter(Boolean).join(' ') : '',
    decision: decisionOf(t.status),
  }));
}
