import { asc, eq, like } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import {
  applicationDocuments,
  applicationStatusHistory,
  consultancies,
  consultancyApplications,
  courses,
  destinations,
  documentRequests,
  outboxMessages,
  universities,
} from '../db/schema/index.ts';
import { agreementEntry, messagesEntry, notesEntry, paymentsEntry } from './case-data.ts';
import { newTrackingCode } from './tracking-code.ts';
import type { Runner, Tx } from './tx.ts';

/** A private-store file of an application and the path it gets in the student's archive. */
export interface ArchivedFile {
  key: string;
  path: string;
}

/** What erasing one entry did: rows removed (or blanked) and the private-store keys it no longer refers to. */
export interface Erased {
  rows: number;
  files: string[];
}

/**
 * One kind of personal data held about an application. The registry below lists them all: the
 * student's download and the erasure read only this list, so a new table linked to an application
 * (messages, payments, ...) adds one entry here and is exported and erased with the rest.
 * Staff-private data (notes) has no `rows`: it is never exported, only erased.
 */
export interface PersonalData {
  /** its key in data.json and in the erasure's audit row */
  name: string;
  /** the rows as the student downloads them */
  rows?: (db: Runner, applicationId: number) => Promise<object[]>;
  /** the private files among them */
  files?: (db: Runner, applicationId: number) => Promise<ArchivedFile[]>;
  /** removes or blanks the personal data, in the erasure's transaction (in registry order) */
  erase: (tx: Tx, applicationId: number) => Promise<Erased>;
}

const a = consultancyApplications;
const d = applicationDocuments;

/** A file name safe in a zip on every system: the id keeps two files with one name apart. */
const archivePath = (id: number, name: string) => `documents/${id}-${name.replace(/[^\w.-]+/g, '_').slice(-100) || 'document'}`;

const documentsEntry: PersonalData = {
  name: 'documents',
  rows: async (db, applicationId) =>
    (
      await db
        .select({
          id: d.id,
          request_id: d.request_id,
          original_name: d.original_name,
          mime: d.mime,
          size: d.size,
          created_at: d.created_at,
        })
        .from(d)
        .where(eq(d.application_id, applicationId))
        .orderBy(asc(d.id))
    ).map((row) => ({ ...row, file: archivePath(row.id, row.original_name) })),
  files: async (db, applicationId) =>
    (
      await db
        .select({ id: d.id, key: d.storage_key, name: d.original_name })
        .from(d)
        .where(eq(d.application_id, applicationId))
        .orderBy(asc(d.id))
    ).map((row) => ({ key: row.key, path: archivePath(row.id, row.name) })),
  // before the requests: deleting a request would take its files' rows (and so their keys) with it
  erase: async (tx, applicationId) => {
    const rows = await tx.delete(d).where(eq(d.application_id, applicationId)).returning({ key: d.storage_key });
    return { rows: rows.length, files: rows.map((r) => r.key) };
  },
};

const r = documentRequests;
const documentRequestsEntry: PersonalData = {
  name: 'document_requests',
  rows: (db, applicationId) =>
    db
      .select({
        id: r.id,
        name: r.name,
        note: r.note,
        due_on: r.due_on,
        state: r.state,
        rejection_reason: r.rejection_reason,
        reviewed_at: r.reviewed_at,
        created_at: r.created_at,
      })
      .from(r)
      .where(eq(r.application_id, applicationId))
      .orderBy(asc(r.id)),
  erase: async (tx, applicationId) => {
    const rows = await tx.delete(r).where(eq(r.application_id, applicationId)).returning({ id: r.id });
    return { rows: rows.length, files: [] };
  },
};

const h = applicationStatusHistory;
const historyEntry: PersonalData = {
  name: 'status_history',
  rows: (db, applicationId) =>
    db
      .select({ status: h.status, note: h.note, created_at: h.created_at })
      .from(h)
      .where(eq(h.application_id, applicationId))
      .orderBy(asc(h.created_at), asc(h.id)),
  // the stages and their dates are the outcome statistics: kept; a note may name the student: blanked
  erase: async (tx, applicationId) => {
    const rows = await tx.update(h).set({ note: '' }).where(eq(h.application_id, applicationId)).returning({ id: h.id });
    return { rows: rows.length, files: [] };
  },
};

const applicationEntry: PersonalData = {
  name: 'application',
  rows: (db, applicationId) =>
    db
      .select({
        tracking_code: a.tracking_code,
        consultancy: consultancies.name,
        full_name: a.full_name,
        email: a.email,
        phone: a.phone,
        address: a.address,
        destination: destinations.name,
        course: courses.name,
        university: universities.name,
        preferred_intake: a.preferred_intake,
        education_level: a.education_level,
        message: a.message,
        status: a.status,
        notify_applicant: a.notify_applicant,
        created_at: a.created_at,
        updated_at: a.updated_at,
      })
      .from(a)
      .innerJoin(consultancies, eq(consultancies.id, a.consultancy_id))
      .leftJoin(destinations, eq(destinations.id, a.destination_id))
      .leftJoin(courses, eq(courses.id, a.course_id))
      .leftJoin(universities, eq(universities.id, a.university_id))
      .where(eq(a.id, applicationId)),
  // the consultancy, destination, course, stage and dates stay (the outcome, without identity); a new
  // random code nobody is told makes the student's code find nothing, and a new fingerprint keeps a
  // later identical application from being taken for this one
  erase: async (tx, applicationId) => {
    const rows = await tx
      .update(a)
      .set({
        full_name: '',
        email: '',
        phone: '',
        address: '',
        message: '',
        notify_applicant: false,
        tracking_code: newTrackingCode(),
        fingerprint: `erased-${applicationId}`,
      })
      .where(eq(a.id, applicationId))
      .returning({ id: a.id });
    return { rows: rows.length, files: [] };
  },
};

// the mails about it (to the student and to the consultancy) carry names and addresses; their keys
// start with the application's (server/services/notices.ts); not exported: the student got them
const mailEntry: PersonalData = {
  name: 'mail',
  erase: async (tx, applicationId) => {
    const rows = await tx
      .delete(outboxMessages)
      .where(like(outboxMessages.key, `application.${applicationId}.%`))
      .returning({ id: outboxMessages.id });
    return { rows: rows.length, files: [] };
  },
};

/** Every kind of personal data linked to an application, in erasure order (the application itself last). */
export const APPLICATION_DATA: PersonalData[] = [
  documentsEntry,
  documentRequestsEntry,
  messagesEntry,
  paymentsEntry,
  agreementEntry,
  notesEntry,
  historyEntry,
  mailEntry,
  applicationEntry,
];

/** The export: data.json's content per entry (the application as one object) and the files to add. */
export async function collectApplicationData(db: Db, applicationId: number) {
  const data: Record<string, unknown> = {};
  const files: ArchivedFile[] = [];
  for (const entry of APPLICATION_DATA) {
    if (entry.rows) {
      const rows = await entry.rows(db, applicationId);
      data[entry.name] = entry === applicationEntry ? rows[0] : rows;
    }
    if (entry.files) files.push(...(await entry.files(db, applicationId)));
  }
  return { data, files };
}
