import crypto from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import {
  applicationDocuments,
  applicationStatusHistory,
  consultancies,
  consultancyApplications,
  courses,
  destinations,
  universities,
} from '../db/schema/index.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { conflict, notFound } from '../errors.ts';
import { withStoredFiles, type FormData, type StoredFiles } from '../uploads.ts';
import {
  applicantCanEdit,
  applicantCanWithdraw,
  nextStages,
  STAGE_LABELS,
  STAGES,
  type Stage,
} from '../../src/lib/contract/applications.ts';
import { timelineOf, withdrawByStudent } from './stages.ts';
import { fingerprint, storeOnce } from './dedupe.ts';
import { changes, submission, withdrawal } from '../../src/lib/contract/bodies/applications.ts';
import { caughtByHoneypot } from '../../src/lib/contract/values.ts';
import { maskEmail, maskName, maskPhone } from './mask.ts';
import { containsAny, orderingOf, orderingParam, pageQuery, pageWindow } from './paging.ts';
import { requireRows } from './refs.ts';
import type { Tx } from './tx.ts';
import { newTrackingCode } from './tracking-code.ts';
import { applicationOfCode } from '../access/codes.ts';
import * as notices from './notices.ts';
import { mayReadConsultancyFile } from '../access/institutions.ts';
import { counsellorFilter, listedColumns, listedWhere } from './casework.ts';
import { disputesOf } from './disputes.ts';

/** The document field of the application form: PDF or images, several allowed. */
export const documentRules = { documents: { kind: 'document', multiple: true } } as const;

export const applicationQuery = z.strictObject({
  ...pageQuery,
  ordering: orderingParam,
  status: z.enum(STAGES, { error: `Must be one of ${STAGES.join(', ')}` }).optional(),
  counsellor: counsellorFilter,
  /** only open applications whose follow-up date is today or past (the consultancy's day) */
  due: z.enum(['true', 'false']).optional(),
});

const editLocked = () => conflict('This application can no longer be edited: the consultancy has already started working on it.');

const submitted = (tracking_code: string) => ({
  tracking_code,
  status: 'submitted',
  status_label: STAGE_LABELS.submitted,
  message: 'Application submitted. Keep your tracking code to check its progress.',
});

const insertDocuments = async (tx: Tx, applicationId: number, stored: StoredFiles['stored']) => {
  if (!stored.length) return;
  await tx.insert(applicationDocuments).values(
    stored.map((s) => ({
      application_id: applicationId,
      storage_key: s.ref,
      original_name: s.file.originalName.slice(0, 255),
      mime: s.file.mime,
      size: s.file.data.length,
    })),
  );
};

const columnsOf = (input: Omit<z.infer<typeof submission>, 'website' | 'consultancy'>) => {
  const { destination, course, university, ...rest } = input;
  return { ...rest, destination_id: destination, course_id: course, university_id: university };
};

/** Stores an application with its first history entry and documents; the same form sent again within minutes gives the first code back. */
export async function submitApplication(app: FastifyInstance, form: FormData) {
  const input = submission.parse(form.fields);
  if (caughtByHoneypot(input)) return submitted(newTrackingCode());
  const { website: _website, consultancy, ...fields } = input;
  await requireRows(app.db, {
    consultancy: [consultancies, consultancy],
    destination: [destinations, fields.destination],
    course: [courses, fields.course],
    university: [universities, fields.university],
  });
  const print = fingerprint({
    consultancy,
    ...fields,
    documents: form.files.map((f) => crypto.createHash('sha256').update(f.data).digest('hex')),
  });
  const { id: applicationId } = await withStoredFiles(app.db, app.privateStorage, form.files, (files) =>
    storeOnce(app.db, consultancyApplications, print, async (tx) => {
      const [row] = await tx
        .insert(consultancyApplications)
        .values({ ...columnsOf(fields), consultancy_id: consultancy, tracking_code: newTrackingCode(), fingerprint: print })
        .returning({ id: consultancyApplications.id });
      await tx
        .insert(applicationStatusHistory)
        .values({ application_id: row!.id, status: 'submitted', note: 'Application submitted.', actor_role: 'student' });
      await insertDocuments(tx, row!.id, files.stored);
      await notices.applicationSubmitted(tx, app.config, row!.id);
      return row!.id;
    }),
  );
  app.outbox.kick();
  const [row] = await app.db
    .select({ code: consultancyApplications.tracking_code })
    .from(consultancyApplications)
    .where(eq(consultancyApplications.id, applicationId));
  return submitted(row!.code);
}

/** What the holder of a tracking code sees: progress in full, personal data masked. */
export async function checkApplication(db: Db, code: string) {
  const row = await applicationOfCode(db, code);
  const [consultancy] = await db
    .select({ id: consultancies.id, name: consultancies.name, slug: consultancies.slug })
    .from(consultancies)
    .where(eq(consultancies.id, row.consultancy_id));
  const [destination] = row.destination_id
    ? await db.select({ id: destinations.id, name: destinations.name }).from(destinations).where(eq(destinations.id, row.destination_id))
    : [];
  const [course] = row.course_id
    ? await db.select({ id: courses.id, name: courses.name }).from(courses).where(eq(courses.id, row.course_id))
    : [];
  const [university] = row.university_id
    ? await db
        .select({ id: universities.id, name: universities.name, slug: universities.slug })
        .from(universities)
        .where(eq(universities.id, row.university_id))
    : [];
  // the files sent with the application; those answering a document request are listed with their request
  const [documents] = await db
    .select({ n: count() })
    .from(applicationDocuments)
    .where(and(eq(applicationDocuments.application_id, row.id), isNull(applicationDocuments.request_id)));
  return {
    tracking_code: row.tracking_code,
    status: row.status,
    status_label: STAGE_LABELS[row.status as Stage],
    consultancy: consultancy ?? null,
    consultancy_name: consultancy?.name ?? '',
    applicant: { full_name: maskName(row.full_name), email: maskEmail(row.email), phone: maskPhone(row.phone) },
    destination: destination ?? null,
    course: course ?? null,
    university: university ?? null,
    preferred_intake: row.preferred_intake,
    education_level: row.education_level,
    document_count: documents!.n,
    timeline: await timelineOf(db, row.id),
    editable: applicantCanEdit(row.status),
    withdrawable: applicantCanWithdraw(row.status),
    /** whether the applicant is sent messages about it (they choose on the tracking page) */
    notify_applicant: row.notify_applicant,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Changes by the applicant, allowed until the consultancy first acts; or a withdrawal, allowed while the application is open. */
export async function editApplication(app: FastifyInstance, code: string, form: FormData) {
  const current = await applicationOfCode(app.db, code);
  if (form.fields.withdraw !== undefined) {
    const { reason } = withdrawal.parse(form.fields);
    await app.db.transaction(async (tx) => {
      if (!(await withdrawByStudent(tx, current.id, reason))) throw conflict('This application can no longer be withdrawn.');
      await notices.applicationChangedByApplicant(tx, app.config, current.id, { withdrawn: reason ?? '' });
    });
    app.outbox.kick();
    return checkApplication(app.db, current.tracking_code);
  }
  const input = changes.parse(form.fields);
  if (!applicantCanEdit(current.status)) throw editLocked();
  await requireRows(app.db, {
    destination: [destinations, input.destination],
    course: [courses, input.course],
    university: [universities, input.university],
  });
  await withStoredFiles(app.db, app.privateStorage, form.files, (files) =>
    app.db.transaction(async (tx) => {
      const { destination, course, university, ...rest } = input;
      const [row] = await tx
        .update(consultancyApplications)
        .set({
          ...rest,
          ...(destination !== undefined ? { destination_id: destination } : {}),
          ...(course !== undefined ? { course_id: course } : {}),
          ...(university !== undefined ? { university_id: university } : {}),
          updated_at: sql`now()`,
        })
        .where(and(eq(consultancyApplications.id, current.id), eq(consultancyApplications.status, 'submitted')))
        .returning({ id: consultancyApplications.id });
      if (!row) throw editLocked();
      await insertDocuments(tx, row.id, files.stored);
      await notices.applicationChangedByApplicant(tx, app.config, row.id, 'edited');
    }),
  );
  app.outbox.kick();
  return checkApplication(app.db, current.tracking_code);
}

/** The applicant starts or stops messages about their application (the holder of the code decides). */
export async function setApplicantNotices(db: Db, code: string, notify: boolean) {
  const current = await applicationOfCode(db, code);
  await db.update(consultancyApplications).set({ notify_applicant: notify }).where(eq(consultancyApplications.id, current.id));
  return checkApplication(db, current.tracking_code);
}

/** The files sent with these applications (those answering a document request are listed with their request). */
const sentDocuments = async (db: Db, applicationIds: number[]) =>
  applicationIds.length
    ? db
        .select({
          id: applicationDocuments.id,
          application_id: applicationDocuments.application_id,
          original_name: applicationDocuments.original_name,
          mime: applicationDocuments.mime,
          size: applicationDocuments.size,
        })
        .from(applicationDocuments)
        .where(and(inArray(applicationDocuments.application_id, applicationIds), isNull(applicationDocuments.request_id)))
        .orderBy(asc(applicationDocuments.id))
    : [];

/**
 * Applications in full, for the consultancy they were sent to and for admins; `mineFirst`: a
 * counsellor's id, whose own cases come before the rest of the consultancy's (each part in the order asked).
 */
export async function listApplications(db: Db, q: z.infer<typeof applicationQuery>, consultancyId?: number, mineFirst?: number) {
  const a = consultancyApplications;
  const where = and(
    consultancyId ? eq(a.consultancy_id, consultancyId) : undefined,
    q.status ? eq(a.status, q.status) : undefined,
    q.search ? containsAny(q.search, [a.tracking_code, a.full_name, a.email, a.phone]) : undefined,
    listedWhere(q),
  );
  const [total] = await db.select({ n: count() }).from(a).where(where);
  const { limit, offset } = pageWindow(q);
  const ordering = {
    created_at: a.created_at,
    updated_at: a.updated_at,
    status: a.status,
    full_name: a.full_name,
    email: a.email,
    tracking_code: a.tracking_code,
    consultancy_name: consultancies.name,
    follow_up_on: a.follow_up_on,
  };
  const rows = await listedColumns(db)
    .where(where)
    .orderBy(
      ...(mineFirst ? [sql`${a.counsellor_id} is not distinct from ${mineFirst} desc`] : []),
      ...orderingOf(q.ordering, ordering, q.due === 'true' ? 'follow_up_on' : '-created_at', a.id),
    )
    .limit(limit)
    .offset(offset);
  return { count: total!.n, results: await listed(db, rows) };
}

/** The list's rows with their stage in words, the stages they may move to and the files sent with them. */
async function listed<R extends { id: number; status: string }>(db: Db, rows: R[]) {
  const documents = await sentDocuments(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    status_label: STAGE_LABELS[r.status as Stage],
    next_statuses: nextStages(r.status),
    documents: documents
      .filter((d) => d.application_id === r.id)
      .map(({ application_id: _a, ...d }) => ({ ...d, url: documentUrl(r.id, d.id) })),
  }));
}

/** One of the consultancy's applications as its case page shows it: the list's row, the whole timeline and the student's disputes. */
export async function applicationCase(db: Db, consultancyId: number, applicationId: number) {
  const rows = await listedColumns(db).where(
    and(eq(consultancyApplications.id, applicationId), eq(consultancyApplications.consultancy_id, consultancyId)),
  );
  if (!rows.length) throw notFound('Application not found.');
  const [row] = await listed(db, rows);
  const timeline = await timelineOf(db, applicationId);
  return { ...row!, timeline, disputes: await disputesOf(db, applicationId, timeline) };
}

/** Where an admin or the consultancy downloads a document: an authenticated route, never a public URL. */
const documentUrl = (applicationId: number, documentId: number) => `/api/consultancy-application/${applicationId}/documents/${documentId}/`;

/** A document of an application, for an admin or the consultancy it was sent to; to another consultancy it does not exist. */
export async function applicationDocument(db: Db, user: SessionUser, applicationId: number, documentId: number) {
  const [doc] = await db
    .select({
      key: applicationDocuments.storage_key,
      name: applicationDocuments.original_name,
      consultancy_id: consultancyApplications.consultancy_id,
    })
    .from(applicationDocuments)
    .innerJoin(consultancyApplications, eq(consultancyApplications.id, applicationDocuments.application_id))
    .where(and(eq(applicationDocuments.id, documentId), eq(applicationDocuments.application_id, applicationId)));
  if (!doc || !mayReadConsultancyFile(user, doc.consultancy_id)) throw notFound('Document not found.');
  return doc;
}
