import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { applicationAgreements, applicationPayments, consultancies, consultancyApplications } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { removeUnreferenced } from '../storage/references.ts';
import { withStoredFiles, type FormData } from '../uploads.ts';
import { dayInNepal } from '../../src/lib/format.ts';
import {
  PAYMENT_STATE_LABELS,
  type CasePayments,
  type PaymentState,
  type paymentRecord,
  type receiptGiven,
} from '../../src/lib/contract/cases.ts';
import type { CaseApplication } from '../access/cases.ts';
import type { Reader } from './case-messages.ts';
import * as caseNotices from './case-notices.ts';
import { pageQuery, pageWindow } from './paging.ts';

/** The agreement's file field: one PDF or image. */
export const agreementRules = { agreement: { kind: 'document' } } as const;

const p = applicationPayments;
const paymentColumns = {
  id: p.id,
  purpose: p.purpose,
  amount_npr: p.amount_npr,
  receipt_number: p.receipt_number,
  paid_on: p.paid_on,
  state: p.state,
  dispute_reason: p.dispute_reason,
  created_at: p.created_at,
  updated_at: p.updated_at,
};
type PaymentRow = { receipt_number: string; state: string };
/** A payment as the API answers it: its missing receipt flagged, its state said. */
const shown = <T extends PaymentRow>(row: T) => ({
  ...row,
  state: row.state as PaymentState,
  state_label: PAYMENT_STATE_LABELS[row.state as PaymentState],
  receipt_missing: row.receipt_number === '',
});

const agreementUrl = (application: CaseApplication, reader: Reader) =>
  reader.side === 'applicant'
    ? `/api/consultancy-application/case/${encodeURIComponent(reader.code)}/agreement/`
    : `/api/consultancy-application/${application.id}/agreement/`;

/** The payments of an application, newest first, with their total and the agreement (when there is one). */
export async function listPayments(db: Db, application: CaseApplication, reader: Reader): Promise<CasePayments> {
  const rows = await db.select(paymentColumns).from(p).where(eq(p.application_id, application.id)).orderBy(desc(p.paid_on), desc(p.id));
  const [agreement] = await db
    .select({
      original_name: applicationAgreements.original_name,
      size: applicationAgreements.size,
      uploaded_at: applicationAgreements.updated_at,
    })
    .from(applicationAgreements)
    .where(eq(applicationAgreements.application_id, application.id));
  return {
    results: rows.map(shown),
    total_npr: rows.reduce((sum, r) => sum + r.amount_npr, 0),
    agreement: agreement ? { ...agreement, url: agreementUrl(application, reader) } : null,
  };
}

/** The consultancy records a payment it took; the student is asked to confirm it. */
export async function recordPayment(
  app: FastifyInstance,
  user: SessionUser,
  application: CaseApplication,
  input: z.infer<typeof paymentRecord>,
) {
  if (input.paid_on > dayInNepal())
    throw badRequest('Some values are not valid.', { paid_on: ['A payment cannot be dated in the future'] });
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(p)
      .values({ ...input, application_id: application.id, recorded_by: user.id })
      .returning({ id: p.id });
    await caseNotices.paymentRecorded(tx, app.config, application.id, row!.id, input.amount_npr);
  });
  app.outbox.kick();
}

/** A receipt number given after the payment was recorded without one; a recorded number is never changed. */
export async function giveReceipt(db: Db, application: CaseApplication, paymentId: number, input: z.infer<typeof receiptGiven>) {
  const [row] = await db
    .update(p)
    .set({ receipt_number: input.receipt_number, updated_at: sql`now()` })
    .where(and(eq(p.id, paymentId), eq(p.application_id, application.id), eq(p.receipt_number, '')))
    .returning({ id: p.id });
  if (row) return;
  const [exists] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.id, paymentId), eq(p.application_id, application.id)));
  if (!exists) throw notFound('Payment not found.');
  throw conflict('This payment already has a receipt number.');
}

/** The student confirms or disputes a payment, once: a payment already answered stays as answered. */
export async function answerPayment(
  app: FastifyInstance,
  application: CaseApplication,
  paymentId: number,
  answer: { state: 'confirmed' } | { state: 'disputed'; reason: string },
) {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(p)
      .set({ state: answer.state, dispute_reason: answer.state === 'disputed' ? answer.reason : '', updated_at: sql`now()` })
      .where(and(eq(p.id, paymentId), eq(p.application_id, application.id), eq(p.state, 'recorded')))
      .returning({ id: p.id });
    if (!row) {
      const [exists] = await tx
        .select({ state: p.state })
        .from(p)
        .where(and(eq(p.id, paymentId), eq(p.application_id, application.id)));
      if (!exists) throw notFound('Payment not found.');
      throw conflict(`This payment was already ${exists.state}.`);
    }
    if (answer.state === 'disputed') await caseNotices.paymentDisputed(tx, app.config, application.id, paymentId);
  });
  app.outbox.kick();
}

export const flaggedQuery = z.strictObject({
  ...pageQuery,
  flag: z.enum(['no_receipt', 'disputed'], { error: 'Must be one of no_receipt, disputed' }).optional(),
});

/** For admins: payments recorded without a receipt, and payments students disputed, oldest first (the longest waiting). */
export async function flaggedPayments(db: Db, q: z.infer<typeof flaggedQuery>) {
  const noReceipt = eq(p.receipt_number, '');
  const disputed = eq(p.state, 'disputed');
  const where = q.flag === 'no_receipt' ? noReceipt : q.flag === 'disputed' ? disputed : or(noReceipt, disputed);
  const [total] = await db.select({ n: count() }).from(p).where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({
      ...paymentColumns,
      application_id: p.application_id,
      tracking_code: consultancyApplications.tracking_code,
      consultancy_id: consultancyApplications.consultancy_id,
      consultancy_name: consultancies.name,
      full_name: consultancyApplications.full_name,
    })
    .from(p)
    .innerJoin(consultancyApplications, eq(consultancyApplications.id, p.application_id))
    .innerJoin(consultancies, eq(consultancies.id, consultancyApplications.consultancy_id))
    .where(where)
    .orderBy(asc(p.created_at), asc(p.id))
    .limit(limit)
    .offset(offset);
  return { count: total!.n, results: rows.map(shown) };
}

/** The consultancy's written agreement: one per application, a new upload replaces it (and the old file goes once no row names it). */
export async function putAgreement(app: FastifyInstance, user: SessionUser, application: CaseApplication, form: FormData) {
  const file = form.files.find((f) => f.field === 'agreement');
  if (!file) throw badRequest('Some values are not valid.', { agreement: ['Attach the agreement (PDF or image)'] });
  const [before] = await app.db
    .select({ key: applicationAgreements.storage_key })
    .from(applicationAgreements)
    .where(eq(applicationAgreements.application_id, application.id));
  await withStoredFiles(app.db, app.privateStorage, [file], async (files) => {
    const values = {
      storage_key: files.stored[0]!.ref,
      original_name: file.originalName.slice(0, 255),
      mime: file.mime,
      size: file.data.length,
      uploaded_by: user.id,
    };
    await app.db
      .insert(applicationAgreements)
      .values({ application_id: application.id, ...values })
      .onConflictDoUpdate({ target: applicationAgreements.application_id, set: { ...values, updated_at: sql`now()` } });
  });
  if (before) await removeUnreferenced(app.db, app.privateStorage, [before.key]);
}

/** The agreement's file, for whoever may read the application. */
export async function agreementFile(db: Db, application: CaseApplication) {
  const [row] = await db
    .select({ key: applicationAgreements.storage_key, name: applicationAgreements.original_name })
    .from(applicationAgreements)
    .where(eq(applicationAgreements.application_id, application.id));
  if (!row) throw notFound('No agreement has been attached.');
  return row;
}
