import crypto from 'node:crypto';
import { and, count, eq, gt, gte, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { applicationStatusHistory, consultancies, consultancyApplications, consultancyReviews } from '../db/schema/index.ts';
import { bumpContentVersion } from '../content-version.ts';
import { standingChanged } from './standing-values.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { APPLICANT_STATUSES, BURST, overallOf, type Aspect } from '../../src/lib/contract/reviews.ts';
import type { hideForm, replyForm, reviewChanges, reviewForm } from '../../src/lib/contract/bodies/reviews.ts';
import { id } from '../../src/lib/contract/values.ts';
import { NEPAL_TIME } from '../../src/lib/format.ts';
import { applicationOfCode } from '../access/codes.ts';
import { containsAny, orderingOf, orderingParam, pageQuery, pageWindow } from './paging.ts';

/**
 * Reviews only from proven applicants: written with an application's tracking code once the
 * consultancy has acted on it, one per application, edited with the same code. Every change shows
 * on the consultancy's public page, so each write moves the content version (the site rebuilds).
 */

const r = consultancyReviews;
const a = consultancyApplications;

export const reviewQuery = z.strictObject({
  page: pageQuery.page,
  page_size: pageQuery.page_size,
  ordering: orderingParam,
  consultancy: id.optional(),
});
const flag = z.enum(['true', 'false'], { error: 'Must be true or false' });
export const adminReviewQuery = reviewQuery.extend({ search: pageQuery.search, signals: flag.optional(), removed: flag.optional() });

/** What a code's holder is told when the consultancy has not acted on the application yet. */
export const notActed = (consultancy: string) =>
  `${consultancy} has not started working on this application yet, so it cannot be reviewed. You can write a review once the consultancy has acted on your application.`;
export const ALREADY_REVIEWED = 'A review has already been written with this tracking code. You can edit it instead.';
const noReview = () => notFound('No review has been written with this tracking code yet.');
const reviewNotFound = () => notFound('Review not found.');

/** The address a review came from, kept only as a keyed hash: enough to match, not to know. */
export const addressHash = (ip: string, secret: string) =>
  crypto.createHmac('sha256', `consultancy-review:${secret}`).update(ip).digest('hex');

/** The consultancy acted on the application: its history holds a status only the consultancy sets. */
const acted = (applicationId: number) =>
  sql<boolean>`exists (select 1 from ${applicationStatusHistory} h where h.application_id = ${applicationId} and h.status not in (${sql.join(
    APPLICANT_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}))`;

/** The month applied, in Nepal: all the public learns of the applicant. */
const appliedMonth = sql<string>`to_char(${a.created_at} at time zone ${sql.raw(`'${NEPAL_TIME}'`)}, 'YYYY-MM')`;

const reviewColumns = {
  id: r.id,
  consultancy_id: r.consultancy_id,
  applied_month: appliedMonth,
  honesty: r.honesty,
  responsiveness: r.responsiveness,
  visa_guidance: r.visa_guidance,
  text: r.text,
  reply: r.reply,
  replied_at: r.replied_at,
  removed_reason: r.removed_reason,
  created_at: r.created_at,
  updated_at: r.updated_at,
};

const rounded = (n: number) => Math.round(n * 10) / 10;

/** A review as the public sees it: a removed one keeps only the reason it was removed for. */
function shown<T extends Record<Aspect, number> & { removed_reason: string | null }>(row: T) {
  const removed = row.removed_reason !== null;
  return {
    ...row,
    ...(removed ? { honesty: null, responsiveness: null, visa_guidance: null, text: null, reply: null, replied_at: null } : {}),
    rating: removed ? null : rounded(overallOf(row)),
    removed,
  };
}

type Application = Awaited<ReturnType<typeof applicationOfCode>>;

/** What the holder of a tracking code may do: review once the consultancy acted, then edit. */
export const reviewState = async (db: Db, code: string) => stateOf(db, await applicationOfCode(db, code));

async function stateOf(db: Db, application: Application) {
  const [[consultancy], [review], [state]] = await Promise.all([
    db
      .select({ id: consultancies.id, name: consultancies.name, slug: consultancies.slug })
      .from(consultancies)
      .where(eq(consultancies.id, application.consultancy_id)),
    db.select(reviewColumns).from(r).innerJoin(a, eq(a.id, r.application_id)).where(eq(r.application_id, application.id)),
    db
      .select({ acted: acted(application.id), applied_month: appliedMonth })
      .from(a)
      .where(eq(a.id, application.id)),
  ]);
  return {
    tracking_code: application.tracking_code,
    consultancy: consultancy!,
    applied_month: state!.applied_month,
    acted: state!.acted,
    refusal: state!.acted ? null : notActed(consultancy!.name),
    review: review ? { ...review, rating: rounded(overallOf(review)), removed: review.removed_reason !== null } : null,
  };
}

/** A first review with a tracking code; refused until the consultancy acts, and after the first. */
export async function submitReview(db: Db, input: z.infer<typeof reviewForm>, ipHash: string) {
  const { tracking_code, ...review } = input;
  const application = await applicationOfCode(db, tracking_code);
  const before = await stateOf(db, application);
  if (!before.acted) throw conflict(before.refusal!);
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(r)
      .values({ ...review, application_id: application.id, consultancy_id: application.consultancy_id, ip_hash: ipHash })
      .onConflictDoNothing({ target: r.application_id })
      .returning({ id: r.id });
    if (row) await standingChanged(tx, application.consultancy_id);
    return row;
  });
  if (!stored) throw conflict(ALREADY_REVIEWED);
  return stateOf(db, application);
}

/** The author's changes to their review, by the same code; a removed review stays removed until an admin restores it. */
export async function editReview(db: Db, code: string, changes: z.infer<typeof reviewChanges>) {
  const application = await applicationOfCode(db, code);
  if (Object.keys(changes).length === 0) throw badRequest('Nothing to change: send the ratings or text to change.');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(r)
      .set({ ...changes, updated_at: sql`now()` })
      .where(eq(r.application_id, application.id))
      .returning({ id: r.id });
    if (!row) throw noReview();
    await standingChanged(tx, application.consultancy_id);
  });
  return stateOf(db, application);
}

/** Reviews as the public page and the consultancy's dashboard show them; `consultancyId` narrows to one. */
export async function listReviews(db: Db, q: z.infer<typeof reviewQuery>, consultancyId = q.consultancy) {
  const where = consultancyId ? eq(r.consultancy_id, consultancyId) : undefined;
  const { limit, offset } = pageWindow(q);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(r).where(where),
    db
      .select(reviewColumns)
      .from(r)
      .innerJoin(a, eq(a.id, r.application_id))
      .where(where)
      .orderBy(...orderingOf(q.ordering, { created_at: r.created_at, updated_at: r.updated_at, id: r.id }, '-created_at', r.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { count: total!.n, results: rows.map(shown) };
}

/** The consultancy's one public reply to a review of it. */
export async function replyToReview(db: Db, user: SessionUser, consultancyId: number, reviewId: number, input: z.infer<typeof replyForm>) {
  const own = and(eq(r.id, reviewId), eq(r.consultancy_id, consultancyId));
  const replied = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(r)
      .set({ reply: input.reply, replied_at: sql`now()`, replied_by: user.id, updated_at: sql`now()` })
      .where(and(own, isNull(r.reply)))
      .returning({ id: r.id });
    if (row) await bumpContentVersion(tx, ['review']);
    return row;
  });
  if (!replied) {
    const [exists] = await db.select({ id: r.id }).from(r).where(own);
    // another consultancy's review does not exist for this one
    throw exists ? conflict('You have already replied to this review: a consultancy replies once.') : reviewNotFound();
  }
  const [row] = await db.select(reviewColumns).from(r).innerJoin(a, eq(a.id, r.application_id)).where(eq(r.id, reviewId));
  return shown(row!);
}

/** An admin removes a review from the public page, with a reason shown in its place, or restores it. */
export async function moderateReview(db: Db, user: SessionUser, reviewId: number, removal: z.infer<typeof hideForm> | null) {
  const changes = removal
    ? { removed_reason: removal.reason, removed_at: sql`now()`, removed_by: user.id }
    : { removed_reason: null, removed_at: null, removed_by: null };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(r)
      .set({ ...changes, updated_at: sql`now()` })
      .where(and(eq(r.id, reviewId), removal ? undefined : isNotNull(r.removed_reason)))
      .returning({ id: r.id, consultancy_id: r.consultancy_id });
    if (!row) {
      const [exists] = await tx.select({ id: r.id }).from(r).where(eq(r.id, reviewId));
      throw exists ? conflict('This review is not removed.') : reviewNotFound();
    }
    await standingChanged(tx, row.consultancy_id);
  });
  const [row] = await adminRows(db, signalsOf(db), { page: 1, page_size: 1 }, eq(r.id, reviewId));
  return row!;
}

// ---- fraud signals ------------------------------------------------------------------------------

const burstWindow = sql.raw(`interval '${BURST.hours} hours'`);

/**
 * Who is behind each review, as far as the application and the request tell: the applicant's phone
 * (its last ten digits: +977 or not), email (any case), the address's hash, and how many reviews of
 * the same consultancy were written in the window ending at it.
 */
const people = (db: Db) =>
  db.$with('review_people').as(
    db
      .select({
        id: r.id,
        consultancy_id: r.consultancy_id,
        created_at: r.created_at,
        ip_hash: r.ip_hash,
        email: sql<string>`lower(${a.email})`.as('email'),
        phone: sql<string>`right(regexp_replace(${a.phone}, '[^0-9]', '', 'g'), 10)`.as('phone'),
        in_window:
          sql<number>`count(*) over (partition by ${r.consultancy_id} order by ${r.created_at} range between ${burstWindow} preceding and current row)`.as(
            'in_window',
          ),
      })
      .from(r)
      .innerJoin(a, eq(a.id, r.application_id)),
  );

/**
 * Per review: how many other reviews share its phone, email or address, anywhere and for the same
 * consultancy; and the most reviews of its consultancy in any window of BURST.hours that holds it.
 */
function signalsOf(db: Db) {
  const p = people(db);
  const others = (partition: SQL) => sql<number>`(count(*) over (partition by ${partition}) - 1)::int`;
  const signals = db.$with('review_signals').as(
    db
      .select({
        id: p.id,
        phone: others(sql`${p.phone}`).as('phone_all'),
        phone_here: others(sql`${p.phone}, ${p.consultancy_id}`).as('phone_here'),
        email: others(sql`${p.email}`).as('email_all'),
        email_here: others(sql`${p.email}, ${p.consultancy_id}`).as('email_here'),
        ip: sql<number>`case when ${p.ip_hash} is null then 0 else ${others(sql`${p.ip_hash}`)} end`.as('ip_all'),
        ip_here: sql<number>`case when ${p.ip_hash} is null then 0 else ${others(sql`${p.ip_hash}, ${p.consultancy_id}`)} end`.as(
          'ip_here',
        ),
        // the windows ending at a later review within BURST.hours also hold this one
        burst:
          sql<number>`(max(${p.in_window}) over (partition by ${p.consultancy_id} order by ${p.created_at} range between current row and ${burstWindow} following))::int`.as(
            'burst',
          ),
      })
      .from(p),
  );
  const flagged = or(gt(signals.phone, 0), gt(signals.email, 0), gt(signals.ip, 0), gte(signals.burst, BURST.reviews))!;
  return { p, signals, flagged };
}

/** The signals of one review in words, for the admin's list. */
function signalNotes(s: {
  phone: number;
  phone_here: number;
  email: number;
  email_here: number;
  ip: number;
  ip_here: number;
  burst: number;
}): string[] {
  const shared = (what: string, all: number, here: number) =>
    all > 0
      ? [
          `${what} also on ${all} other review${all === 1 ? '' : 's'}${here > 0 ? ` (${here} of this consultancy)` : ' (of other consultancies)'}`,
        ]
      : [];
  return [
    ...shared('Phone', s.phone, s.phone_here),
    ...shared('Email', s.email, s.email_here),
    ...shared('Address (IP)', s.ip, s.ip_here),
    ...(s.burst >= BURST.reviews ? [`Burst: ${s.burst} reviews of this consultancy within ${BURST.hours} hours`] : []),
  ];
}

async function adminRows(db: Db, { p, signals }: ReturnType<typeof signalsOf>, q: z.infer<typeof adminReviewQuery>, where?: SQL) {
  const { limit, offset } = pageWindow(q);
  const ordering = { created_at: r.created_at, updated_at: r.updated_at, consultancy_name: consultancies.name };
  const rows = await db
    .with(p, signals)
    .select({
      ...reviewColumns,
      consultancy_name: consultancies.name,
      tracking_code: a.tracking_code,
      applicant: a.full_name,
      email: a.email,
      phone: a.phone,
      removed_at: r.removed_at,
      s_phone: signals.phone,
      s_phone_here: signals.phone_here,
      s_email: signals.email,
      s_email_here: signals.email_here,
      s_ip: signals.ip,
      s_ip_here: signals.ip_here,
      s_burst: signals.burst,
    })
    .from(r)
    .innerJoin(signals, eq(signals.id, r.id))
    .innerJoin(a, eq(a.id, r.application_id))
    .innerJoin(consultancies, eq(consultancies.id, r.consultancy_id))
    .where(where)
    .orderBy(...orderingOf(q.ordering, ordering, '-created_at', r.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ s_phone, s_phone_here, s_email, s_email_here, s_ip, s_ip_here, s_burst, ...row }) => {
    const signals = {
      phone: s_phone,
      phone_here: s_phone_here,
      email: s_email,
      email_here: s_email_here,
      ip: s_ip,
      ip_here: s_ip_here,
      burst: s_burst,
    };
    return { ...row, rating: rounded(overallOf(row)), removed: row.removed_reason !== null, signals, signal_notes: signalNotes(signals) };
  });
}

/** Every review in full, with its fraud signals, for admins; `signals=true` keeps the flagged ones. */
export async function listAdminReviews(db: Db, q: z.infer<typeof adminReviewQuery>) {
  const ctes = signalsOf(db);
  const { p, signals, flagged } = ctes;
  const where = and(
    q.consultancy ? eq(r.consultancy_id, q.consultancy) : undefined,
    q.signals === 'true' ? flagged : q.signals === 'false' ? not(flagged) : undefined,
    q.removed === 'true' ? isNotNull(r.removed_reason) : q.removed === 'false' ? isNull(r.removed_reason) : undefined,
    q.search ? containsAny(q.search, [r.text, a.full_name, a.email, a.phone, a.tracking_code, consultancies.name]) : undefined,
  );
  const [[total], results] = await Promise.all([
    db
      .with(p, signals)
      .select({ n: count() })
      .from(r)
      .innerJoin(signals, eq(signals.id, r.id))
      .innerJoin(a, eq(a.id, r.application_id))
      .innerJoin(consultancies, eq(consultancies.id, r.consultancy_id))
      .where(where),
    adminRows(db, ctes, q, where),
  ]);
  return { count: total!.n, results };
}
