import { asc, eq, inArray } from 'drizzle-orm';
import {
  applicationAgreements,
  applicationMessageFiles,
  applicationMessages,
  applicationNotes,
  applicationPayments,
} from '../db/schema/index.ts';
import type { PersonalData } from './application-data.ts';

/**
 * The case's share of an application's personal data (issue 26): the thread with its attachments,
 * the payments, the agreement and the staff's private notes, as entries of APPLICATION_DATA.
 */
const m = applicationMessages;
const mf = applicationMessageFiles;

const attachmentPath = (id: number, name: string) => `messages/${id}-${name.replace(/[^\w.-]+/g, '_').slice(-100) || 'attachment'}`;

const attachmentsOf = (db: Parameters<NonNullable<PersonalData['rows']>>[0], applicationId: number) =>
  db
    .select({ id: mf.id, message_id: mf.message_id, key: mf.storage_key, name: mf.original_name, mime: mf.mime, size: mf.size })
    .from(mf)
    .innerJoin(m, eq(m.id, mf.message_id))
    .where(eq(m.application_id, applicationId))
    .orderBy(asc(mf.id));

export const messagesEntry: PersonalData = {
  name: 'messages',
  rows: async (db, applicationId) => {
    const messages = await db
      .select({ id: m.id, author: m.author, body: m.body, created_at: m.created_at })
      .from(m)
      .where(eq(m.application_id, applicationId))
      .orderBy(asc(m.created_at), asc(m.id));
    const files = await attachmentsOf(db, applicationId);
    return messages.map((message) => ({
      ...message,
      attachments: files
        .filter((f) => f.message_id === message.id)
        .map((f) => ({ name: f.name, mime: f.mime, size: f.size, file: attachmentPath(f.id, f.name) })),
    }));
  },
  files: async (db, applicationId) =>
    (await attachmentsOf(db, applicationId)).map((f) => ({ key: f.key, path: attachmentPath(f.id, f.name) })),
  erase: async (tx, applicationId) => {
    const ids = (await tx.select({ id: m.id }).from(m).where(eq(m.application_id, applicationId))).map((r) => r.id);
    const files = ids.length ? await tx.delete(mf).where(inArray(mf.message_id, ids)).returning({ key: mf.storage_key }) : [];
    const rows = await tx.delete(m).where(eq(m.application_id, applicationId)).returning({ id: m.id });
    return { rows: rows.length + files.length, files: files.map((f) => f.key) };
  },
};

const p = applicationPayments;

/** Payments stay without the student's words: the consultancy's money record (and its missing receipts) outlives the identity. */
export const paymentsEntry: PersonalData = {
  name: 'payments',
  rows: (db, applicationId) =>
    db
      .select({
        purpose: p.purpose,
        amount_npr: p.amount_npr,
        receipt_number: p.receipt_number,
        paid_on: p.paid_on,
        state: p.state,
        dispute_reason: p.dispute_reason,
      })
      .from(p)
      .where(eq(p.application_id, applicationId))
      .orderBy(asc(p.paid_on), asc(p.id)),
  erase: async (tx, applicationId) => {
    const rows = await tx.update(p).set({ dispute_reason: '' }).where(eq(p.application_id, applicationId)).returning({ id: p.id });
    return { rows: rows.length, files: [] };
  },
};

const ag = applicationAgreements;
const agreementPath = (name: string) => `agreement/${name.replace(/[^\w.-]+/g, '_').slice(-100) || 'agreement'}`;

export const agreementEntry: PersonalData = {
  name: 'agreement',
  rows: (db, applicationId) =>
    db
      .select({ original_name: ag.original_name, mime: ag.mime, size: ag.size, created_at: ag.created_at })
      .from(ag)
      .where(eq(ag.application_id, applicationId)),
  files: async (db, applicationId) =>
    (await db.select({ key: ag.storage_key, name: ag.original_name }).from(ag).where(eq(ag.application_id, applicationId))).map((r) => ({
      key: r.key,
      path: agreementPath(r.name),
    })),
  erase: async (tx, applicationId) => {
    const rows = await tx.delete(ag).where(eq(ag.application_id, applicationId)).returning({ key: ag.storage_key });
    return { rows: rows.length, files: rows.map((r) => r.key) };
  },
};

/** The staff's private notes: never in the student's download, gone with the identity they are about. */
export const notesEntry: PersonalData = {
  name: 'staff_notes',
  erase: async (tx, applicationId) => {
    const rows = await tx
      .delete(applicationNotes)
      .where(eq(applicationNotes.application_id, applicationId))
      .returning({ id: applicationNotes.id });
    return { rows: rows.length, files: [] };
  },
};
