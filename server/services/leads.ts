import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { INSTITUTION_ROLES } from '../../src/lib/contract/index.ts';
import { inquiryReference } from '../../src/lib/contract/leads.ts';
import type { Db } from '../db/index.ts';
import { colleges, consultancies, destinations, exams, inquiries, pageviews } from '../db/schema/index.ts';
import { institutionNameBy } from './institution-names.ts';
import { fingerprint, storeOnce } from './dedupe.ts';
import { inquiryForm, pageviewForm } from '../../src/lib/contract/bodies/leads.ts';
import { caughtByHoneypot, id } from '../../src/lib/contract/values.ts';
import { containsAny, orderingOf, orderingParam, pageQuery, pageWindow, type PageParams } from './paging.ts';
import { requireRows } from './refs.ts';
import { inquiryReceived } from './notices.ts';
import type { FastifyInstance } from 'fastify';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Must be a real date');
export const inquiryQuery = z.strictObject({
  ...pageQuery,
  ordering: orderingParam,
  // sent by the admin console; every entity type is listed either way
  all: z.enum(['true', 'false']).optional(),
  entity_type: z.enum(INSTITUTION_ROLES, { error: `Must be one of ${INSTITUTION_ROLES.join(', ')}` }).optional(),
  entity_id: id.optional(),
  consultancy: id.optional(),
  destination: id.optional(),
  date_from: day.optional(),
  date_to: day.optional(),
});

const inquiryColumns = {
  id: inquiries.id,
  name: inquiries.name,
  email: inquiries.email,
  phone: inquiries.phone,
  message: inquiries.message,
  entity_type: inquiries.entity_type,
  entity_id: inquiries.entity_id,
  consultancy: inquiries.consultancy_id,
  destination: inquiries.destination_id,
  exam: inquiries.exam_id,
  status: inquiries.status,
  created_at: inquiries.created_at,
};

/** What a bot caught by the honeypot is told: the stored shape, but nothing was stored. */
const pretend = <T extends object>(values: T, status: string) => ({ id: 0, ...values, status, created_at: new Date().toISOString() });

export async function submitInquiry(app: FastifyInstance, body: z.infer<typeof inquiryForm>) {
  const db = app.db;
  const { name, email, phone, message, entity_type, entity_id, destination, exam } = body;
  const input = { name, email, phone, message, entity_type, entity_id };
  const consultancy = body.entity_type === 'consultancy' ? body.consultancy : null;
  const values = { ...input, consultancy_id: consultancy, destination_id: destination, exam_id: exam };
  if (caughtByHoneypot(body)) return { ...pretend({ ...input, consultancy, destination, exam }, 'new'), reference: inquiryReference(0) };
  await requireRows(db, {
    ...(body.entity_type === 'college' ? { entity_id: [colleges, entity_id] } : { consultancy: [consultancies, consultancy] }),
    destination: [destinations, destination],
    exam: [exams, exam],
  });
  const print = fingerprint(values);
  const { id: inquiryId } = await storeOnce(db, inquiries, print, async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({ ...values, fingerprint: print })
      .returning({ id: inquiries.id });
    await inquiryReceived(tx, app.config, { id: row!.id, name, email, phone, entity_type, entity_id });
    return row!.id;
  });
  app.outbox.kick();
  const [row] = await db.select(inquiryColumns).from(inquiries).where(eq(inquiries.id, inquiryId));
  return { ...row!, reference: inquiryReference(row!.id) };
}

/** A page seen again by the same session within ten minutes counts once. */
export async function recordPageview(db: Db, body: z.infer<typeof pageviewForm>) {
  const { website: _website, ...view } = body;
  // a bot that fills the honeypot is told its view counted, like the other forms' bots
  if (caughtByHoneypot(body)) return { recorded: true };
  const sameView = and(
    eq(pageviews.session_id, view.session_id),
    view.institute_type === null ? isNull(pageviews.institute_type) : eq(pageviews.institute_type, view.institute_type),
    view.institute_id === null ? isNull(pageviews.institute_id) : eq(pageviews.institute_id, view.institute_id),
    eq(pageviews.path, view.path),
    gt(pageviews.created_at, sql`now() - interval '10 minutes'`),
  );
  const [seen] = await db.select({ id: pageviews.id }).from(pageviews).where(sameView).limit(1);
  if (seen) return { recorded: false };
  await db.insert(pageviews).values(view);
  return { recorded: true };
}

/** The name of the consultancy, college or university an inquiry was sent to. */
const entityName = institutionNameBy(inquiries.entity_type, () => inquiries.entity_id);

/** Inquiries with the names of what they point at; `scope` narrows them to one consultancy for its dashboard. */
export async function listInquiries(db: Db, q: z.infer<typeof inquiryQuery>, scope?: SQL) {
  const where = and(
    scope,
    q.entity_type ? eq(inquiries.entity_type, q.entity_type) : undefined,
    q.entity_id ? eq(inquiries.entity_id, q.entity_id) : undefined,
    q.consultancy ? eq(inquiries.consultancy_id, q.consultancy) : undefined,
    q.destination ? eq(inquiries.destination_id, q.destination) : undefined,
    q.date_from ? sql`${inquiries.created_at} >= ${q.date_from}::date` : undefined,
    q.date_to ? sql`${inquiries.created_at} < ${q.date_to}::date + 1` : undefined,
    q.search ? containsAny(q.search, [inquiries.name, inquiries.email, inquiries.phone, inquiries.message]) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(inquiries).where(where);
  const { limit, offset } = pageWindow(q);
  const ordering = {
    created_at: inquiries.created_at,
    name: inquiries.name,
    email: inquiries.email,
    entity_type: inquiries.entity_type,
    status: inquiries.status,
  };
  const results = await db
    .select({ ...inquiryColumns, entity_name: entityName, destination_name: destinations.name, exam_name: exams.name })
    .from(inquiries)
    .leftJoin(destinations, eq(destinations.id, inquiries.destination_id))
    .leftJoin(exams, eq(exams.id, inquiries.exam_id))
    .where(where)
    .orderBy(...orderingOf(q.ordering, ordering, '-created_at', inquiries.id))
    .limit(limit)
    .offset(offset);
  return { count: total!.n, results };
}

export const ownInquiries = (consultancyId: number) => eq(inquiries.consultancy_id, consultancyId);

/** The inquiries sent to a college, newest first, for its dashboard. */
export async function collegeInquiries(db: Db, collegeId: number, page: PageParams) {
  const where = and(eq(inquiries.entity_type, 'college'), eq(inquiries.entity_id, collegeId));
  const { limit, offset } = pageWindow(page);
  const [results, [total]] = await Promise.all([
    db.select().from(inquiries).where(where).orderBy(desc(inquiries.created_at)).limit(limit).offset(offset),
    db.select({ n: count() }).from(inquiries).where(where),
  ]);
  return { count: total!.n, results: results.map(({ fingerprint: _f, ...r }) => r) };
}
