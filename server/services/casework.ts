import { and, asc, count, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import {
  applicationNotes,
  applicationStatusHistory,
  consultancies,
  consultancyApplications,
  courses,
  destinations,
  universities,
  users,
} from '../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { nextStages, STAGE_LABELS, STAGES, type Stage } from '../../src/lib/contract/applications.ts';
import { CONSULTANCY_TIME_ZONE } from '../../src/lib/contract/staff.ts';
import { isStaffMember } from './staff.ts';
import { toCsv } from './csv.ts';

const a = consultancyApplications;
const counsellor = alias(users, 'counsellor');
const author = alias(users, 'author');

/** `?counsellor=`: a staff member's id, or `none` for the unassigned. */
export const counsellorFilter = z
  .union([z.literal('none'), z.coerce.number({ error: 'Must be an id or none' }).int().positive()], { error: 'Must be an id or none' })
  .optional();

/** Stages with a way forward: the rest (decisions, withdrawals) are closed cases, never due. */
export const OPEN_STAGES = STAGES.filter((s) => nextStages(s).length > 0);

/** Today where the consultancies work: a follow-up set for today is due from Nepal's midnight, not UTC's. */
const today = sql`(now() at time zone ${CONSULTANCY_TIME_ZONE})::date`;

/** The list's case-work filters: a counsellor (or none) and what is due. */
export function listedWhere(q: { counsellor?: number | 'none'; due?: 'true' | 'false' }): SQL | undefined {
  return and(
    q.counsellor === 'none' ? isNull(a.counsellor_id) : q.counsellor ? eq(a.counsellor_id, q.counsellor) : undefined,
    q.due === 'true' ? and(lte(a.follow_up_on, today), inArray(a.status, OPEN_STAGES)) : undefined,
  );
}

const nameOf = (u: typeof counsellor | typeof author) =>
  sql<string>`coalesce(nullif(trim(concat(${u.first_name}, ' ', ${u.last_name})), ''), ${u.email})`;

/** The latest of its update, its stage changes and its notes. */
const lastActivity = sql<string>`greatest(
  ${a.updated_at},
  (select max(h.created_at) from ${applicationStatusHistory} h where h.application_id = ${a.id}),
  (select max(n.created_at) from ${applicationNotes} n where n.application_id = ${a.id})
)::text`;

/** An application as the dashboard lists it: the student's answers, the stage, the counsellor and the last activity. */
export const listedColumns = (db: Db) =>
  db
    .select({
      id: a.id,
      tracking_code: a.tracking_code,
      status: a.status,
      consultancy_id: a.consultancy_id,
      consultancy_name: consultancies.name,
      full_name: a.full_name,
      email: a.email,
      phone: a.phone,
      address: a.address,
      destination_id: a.destination_id,
      destination_name: destinations.name,
      course_id: a.course_id,
      course_name: courses.name,
      university_id: a.university_id,
      university_name: universities.name,
      preferred_intake: a.preferred_intake,
      education_level: a.education_level,
      message: a.message,
      counsellor_id: a.counsellor_id,
      counsellor_name: sql<string | null>`case when ${a.counsellor_id} is null then null else ${nameOf(counsellor)} end`,
      follow_up_on: a.follow_up_on,
      last_activity_at: lastActivity,
      created_at: a.created_at,
      updated_at: a.updated_at,
    })
    .from(a)
    .innerJoin(consultancies, eq(consultancies.id, a.consultancy_id))
    .leftJoin(destinations, eq(destinations.id, a.destination_id))
    .leftJoin(courses, eq(courses.id, a.course_id))
    .leftJoin(universities, eq(universities.id, a.university_id))
    .leftJoin(counsellor, eq(counsellor.id, a.counsellor_id));

/** One of the consultancy's own applications; another's does not exist for it. */
async function ownApplication(db: Db, consultancyId: number, applicationId: number) {
  const [row] = await db
    .select({ id: a.id, counsellor_id: a.counsellor_id })
    .from(a)
    .where(and(eq(a.id, applicationId), eq(a.consultancy_id, consultancyId)));
  if (!row) throw notFound('Application not found.');
  return row;
}

/**
 * Who works the case: an owner assigns any staff member (or nobody); a counsellor may only take an
 * unassigned application for themself, and two taking it at once leave it with one of them.
 */
export async function assignCounsellor(db: Db, user: SessionUser, consultancyId: number, applicationId: number, to: number | null) {
  await ownApplication(db, consultancyId, applicationId);
  const owner = user.staff_role === 'owner';
  if (!owner && to !== user.id) throw forbidden('A counsellor may only take an unassigned application for themself.');
  if (to !== null && !(await isStaffMember(db, consultancyId, to)))
    throw badRequest('Some values are not valid.', { counsellor: ['Choose a member of your staff.'] });
  const [row] = await db
    .update(a)
    .set({ counsellor_id: to, updated_at: sql`now()` })
    .where(and(eq(a.id, applicationId), owner ? undefined : isNull(a.counsellor_id)))
    .returning({ id: a.id, counsellor_id: a.counsellor_id });
  if (!row) throw conflict('Another counsellor already works on this application.');
  return row;
}

export async function setFollowUp(db: Db, consultancyId: number, applicationId: number, on: string | null) {
  await ownApplication(db, consultancyId, applicationId);
  const [row] = await db
    .update(a)
    .set({ follow_up_on: on, updated_at: sql`now()` })
    .where(eq(a.id, applicationId))
    .returning({ id: a.id, follow_up_on: a.follow_up_on });
  return row!;
}

const noteColumns = {
  id: applicationNotes.id,
  body: applicationNotes.body,
  author_id: applicationNotes.author_id,
  author_name: sql<string | null>`case when ${applicationNotes.author_id} is null then null else ${nameOf(author)} end`,
  created_at: applicationNotes.created_at,
};

/** The staff's private notes on an application, oldest first. */
export async function listNotes(db: Db, consultancyId: number, applicationId: number) {
  await ownApplication(db, consultancyId, applicationId);
  return db
    .select(noteColumns)
    .from(applicationNotes)
    .leftJoin(author, eq(author.id, applicationNotes.author_id))
    .where(eq(applicationNotes.application_id, applicationId))
    .orderBy(asc(applicationNotes.created_at), asc(applicationNotes.id));
}

export async function addNote(db: Db, user: SessionUser, consultancyId: number, applicationId: number, body: string) {
  await ownApplication(db, consultancyId, applicationId);
  const [row] = await db
    .insert(applicationNotes)
    .values({ application_id: applicationId, author_id: user.id, body })
    .returning({ id: applicationNotes.id });
  const [note] = await db
    .select(noteColumns)
    .from(applicationNotes)
    .leftJoin(author, eq(author.id, applicationNotes.author_id))
    .where(eq(applicationNotes.id, row!.id));
  return note!;
}

/** How many of the consultancy's applications are at each stage, in the stages' order (none left out). */
export async function stageCounts(db: Db, consultancyId: number) {
  const rows = await db.select({ status: a.status, n: count() }).from(a).where(eq(a.consultancy_id, consultancyId)).groupBy(a.status);
  const counts = new Map(rows.map((r) => [r.status, r.n]));
  const stages = STAGES.map((stage) => ({ stage, label: STAGE_LABELS[stage as Stage], count: counts.get(stage) ?? 0 }));
  const [due] = await db
    .select({ n: count() })
    .from(a)
    .where(and(eq(a.consultancy_id, consultancyId), listedWhere({ due: 'true' })));
  return { stages, total: rows.reduce((sum, r) => sum + r.n, 0), due: due!.n };
}

const EXPORTED: [string, (r: Awaited<ReturnType<typeof exportedRows>>[number]) => unknown][] = [
  ['Tracking code', (r) => r.tracking_code],
  ['Submitted', (r) => r.created_at],
  ['Name', (r) => r.full_name],
  ['Email', (r) => r.email],
  ['Phone', (r) => r.phone],
  ['Destination', (r) => r.destination_name],
  ['University', (r) => r.university_name],
  ['Course', (r) => r.course_name],
  ['Intake', (r) => r.preferred_intake],
  ['Level', (r) => r.education_level],
  ['Stage', (r) => STAGE_LABELS[r.status as Stage] ?? r.status],
  ['Counsellor', (r) => r.counsellor_name],
  ['Follow-up', (r) => r.follow_up_on],
  ['Last activity', (r) => r.last_activity_at],
  ['Message', (r) => r.message],
];

const exportedRows = (db: Db, consultancyId: number) =>
  listedColumns(db)
    .where(eq(a.consultancy_id, consultancyId))
    .orderBy(sql`${a.created_at} desc`, a.id);

/** The consultancy's applications as a spreadsheet, newest first. */
export async function exportApplications(db: Db, consultancyId: number) {
  const rows = await exportedRows(db, consultancyId);
  return toCsv(
    EXPORTED.map(([name]) => name),
    rows.map((r) => EXPORTED.map(([, value]) => value(r))),
  );
}
