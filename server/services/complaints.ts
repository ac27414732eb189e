import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql, type AnyColumn } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { complaintEvents, complaints, consultancies } from '../db/schema/index.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { notFound } from '../errors.ts';
import { bumpContentVersion } from '../content-version.ts';
import { standingChanged } from './standing-values.ts';
import { withStoredFiles, type FormData } from '../uploads.ts';
import { fingerprint, storeOnce } from './dedupe.ts';
import { ownConsultancy } from '../access/institutions.ts';
import { overdue } from './complaint-overdue.ts';
import { containsAny, orderingOf, orderingParam, pageQuery, pageWindow } from './paging.ts';
import { requireRows } from './refs.ts';
import type { Runner } from './tx.ts';
import * as notices from './notices.ts';
import { hashCode, newTrackingCode, randomCharacters } from './tracking-code.ts';
import { complaintOfCode } from '../access/codes.ts';
import { complaintForm, complaintStatusChange } from '../../src/lib/contract/bodies/leads.ts';
import type { complaintMessage } from '../../src/lib/contract/bodies/complaints.ts';
import { COMPLAINT_STATUSES, type ComplaintStatus } from '../../src/lib/contract/leads.ts';
import {
  COMPLAINT_RECORD_MONTHS,
  COMPLAINT_STATUS_LABELS,
  type ComplaintAuthor,
  type ComplaintEvent,
  type ComplaintRecord,
} from '../../src/lib/contract/complaints.ts';
import { caughtByHoneypot, id } from '../../src/lib/contract/values.ts';

/**
 * Complaints about consultancies, with accountability: a public reference and a secret follow-up
 * code for the complainant, a history of who said and changed what, a deadline for the
 * consultancy's answer, and each consultancy's public record over the last 12 months.
 */

/** The complaint form's one optional file. */
export const evidenceRules = { evidence: { kind: 'document' } } as const;

export const complaintQuery = z.strictObject({ ...pageQuery, ordering: orderingParam, status: z.enum(COMPLAINT_STATUSES).optional() });
export const recordQuery = z.strictObject({ consultancy: id.optional() });

// ---- codes ------------------------------------------------------------------------------------

/** A public reference, like C-7K3M9Q: short enough to quote on the phone, not a secret. */
const newReference = () => `C-${randomCharacters(6)}`;

/** A reference no complaint has yet (6 characters of 31: a repeat is rare, but not rare enough to ignore). */
async function freshReference(db: Runner): Promise<string> {
  for (;;) {
    const reference = newReference();
    const [taken] = await db.select({ id: complaints.id }).from(complaints).where(eq(complaints.reference, reference));
    if (!taken) return reference;
  }
}

// ---- what each side sees ----------------------------------------------------------------------

/** Overdue ones first, the longest overdue first; then the newest. */
const urgentFirst = [
  desc(overdue),
  asc(sql`case when ${overdue} then ${complaints.answer_due_at} end`),
  desc(complaints.created_at),
  desc(complaints.id),
];

const orderable = {
  created_at: complaints.created_at,
  answer_due_at: complaints.answer_due_at,
  first_answer_at: complaints.first_answer_at,
  status: complaints.status,
  subject: complaints.subject,
  name: complaints.name,
  reference: complaints.reference,
};

/** The order asked for among `columns`, else urgent first. */
const orderOf = (ordering: string | undefined, columns: Record<string, AnyColumn>) =>
  ordering ? orderingOf(ordering, columns, '-created_at', complaints.id) : urgentFirst;

/** What the consultancy sees of a complaint about it: never the complainant's email, phone or evidence. */
const consultancyColumns = {
  id: complaints.id,
  reference: complaints.reference,
  name: complaints.name,
  subject: complaints.subject,
  message: complaints.message,
  status: complaints.status,
  created_at: complaints.created_at,
  answer_due_at: complaints.answer_due_at,
  first_answer_at: complaints.first_answer_at,
  overdue,
};

/** What admins see: everything but the stored fingerprint and code hash. */
const adminColumns = {
  ...consultancyColumns,
  email: complaints.email,
  phone: complaints.phone,
  consultancy_id: complaints.consultancy_id,
  evidence: complaints.evidence,
};

/** The consultancy's first answer, for the admin list. */
const firstAnswer = sql<
  string | null
>`(select e.body from ${complaintEvents} e where e.complaint_id = ${complaints.id} and e.author = 'consultancy' and e.kind = 'message' order by e.created_at, e.id limit 1)`;

/** Where an admin downloads a complaint's evidence: an authenticated route, never a public URL. */
const evidenceUrl = (complaintId: number) => `/api/complaint/${complaintId}/evidence/`;

/** A complaint as answered: the stored key of its evidence becomes the download route. */
const withEvidenceUrl = <T extends { id: number; evidence: string | null }>(row: T): T => ({
  ...row,
  evidence: row.evidence ? evidenceUrl(row.id) : null,
});

const withLabel = <T extends { status: string }>(row: T) => ({
  ...row,
  status_label: COMPLAINT_STATUS_LABELS[row.status as ComplaintStatus] ?? row.status,
});

/** The histories of some complaints, oldest entry first. */
async function historiesOf(db: Runner, ids: number[]): Promise<Map<number, ComplaintEvent[]>> {
  const out = new Map<number, ComplaintEvent[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .select({
      complaint_id: complaintEvents.complaint_id,
      kind: complaintEvents.kind,
      author: complaintEvents.author,
      status: complaintEvents.status,
      body: complaintEvents.body,
      created_at: complaintEvents.created_at,
    })
    .from(complaintEvents)
    .where(inArray(complaintEvents.complaint_id, ids))
    .orderBy(asc(complaintEvents.created_at), asc(complaintEvents.id));
  for (const { complaint_id, ...event } of rows) out.get(complaint_id)!.push(event as ComplaintEvent);
  return out;
}

// ---- the complainant ------------------------------------------------------------------------

/** What a bot caught by the honeypot is told: the stored shape, but nothing was stored. */
const pretend = <T extends object>(values: T) => ({
  id: 0,
  ...values,
  status: 'open',
  created_at: new Date().toISOString(),
  reference: newReference(),
  code: newTrackingCode(),
});

/**
 * Stores a complaint with its first history entry, and answers its reference and follow-up code
 * (the code only now: just its hash is kept). The same form sent again within minutes is stored
 * once; its answer then carries a new code, which replaces the first (whose answer may never have arrived).
 */
export async function submitComplaint(app: FastifyInstance, form: FormData) {
  const { website: _website, consultancy, ...input } = complaintForm.parse(form.fields);
  const values = { ...input, consultancy_id: consultancy };
  if (caughtByHoneypot(form.fields)) return pretend({ ...values, evidence: null });
  await requireRows(app.db, { consultancy: [consultancies, consultancy] });
  const code = newTrackingCode();
  const { id: complaintId, duplicate } = await withStoredFiles(app.db, app.privateStorage, form.files, (files) => {
    const evidence = files.all[0] ?? null;
    const print = fingerprint({ ...values, evidence });
    return storeOnce(app.db, complaints, print, async (tx) => {
      const [row] = await tx
        .insert(complaints)
        .values({ ...values, evidence, fingerprint: print, reference: await freshReference(tx), code_hash: hashCode(code) })
        .returning({ id: complaints.id });
      await tx.insert(complaintEvents).values({ complaint_id: row!.id, kind: 'submitted', author: 'complainant' });
      await notices.complaintReceived(tx, app.config, row!.id, code);
      // the consultancy's public record, and its cards' complaint count, count it
      if (consultancy) await standingChanged(tx, consultancy);
      return row!.id;
    });
  });
  if (duplicate)
    await app.db.transaction(async (tx) => {
      await tx
        .update(complaints)
        .set({ code_hash: hashCode(code) })
        .where(eq(complaints.id, complaintId));
      // the new code replaces the first: the complainant is sent it; the consultancy was told already
      await notices.complaintReceived(tx, app.config, complaintId, code, `code.${hashCode(code).slice(0, 16)}`, false);
    });
  app.outbox.kick();
  const [row] = await app.db.select(adminColumns).from(complaints).where(eq(complaints.id, complaintId));
  return { ...withEvidenceUrl(withLabel(row!)), code };
}

/** What the holder of a follow-up code sees: the complaint, its deadline, its history. A wrong code is a plain 404. */
export async function followComplaint(db: Db, code: string) {
  return followById(db, await complaintOfCode(db, code));
}

async function followById(db: Db, complaintId: number) {
  const [row] = await db
    .select({
      ...consultancyColumns,
      consultancy_id: consultancies.id,
      consultancy_name: consultancies.name,
      consultancy_slug: consultancies.slug,
    })
    .from(complaints)
    .leftJoin(consultancies, eq(consultancies.id, complaints.consultancy_id))
    .where(eq(complaints.id, complaintId));
  const { id: _id, name: _name, consultancy_id, consultancy_name, consultancy_slug, ...rest } = row!;
  const history = (await historiesOf(db, [complaintId])).get(complaintId)!;
  return withLabel({
    ...rest,
    consultancy: consultancy_id ? { id: consultancy_id, name: consultancy_name!, slug: consultancy_slug! } : null,
    history,
  });
}

/** The complainant adds a message to the history; it changes no figure of the public record. */
export async function replyToComplaint(db: Db, code: string, body: z.infer<typeof complaintMessage>) {
  const complaintId = await complaintOfCode(db, code);
  await addMessage(db, complaintId, 'complainant', null, body.message);
  return followById(db, complaintId);
}

async function addMessage(db: Runner, complaintId: number, author: ComplaintAuthor, authorId: number | null, body: string) {
  const [event] = await db
    .insert(complaintEvents)
    .values({ complaint_id: complaintId, kind: 'message', author, author_id: authorId, body })
    .returning({ id: complaintEvents.id });
  await db
    .update(complaints)
    .set({ updated_at: sql`now()` })
    .where(eq(complaints.id, complaintId));
  return event!.id;
}

// ---- the consultancy ------------------------------------------------------------------------

/** The complaints about the caller's own consultancy, overdue first, each with its history. */
export async function consultancyComplaints(db: Db, user: SessionUser, q: z.infer<typeof complaintQuery>) {
  const where = and(eq(complaints.consultancy_id, ownConsultancy(user)), q.status ? eq(complaints.status, q.status) : undefined);
  const [total] = await db.select({ n: count() }).from(complaints).where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(consultancyColumns)
    .from(complaints)
    .where(where)
    .orderBy(...orderOf(q.ordering, orderable))
    .limit(limit)
    .offset(offset);
  const histories = await historiesOf(
    db,
    rows.map((r) => r.id),
  );
  return { count: total!.n, results: rows.map((r) => withLabel({ ...r, history: histories.get(r.id)! })) };
}

/** The consultancy answers a complaint about it; its first answer is what the deadline measures. To another consultancy the complaint does not exist. */
export async function answerComplaint(
  app: FastifyInstance,
  user: SessionUser,
  complaintId: number,
  body: z.infer<typeof complaintMessage>,
) {
  const db = app.db;
  const consultancyId = ownConsultancy(user);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ first_answer_at: complaints.first_answer_at })
      .from(complaints)
      .where(and(eq(complaints.id, complaintId), eq(complaints.consultancy_id, consultancyId)))
      .for('update');
    if (!row) throw notFound('Complaint not found.');
    const eventId = await addMessage(tx, complaintId, 'consultancy', user.id, body.message);
    await notices.complaintAnswered(tx, app.config, complaintId, String(eventId));
    if (!row.first_answer_at) {
      await tx
        .update(complaints)
        .set({ first_answer_at: sql`now()` })
        .where(eq(complaints.id, complaintId));
      await bumpContentVersion(tx, ['complaint']);
    }
  });
  app.outbox.kick();
  const [row] = await db.select(consultancyColumns).from(complaints).where(eq(complaints.id, complaintId));
  return withLabel({ ...row!, history: (await historiesOf(db, [complaintId])).get(complaintId)! });
}

// ---- admins ---------------------------------------------------------------------------------

export async function listComplaints(db: Db, q: z.infer<typeof complaintQuery>) {
  const where = and(
    q.status ? eq(complaints.status, q.status) : undefined,
    q.search
      ? containsAny(q.search, [complaints.name, complaints.email, complaints.subject, complaints.message, complaints.reference])
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(complaints).where(where);
  const { limit, offset } = pageWindow(q);
  const results = await db
    .select({ ...adminColumns, consultancy_name: consultancies.name, answer: firstAnswer })
    .from(complaints)
    .leftJoin(consultancies, eq(consultancies.id, complaints.consultancy_id))
    .where(where)
    .orderBy(...orderOf(q.ordering, { ...orderable, email: complaints.email, consultancy_name: consultancies.name }))
    .limit(limit)
    .offset(offset);
  return { count: total!.n, results: results.map((r) => withEvidenceUrl(withLabel(r))) };
}

/** The stored key of a complaint's evidence file. */
export async function complaintEvidence(db: Db, complaintId: number) {
  const [row] = await db.select({ key: complaints.evidence }).from(complaints).where(eq(complaints.id, complaintId));
  if (!row?.key) throw notFound(row ? 'This complaint has no evidence file.' : 'Complaint not found.');
  return row.key;
}

/** Sets a complaint's status, with the admin's note in its history; any status may follow any other, so a closed complaint can be reopened. */
export async function changeComplaintStatus(db: Db, user: SessionUser, complaintId: number, input: z.infer<typeof complaintStatusChange>) {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(complaints)
      .set({ status: input.status, updated_at: sql`now()` })
      .where(eq(complaints.id, complaintId))
      .returning({ consultancy_id: complaints.consultancy_id });
    if (!updated) throw notFound('Complaint not found.');
    await tx
      .insert(complaintEvents)
      .values({ complaint_id: complaintId, kind: 'status', author: 'admin', author_id: user.id, status: input.status, body: input.note });
    // resolved and rejected change the consultancy's public record (a rejected one leaves its cards' count)
    if (updated.consultancy_id) await standingChanged(tx, updated.consultancy_id);
    const [row] = await tx.select(adminColumns).from(complaints).where(eq(complaints.id, complaintId));
    return row!;
  });
  return withEvidenceUrl(withLabel(row));
}

// ---- the public record ----------------------------------------------------------------------

/**
 * Each consultancy's record over the last 12 months (of those with a complaint in that time, or the
 * one asked for), complaints rejected as invalid left out. See ComplaintRecord for the figures.
 */
export async function complaintRecords(db: Db, q: z.infer<typeof recordQuery>): Promise<{ months: number; results: ComplaintRecord[] }> {
  const c = complaints;
  const rows = await db
    .select({
      consultancy_id: sql<number>`${c.consultancy_id}`,
      received: count(),
      due: sql<number>`count(*) filter (where ${c.first_answer_at} is not null or ${c.answer_due_at} <= now())::int`,
      answered_in_time: sql<number>`count(*) filter (where ${c.first_answer_at} <= ${c.answer_due_at})::int`,
      resolved: sql<number>`count(*) filter (where ${c.status} = 'resolved')::int`,
      median_answer_hours: sql<
        number | null
      >`round((percentile_cont(0.5) within group (order by extract(epoch from ${c.first_answer_at} - ${c.created_at})) / 3600)::numeric, 1)::float8`,
    })
    .from(c)
    .where(
      and(
        isNotNull(c.consultancy_id),
        q.consultancy ? eq(c.consultancy_id, q.consultancy) : undefined,
        ne(c.status, 'rejected'),
        sql`${c.created_at} > now() - make_interval(months => ${COMPLAINT_RECORD_MONTHS})`,
      ),
    )
    .groupBy(c.consultancy_id)
    .orderBy(asc(c.consultancy_id));
  return { months: COMPLAINT_RECORD_MONTHS, results: rows };
}
