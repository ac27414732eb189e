import crypto from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { rowsOf } from '../db/index.ts';
import { complaints, consultancyApplications, forumQuestions, outboxMessages, siteSettings, users } from '../db/schema/index.ts';
import { registry } from '../entities/registry.ts';
import { INSTITUTIONS, type InquiryKind } from '../../src/lib/contract/institutions.ts';
import { compose, siteUrl, type Mail } from '../mail.ts';
import { STAGE_LABELS, type Stage } from '../../src/lib/contract/applications.ts';
import { formatDate } from '../../src/lib/format.ts';
import { INQUIRY_CALL_BACK_DAYS, inquiryReference } from '../../src/lib/contract/leads.ts';
import { enqueue } from './outbox.ts';
import { overdue } from './complaint-overdue.ts';
import { notPromotable } from './settings.ts';
import type { Runner } from './tx.ts';

/**
 * The messages that tell people something happened, each written by its event's service inside the
 * event's own transaction (so it exists exactly when the event does). Each says only what its
 * recipient may see anyway: an applicant reads of their own application, a consultancy of what its
 * dashboard shows, a complainant of their own complaint; nobody learns another's address.
 */

export type Site = Pick<Config, 'siteUrl' | 'port'>;

/** An institution's name and the address on its public profile. */
async function profileOf(db: Runner, kind: InquiryKind, id: number) {
  const { table, decl } = registry[INSTITUTIONS[kind].entity];
  return rowsOf<{ name: string; email: string }>(
    await db.execute(sql`SELECT ${sql.identifier(decl.titleField)} AS name, email FROM ${table} WHERE id = ${id}`),
  )[0];
}

/**
 * Where an institution's notices go: its accounts' addresses (they sign in to the dashboard), else
 * the address on its public profile.
 */
export async function institutionAddresses(db: Runner, kind: InquiryKind, id: number): Promise<string[]> {
  const accounts = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users[`${kind}_id`], id), eq(users.role, kind), eq(users.active, true)));
  if (accounts.length) return accounts.map((a) => a.email);
  const row = await profileOf(db, kind, id);
  return row?.email ? [row.email] : [];
}

/**
 * Who answers for a case when the student writes, uploads or disputes something: the consultancy's
 * owners and the counsellor assigned to it (not every counsellor), else the address on its profile.
 */
export async function caseAddresses(db: Runner, applicationId: number, consultancyId: number): Promise<string[]> {
  const [assigned] = await db
    .select({ counsellor: consultancyApplications.counsellor_id })
    .from(consultancyApplications)
    .where(eq(consultancyApplications.id, applicationId));
  const accounts = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.consultancy_id, consultancyId),
        eq(users.role, 'consultancy'),
        eq(users.active, true),
        or(eq(users.staff_role, 'owner'), assigned?.counsellor ? eq(users.id, assigned.counsellor) : undefined),
      ),
    )
    .orderBy(asc(users.id));
  return accounts.length ? accounts.map((u) => u.email) : institutionAddresses(db, 'consultancy', consultancyId);
}

const institutionName = async (db: Runner, kind: InquiryKind, id: number) => (await profileOf(db, kind, id))?.name ?? `the ${kind}`;
export const consultancyName = (db: Runner, id: number) => institutionName(db, 'consultancy', id);

/** One message per address, the event's key with the recipient's place in the list. */
export const toEach = (addresses: string[], key: string, subject: string, blocks: Parameters<typeof compose>[3]): Mail[] =>
  addresses.map((to, i) => compose(`${key}.${i}`, to, subject, blocks));

export async function application(db: Runner, id: number) {
  const [row] = await db
    .select({
      id: consultancyApplications.id,
      tracking_code: consultancyApplications.tracking_code,
      full_name: consultancyApplications.full_name,
      email: consultancyApplications.email,
      consultancy_id: consultancyApplications.consultancy_id,
      notify: consultancyApplications.notify_applicant,
    })
    .from(consultancyApplications)
    .where(eq(consultancyApplications.id, id));
  return row!;
}

export const trackLink = (site: Site, code: string) => ({
  href: `${siteUrl(site)}/track/?code=${encodeURIComponent(code)}`,
  label: 'See where your application stands',
});
export const stopLine = 'You can stop these messages about this application on its tracking page.';
export const dashboard = (site: Site, path: string, label: string) => ({ href: `${siteUrl(site)}/dashboard/${path}/`, label });

/** A new application: its tracking code to the applicant; a notice to the consultancy. */
export async function applicationSubmitted(db: Runner, site: Site, applicationId: number) {
  const a = await application(db, applicationId);
  const name = await consultancyName(db, a.consultancy_id);
  const key = `application.${a.id}.submitted`;
  await enqueue(
    db,
    compose(`${key}.applicant`, a.email, `Your application to ${name} was received`, [
      `Hello ${a.full_name},`,
      `${name} has received your application. Your tracking code is ${a.tracking_code}: keep it to follow your application and to edit it until the consultancy starts working on it.`,
      trackLink(site, a.tracking_code),
      stopLine,
    ]),
    ...toEach(
      await institutionAddresses(db, 'consultancy', a.consultancy_id),
      `${key}.consultancy`,
      `New application from ${a.full_name}`,
      [
        `${a.full_name} applied to ${name} through StudyAbroad Nepal (tracking code ${a.tracking_code}).`,
        'Their details and documents are in your dashboard:',
        dashboard(site, 'applications', 'Open your applications'),
      ],
    ),
  );
}

/** The consultancy moved the application: the new status and its note, to the applicant (unless they stopped these). */
export async function applicationStatusChanged(
  db: Runner,
  site: Site,
  applicationId: number,
  historyId: number,
  status: Stage,
  note: string,
) {
  const a = await application(db, applicationId);
  if (!a.notify) return;
  const name = await consultancyName(db, a.consultancy_id);
  await enqueue(
    db,
    compose(`application.${a.id}.status.${historyId}`, a.email, `Your application is now "${STAGE_LABELS[status]}"`, [
      `Hello ${a.full_name},`,
      `${name} moved your application ${a.tracking_code} to "${STAGE_LABELS[status]}".`,
      ...(note ? [`Their note: ${note}`] : []),
      trackLink(site, a.tracking_code),
      stopLine,
    ]),
  );
}

/** The applicant changed or withdrew their application: a notice to the consultancy. */
export async function applicationChangedByApplicant(
  db: Runner,
  site: Site,
  applicationId: number,
  change: { withdrawn: string } | 'edited',
) {
  const a = await application(db, applicationId);
  const withdrawn = change !== 'edited';
  const subject = withdrawn ? `${a.full_name} withdrew their application` : `${a.full_name} changed their application`;
  await enqueue(
    db,
    ...toEach(
      await institutionAddresses(db, 'consultancy', a.consultancy_id),
      `application.${a.id}.${withdrawn ? 'withdrawn' : `edited.${crypto.randomUUID()}`}`,
      subject,
      [
        withdrawn
          ? `${a.full_name} withdrew their application ${a.tracking_code}.${change.withdrawn ? ` Their reason: ${change.withdrawn}` : ''}`
          : `${a.full_name} changed the details or documents of their application ${a.tracking_code}.`,
        dashboard(site, 'applications', 'Open your applications'),
      ],
    ),
  );
}

/**
 * A new inquiry: a notice to the consultancy or college it was sent to (which sees it in its
 * dashboard), and to the student what happens next: its reference, who calls, on which number, and when.
 */
export async function inquiryReceived(
  db: Runner,
  site: Site,
  inquiry: { id: number; name: string; email: string; phone: string; entity_type: InquiryKind; entity_id: number },
) {
  const { entity_type: kind, entity_id: id } = inquiry;
  const reference = inquiryReference(inquiry.id);
  const name = await institutionName(db, kind, id);
  await enqueue(
    db,
    compose(`inquiry.${inquiry.id}.student`, inquiry.email, `Your request ${reference} was received`, [
      `Hello ${inquiry.name},`,
      `${name} received your request for free counselling. Its reference is ${reference}.`,
      `What happens next: ${name} will call you on ${inquiry.phone} within ${INQUIRY_CALL_BACK_DAYS} working days. Please quote ${reference} when they call or when you contact them.`,
      'If you did not ask for this, you can ignore this message.',
    ]),
    ...toEach(await institutionAddresses(db, kind, id), `inquiry.${inquiry.id}`, `New inquiry from ${inquiry.name}`, [
      `${inquiry.name} sent you an inquiry through StudyAbroad Nepal (reference ${reference}). Their message and contact details are in your dashboard:`,
      dashboard(site, 'inquiries', 'Open your inquiries'),
    ]),
  );
}

/**
 * A new complaint: its reference and follow-up code to the complainant (the code is known only now:
 * just its hash is stored), and a notice with the answer's deadline to the consultancy.
 * `codeKey` tells a resent code apart (the same form sent twice gets a new code).
 */
export async function complaintReceived(
  db: Runner,
  site: Site,
  complaintId: number,
  code: string,
  codeKey = 'submitted',
  tellConsultancy = true,
) {
  const [c] = await db
    .select({
      id: complaints.id,
      reference: complaints.reference,
      name: complaints.name,
      email: complaints.email,
      subject: complaints.subject,
      consultancy_id: complaints.consultancy_id,
      answer_due_at: complaints.answer_due_at,
    })
    .from(complaints)
    .where(eq(complaints.id, complaintId));
  if (!c) return;
  const follow = { href: `${siteUrl(site)}/complaint/track/?code=${encodeURIComponent(code)}`, label: 'Follow your complaint' };
  const mails = [
    compose(`complaint.${c.id}.${codeKey}.complainant`, c.email, `Your complaint ${c.reference} was received`, [
      `Hello ${c.name},`,
      `We received your complaint "${c.subject}". Its reference is ${c.reference}, and your follow-up code is ${code}. Keep the code private: with it you follow your complaint, read the answers and reply.`,
      follow,
    ]),
  ];
  if (c.consultancy_id && tellConsultancy) {
    mails.push(
      ...toEach(
        await institutionAddresses(db, 'consultancy', c.consultancy_id),
        `complaint.${c.id}.submitted.consultancy`,
        `A complaint about you: ${c.reference}`,
        [
          `A complaint about ${await consultancyName(db, c.consultancy_id)} was filed on StudyAbroad Nepal: "${c.subject}" (reference ${c.reference}).`,
          `Please answer it by ${formatDate(c.answer_due_at)}: whether complaints are answered in time shows on your public page.`,
          dashboard(site, 'complaints', 'Open your complaints'),
        ],
      ),
    );
  }
  await enqueue(db, ...mails);
}

/** The consultancy answered: a notice to the complainant (the answer itself is read with the follow-up code). */
export async function complaintAnswered(db: Runner, site: Site, complaintId: number, eventKey: string) {
  const [c] = await db
    .select({ id: complaints.id, reference: complaints.reference, name: complaints.name, email: complaints.email })
    .from(complaints)
    .where(eq(complaints.id, complaintId));
  if (!c) return;
  await enqueue(
    db,
    compose(`complaint.${c.id}.answer.${eventKey}`, c.email, `Your complaint ${c.reference} has an answer`, [
      `Hello ${c.name},`,
      `The consultancy answered your complaint ${c.reference}. Read it, and reply if you wish, with your follow-up code:`,
      { href: `${siteUrl(site)}/complaint/track/`, label: 'Follow your complaint' },
    ]),
  );
}

/**
 * Complaints that went past their deadline unanswered: one reminder each to the consultancy. Run
 * now and then by every worker; the key (one per complaint) makes a second run, or a second
 * instance running it at the same time, add nothing.
 */
export async function overdueComplaints(db: Runner, site: Site) {
  const key = sql`'complaint.' || ${complaints.id} || '.overdue.0'`;
  const due = await db
    .select({
      id: complaints.id,
      reference: complaints.reference,
      subject: complaints.subject,
      consultancy_id: complaints.consultancy_id,
      answer_due_at: complaints.answer_due_at,
    })
    .from(complaints)
    .leftJoin(outboxMessages, eq(outboxMessages.key, key))
    .where(and(overdue, isNotNull(complaints.consultancy_id), isNull(outboxMessages.id)));
  for (const c of due) {
    await enqueue(
      db,
      ...toEach(
        await institutionAddresses(db, 'consultancy', c.consultancy_id!),
        `complaint.${c.id}.overdue`,
        `Overdue: complaint ${c.reference} is not answered`,
        [
          `The complaint "${c.subject}" (reference ${c.reference}) was due an answer by ${formatDate(c.answer_due_at)} and has none yet. Your public page shows complaints answered late.`,
          dashboard(site, 'complaints', 'Answer it now'),
        ],
      ),
    );
  }
  return due.length;
}

/**
 * The featured counselling consultancy may no longer be promoted (its licence lapsed or was
 * withdrawn, or it lost `verified`): the site settings stopped giving it, so the banner is gone,
 * and every admin is told once, to choose another. Run by every worker's sweep and right after
 * the writes that withdraw a licence or `verified`; the key (the consultancy and the moment it
 * was featured) makes a second run add nothing, and featuring it again after a renewal starts afresh.
 */
export async function featuredWithdrawn(db: Runner, site: Site) {
  const [s] = await db
    .select({
      id: siteSettings.featured_counselling_consultancy_id,
      since: sql<string>`floor(extract(epoch from ${siteSettings.updated_at}))::bigint::text`,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  if (!s?.id) return 0;
  const key = `settings.featured.${s.id}.${s.since}.withdrawn`;
  const [sent] = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(like(outboxMessages.key, `${key}.%`))
    .limit(1);
  if (sent) return 0;
  const why = await notPromotable(db, s.id);
  if (!why) return 0;
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)));
  await enqueue(
    db,
    ...toEach(
      admins.map((a) => a.email),
      key,
      'The counselling banner no longer features its consultancy',
      [
        `The site no longer promotes the featured counselling consultancy: ${why}`,
        'The floating counselling banner and the booking dialog are hidden until you feature a verified consultancy with a verified, unexpired licence.',
        { href: `${siteUrl(site)}/admin/settings/`, label: 'Choose another consultancy' },
      ],
    ),
  );
  return admins.length;
}

/** Someone else replied to a forum question: a notice to its asker (replies are public; no address is shown). */
export async function forumReplied(db: Runner, site: Site, questionId: number, replyId: number, replierId: number) {
  const [q] = await db
    .select({ title: forumQuestions.title, author_id: forumQuestions.author_id, email: users.email, first_name: users.first_name })
    .from(forumQuestions)
    .innerJoin(users, eq(users.id, forumQuestions.author_id))
    .where(and(eq(forumQuestions.id, questionId), eq(users.active, true)));
  if (!q || q.author_id === replierId) return;
  await enqueue(
    db,
    compose(`forum.reply.${replyId}`, q.email, `New reply to "${q.title}"`, [
      `Hello${q.first_name ? ` ${q.first_name}` : ''},`,
      `Someone replied to your question "${q.title}" in the StudyAbroad Nepal forum.`,
      { href: `${siteUrl(site)}/forum/${questionId}/`, label: 'Read the reply' },
    ]),
  );
}

/** A moderator removed someone's post: the author learns why, and gets back what they wrote. */
export async function forumPostRemoved(
  db: Runner,
  post: { kind: 'question' | 'reply'; id: number; email: string; title: string; body: string },
  reason: string,
) {
  const what = post.kind === 'question' ? `your question “${post.title}”` : `your reply to “${post.title}”`;
  await enqueue(
    db,
    compose(`forum.removed.${post.kind}.${post.id}`, post.email, `A moderator removed ${what}`, [
      `A moderator of the student forum removed ${what}.`,
      `Why: ${reason}`,
      `What you wrote:\n${post.body}`,
    ]),
  );
}
