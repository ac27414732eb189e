import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { COMPLAINT_ANSWER_DAYS } from '../../../src/lib/contract/complaints.ts';
import { DOCUMENT_NAME_MAX } from '../../../src/lib/contract/documents.ts';
import type { ActorRole, Answer } from '../../../src/lib/contract/applications.ts';
import { id, timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { consultancies, courses, destinations, exams, universities } from './content.ts';

export const consultancyApplications = pgTable(
  'consultancy_applications',
  {
    id: id(),
    tracking_code: varchar('tracking_code', { length: 32 }).notNull().unique(),
    consultancy_id: integer('consultancy_id')
      .notNull()
      .references(() => consultancies.id, { onDelete: 'cascade' }),
    full_name: varchar('full_name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 40 }).notNull(),
    address: varchar('address', { length: 300 }).notNull().default(''),
    destination_id: integer('destination_id').references(() => destinations.id, { onDelete: 'set null' }),
    course_id: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    university_id: integer('university_id').references(() => universities.id, { onDelete: 'set null' }),
    preferred_intake: varchar('preferred_intake', { length: 60 }).notNull().default(''),
    education_level: varchar('education_level', { length: 120 }).notNull().default(''),
    message: text('message').notNull().default(''),
    status: varchar('status', { length: 40 }).notNull().default('submitted'),
    /** the applicant's choice on the tracking page: false stops mails about this application */
    notify_applicant: boolean('notify_applicant').notNull().default(true),
    /** the consultancy's counsellor working the case */
    counsellor_id: integer('counsellor_id').references(() => users.id, { onDelete: 'set null' }),
    /** when the consultancy means to look at it again: due-today lists it from that day */
    follow_up_on: date('follow_up_on', { mode: 'string' }),
    /** Content hash of the submission, so the same form sent twice within minutes is stored once. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    ...timestamps(),
  },
  (t) => [
    index('applications_consultancy_idx').on(t.consultancy_id, t.created_at),
    index('applications_fingerprint_idx').on(t.fingerprint),
    index('applications_counsellor_idx').on(t.counsellor_id),
    index('applications_follow_up_idx').on(t.consultancy_id, t.follow_up_on),
  ],
);

export const applicationStatusHistory = pgTable(
  'application_status_history',
  {
    id: id(),
    application_id: integer('application_id')
      .notNull()
      .references(() => consultancyApplications.id, { onDelete: 'cascade' }),
    /** the stage it moved to (src/lib/contract/applications.ts STAGES) */
    status: varchar('status', { length: 40 }).notNull(),
    note: text('note').notNull().default(''),
    /** who set it: 'counsellor' (an account of the consultancy), 'student' (by tracking code) or 'admin' */
    actor_role: varchar('actor_role', { length: 20 }).$type<ActorRole>().notNull(),
    /** the account that set it; none for the student, who has no account */
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** on an offer or visa decision: the student's answer by tracking code ('confirmed' or 'disputed'); none yet: a claim of the consultancy only */
    student_answer: varchar('student_answer', { length: 20 }).$type<Answer>(),
    student_note: text('student_note').notNull().default(''),
    answered_at: timestamp('answered_at', { withTimezone: true, mode: 'string' }),
    ...timestamps(),
  },
  (t) => [index('application_history_application_idx').on(t.application_id, t.created_at)],
);

/** A document the consultancy asked the applicant for; the files uploaded against it are application_documents rows naming it. */
export const documentRequests = pgTable(
  'document_requests',
  {
    id: id(),
    application_id: integer('application_id')
      .notNull()
      .references(() => consultancyApplications.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: DOCUMENT_NAME_MAX }).notNull(),
    note: text('note').notNull().default(''),
    /** a calendar day in Nepal: reminders go out before it */
    due_on: date('due_on', { mode: 'string' }).notNull(),
    /** DOCUMENT_STATES */
    state: varchar('state', { length: 20 }).notNull().default('requested'),
    /** why the last upload was rejected (kept until the next decision) */
    rejection_reason: text('rejection_reason').notNull().default(''),
    requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true, mode: 'string' }),
    ...timestamps(),
  },
  (t) => [index('document_requests_application_idx').on(t.application_id, t.id), index('document_requests_due_idx').on(t.due_on)],
);

export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: id(),
    application_id: integer('application_id')
      .notNull()
      .references(() => consultancyApplications.id, { onDelete: 'cascade' }),
    /** key in the private store (server/storage): documents are served only through the API, never under /media */
    storage_key: text('storage_key').notNull(),
    original_name: varchar('original_name', { length: 255 }).notNull().default(''),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    /** the document request it answers; null: attached with the application itself */
    request_id: integer('request_id').references(() => documentRequests.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [index('application_documents_application_idx').on(t.application_id), index('application_documents_request_idx').on(t.request_id)],
);

/**
 * The audit row of an application's erasure, which runs at once when its student asks (GDPR-like
 * "without undue delay"): admins see what was removed, never who it was (the application's personal
 * fields are blanked, its outcome kept for the statistics).
 */
export const applicationErasures = pgTable(
  'application_erasures',
  {
    id: id(),
    application_id: integer('application_id').references(() => consultancyApplications.id, { onDelete: 'set null' }),
    consultancy_id: integer('consultancy_id').references(() => consultancies.id, { onDelete: 'set null' }),
    /** rows removed per registry entry (server/services/application-data.ts), e.g. {"documents": 3} */
    removed: jsonb('removed').$type<Record<string, number>>().notNull().default({}),
    /** files deleted from the private store */
    files_removed: integer('files_removed').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('application_erasures_created_idx').on(t.created_at)],
);

export const complaints = pgTable(
  'complaints',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 40 }).notNull().default(''),
    consultancy_id: integer('consultancy_id').references(() => consultancies.id, { onDelete: 'set null' }),
    subject: varchar('subject', { length: 250 }).notNull(),
    message: text('message').notNull(),
    /** key in the private store, like application_documents.storage_key */
    evidence: text('evidence'),
    status: varchar('status', { length: 20 }).notNull().default('open'),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** the public reference, like C-7K3M9Q (complaints filed before references have none) */
    reference: varchar('reference', { length: 12 }).unique(),
    /** SHA-256 of the complainant's follow-up code: the code itself is shown once and never stored */
    code_hash: varchar('code_hash', { length: 64 }).unique(),
    /** the consultancy's deadline, fixed at filing (see COMPLAINT_ANSWER_DAYS) */
    answer_due_at: timestamp('answer_due_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql.raw(`now() + interval '${COMPLAINT_ANSWER_DAYS} days'`)),
    /** when the consultancy first answered: the complaint counts as answered from then */
    first_answer_at: timestamp('first_answer_at', { withTimezone: true, mode: 'string' }),
    ...timestamps(),
  },
  (t) => [
    index('complaints_fingerprint_idx').on(t.fingerprint),
    index('complaints_created_idx').on(t.created_at),
    index('complaints_consultancy_idx').on(t.consultancy_id, t.created_at),
  ],
);

export const inquiries = pgTable(
  'inquiries',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 40 }).notNull(),
    message: text('message').notNull().default(''),
    entity_type: varchar('entity_type', { length: 20 }).notNull(),
    entity_id: integer('entity_id').notNull(),
    consultancy_id: integer('consultancy_id').references(() => consultancies.id, { onDelete: 'cascade' }),
    destination_id: integer('destination_id').references(() => destinations.id, { onDelete: 'set null' }),
    exam_id: integer('exam_id').references(() => exams.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 20 }).notNull().default('new'),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    ...timestamps(),
  },
  (t) => [
    index('inquiries_entity_idx').on(t.entity_type, t.entity_id, t.created_at),
    index('inquiries_consultancy_idx').on(t.consultancy_id, t.created_at),
    index('inquiries_fingerprint_idx').on(t.fingerprint),
  ],
);
