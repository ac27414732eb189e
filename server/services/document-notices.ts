import crypto from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DOCUMENT_REMINDER_DAYS } from '../../src/lib/contract/documents.ts';
import { formatDate } from '../../src/lib/format.ts';
import { consultancyApplications, documentRequests, outboxMessages } from '../db/schema/index.ts';
import { compose } from '../mail.ts';
import { application, caseAddresses, consultancyName, dashboard, stopLine, toEach, trackLink, type Site } from './notices.ts';
import { enqueue } from './outbox.ts';
import type { Runner } from './tx.ts';

/**
 * The applicant's mails about requested documents: what was asked, what was rejected and why, and
 * reminders before a due date. Each links to /track/ and carries no file; none is sent to an
 * applicant who stopped messages about the application.
 */

export const todayInNepal = sql<string>`(now() AT TIME ZONE 'Asia/Kathmandu')::date`;

const listed = (rows: { name: string; due_on: string }[]) => rows.map((r) => `- ${r.name} (due ${formatDate(r.due_on)})`).join('\n');

/** The consultancy asked for documents (one or several at once): one mail naming them all. */
export async function documentsRequested(db: Runner, site: Site, applicationId: number, requestIds: number[]) {
  const a = await application(db, applicationId);
  if (!a.notify || !requestIds.length) return;
  const rows = await db
    .select({ name: documentRequests.name, due_on: documentRequests.due_on })
    .from(documentRequests)
    .where(inArray(documentRequests.id, requestIds))
    .orderBy(documentRequests.id);
  const name = await consultancyName(db, a.consultancy_id);
  await enqueue(
    db,
    compose(`application.${a.id}.documents.requested.${Math.min(...requestIds)}`, a.email, `${name} asks you for documents`, [
      `Hello ${a.full_name},`,
      `${name} asks you for these documents for your application ${a.tracking_code}:\n${listed(rows)}`,
      'Upload each one on the tracking page with your tracking code. Do not send documents by email.',
      trackLink(site, a.tracking_code),
      stopLine,
    ]),
  );
}

/** The consultancy rejected an upload: the reason, and the way to upload it again. */
export async function documentRejected(db: Runner, site: Site, applicationId: number, request: { name: string; reason: string }) {
  const a = await application(db, applicationId);
  if (!a.notify) return;
  const name = await consultancyName(db, a.consultancy_id);
  await enqueue(
    db,
    compose(`application.${a.id}.document.rejected.${crypto.randomUUID()}`, a.email, `Please upload your ${request.name} again`, [
      `Hello ${a.full_name},`,
      `${name} could not accept the ${request.name} you uploaded for application ${a.tracking_code}. Their reason: ${request.reason}`,
      'Upload it again on the tracking page with your tracking code.',
      trackLink(site, a.tracking_code),
      stopLine,
    ]),
  );
}

/** The student uploaded a document: a notice to those who answer for the case, to check it. */
export async function documentReceived(db: Runner, site: Site, applicationId: number, documentName: string) {
  const a = await application(db, applicationId);
  const key = `application.${a.id}.document.received.${crypto.randomUUID()}`;
  await enqueue(
    db,
    ...toEach(await caseAddresses(db, a.id, a.consultancy_id), key, `${a.full_name} uploaded ${documentName}`, [
      `${a.full_name} uploaded ${documentName} for application ${a.tracking_code}. Accept it, or reject it with a reason, in your dashboard:`,
      dashboard(site, 'applications', 'Open your applications'),
    ]),
  );
}

/** The window of each reminder: from `days` before the due date until the next, nearer, reminder's. */
const windows = DOCUMENT_REMINDER_DAYS.map((days, i) => ({ days, until: DOCUMENT_REMINDER_DAYS[i + 1] ?? 0 }));

/** The key `remind` gives its mail, in SQL over a request's row. */
const reminderKey = (days: number) =>
  sql`'application.' || ${documentRequests.application_id} || '.documents.due.' || ${documentRequests.due_on}::text || '.' || ${String(days)}`;

/**
 * Documents still owed (requested, or rejected and not uploaded again) whose due date is near: one
 * mail per application, due date and reminder, naming them. Run now and then by every worker, like
 * the overdue complaints; the key makes a second run, or a second instance, add nothing. A request
 * made after a reminder's window opened gets no such reminder: its request mail was just sent.
 */
export async function documentReminders(db: Runner, site: Site) {
  let sent = 0;
  for (const { days, until } of windows) {
    const r = documentRequests;
    const due = await db
      .select({ application_id: r.application_id, name: r.name, due_on: r.due_on })
      .from(r)
      .innerJoin(consultancyApplications, eq(consultancyApplications.id, r.application_id))
      .leftJoin(outboxMessages, eq(outboxMessages.key, reminderKey(days)))
      .where(
        and(
          inArray(r.state, ['requested', 'rejected']),
          eq(consultancyApplications.notify_applicant, true),
          sql`${todayInNepal} >= ${r.due_on} - ${days}::int and ${todayInNepal} < ${r.due_on} - ${until}::int`,
          sql`(${r.created_at} AT TIME ZONE 'Asia/Kathmandu')::date < ${r.due_on} - ${days}::int`,
          isNull(outboxMessages.id),
        ),
      )
      .orderBy(r.application_id, r.id);
    const groups = new Map<string, typeof due>();
    for (const row of due) {
      const key = `${row.application_id}|${row.due_on}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const rows of groups.values()) {
      await remind(db, site, rows, days);
      sent++;
    }
  }
  return sent;
}

async function remind(db: Runner, site: Site, rows: { application_id: number; name: string; due_on: string }[], days: number) {
  const a = await application(db, rows[0]!.application_id);
  const name = await consultancyName(db, a.consultancy_id);
  const when = days === 1 ? 'tomorrow' : `in ${days} days`;
  await enqueue(
    db,
    compose(`application.${a.id}.documents.due.${rows[0]!.due_on}.${days}`, a.email, `Reminder: documents due ${when}`, [
      `Hello ${a.full_name},`,
      `${name} is still waiting for these documents for your application ${a.tracking_code}:\n${listed(rows)}`,
      trackLink(site, a.tracking_code),
      stopLine,
    ]),
  );
}
