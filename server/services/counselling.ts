import { and, asc, count, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  branchCounsellingHours,
  consultancies,
  consultancyBranches,
  counsellingBookings,
  counsellingHours,
  districts,
  inquiries,
} from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { bookBody, type BookingStatus, hoursBody, MARKS } from '../../src/lib/contract/counselling.ts';
import {
  freeSlots,
  isOfferedSlot,
  kathmanduDate,
  KATHMANDU_OFFSET_MINUTES,
  TIME_ZONE,
  type WeeklyHours,
} from '../../src/lib/shared/slots.ts';
import { hashCode, newTrackingCode, randomCharacters } from './tracking-code.ts';
import { bookingLocation, bookingMail } from './counselling-mail.ts';
import { consultancyBranch } from './branches.ts';
import { siteUrl } from '../mail.ts';
import type { Runner } from './tx.ts';

/**
 * Counselling in time slots: the consultancy's weekly hours (each branch's own, for a consultancy
 * with branches), the free slots they give, and the student's booking of one (held, moved,
 * cancelled by its reference and secret token), which the consultancy then marks attended or a
 * no-show. Who may call what is the routes' (counselling.ts).
 */

type Hours = z.infer<typeof hoursBody>;
const CLOSED: WeeklyHours = [[], [], [], [], [], [], []];

export async function getHours(db: Runner, consultancyId: number) {
  const [row] = await db.select().from(counsellingHours).where(eq(counsellingHours.consultancy_id, consultancyId));
  return { time_zone: TIME_ZONE, slot_minutes: row?.slot_minutes ?? 30, hours: row?.hours ?? CLOSED };
}

/** Held bookings keep their times when the hours change: the consultancy sees them in its day and can call. */
export async function setHours(db: Runner, consultancyId: number, body: Hours) {
  await db
    .insert(counsellingHours)
    .values({ consultancy_id: consultancyId, ...body })
    .onConflictDoUpdate({ target: counsellingHours.consultancy_id, set: { ...body, updated_at: sql`now()` } });
  return getHours(db, consultancyId);
}

/** A branch's own hours, the consultancy's branch or a 404. */
export async function getBranchHours(db: Runner, consultancyId: number, branchId: number) {
  await consultancyBranch(db, consultancyId, branchId);
  const [row] = await db.select().from(branchCounsellingHours).where(eq(branchCounsellingHours.branch_id, branchId));
  return { branch: branchId, set: !!row, time_zone: TIME_ZONE, slot_minutes: row?.slot_minutes ?? 30, hours: row?.hours ?? CLOSED };
}

export async function setBranchHours(db: Runner, consultancyId: number, branchId: number, body: Hours) {
  await consultancyBranch(db, consultancyId, branchId);
  await db
    .insert(branchCounsellingHours)
    .values({ branch_id: branchId, ...body })
    .onConflictDoUpdate({ target: branchCounsellingHours.branch_id, set: { ...body, updated_at: sql`now()` } });
  return getBranchHours(db, consultancyId, branchId);
}

const active = ne(counsellingBookings.status, 'cancelled');
/** The place a booking holds its slot at: its branch, or 0 for a consultancy without branches (the unique index's key). */
const placeIs = (branchId: number | null) => sql`coalesce(${counsellingBookings.branch_id}, 0) = ${branchId ?? 0}`;

/** The branches a student may book at: those with hours of their own, with their district's name. */
const bookableBranches = (db: Runner, consultancyId: number) =>
  db
    .select({
      id: consultancyBranches.id,
      name: consultancyBranches.name,
      address: consultancyBranches.address,
      district: districts.name,
      phone: consultancyBranches.phone,
    })
    .from(consultancyBranches)
    .innerJoin(branchCounsellingHours, eq(branchCounsellingHours.branch_id, consultancyBranches.id))
    .leftJoin(districts, eq(districts.id, consultancyBranches.district_id))
    .where(eq(consultancyBranches.consultancy_id, consultancyId))
    .orderBy(asc(consultancyBranches.id));

async function hasBranches(db: Runner, consultancyId: number) {
  const [row] = await db.select({ n: count() }).from(consultancyBranches).where(eq(consultancyBranches.consultancy_id, consultancyId));
  return row!.n > 0;
}

/**
 * Where a student books: nowhere in particular at a consultancy without branches (null); at one
 * with branches, the branch named (it must be the consultancy's), else its only bookable one;
 * `undefined` when it has several and none was named.
 */
async function placeFor(db: Runner, consultancyId: number, branch: number | undefined): Promise<number | null | undefined> {
  if (branch !== undefined) return (await consultancyBranch(db, consultancyId, branch)).id;
  if (!(await hasBranches(db, consultancyId))) return null;
  const bookable = await bookableBranches(db, consultancyId);
  return bookable.length === 1 ? bookable[0]!.id : undefined;
}

/** The hours slots come from: the branch's own, or the consultancy's (without branches); none when not set. */
async function hoursAt(db: Runner, consultancyId: number, branchId: number | null) {
  const [row] =
    branchId === null
      ? await db.select().from(counsellingHours).where(eq(counsellingHours.consultancy_id, consultancyId))
      : await db.select().from(branchCounsellingHours).where(eq(branchCounsellingHours.branch_id, branchId));
  return row;
}

/** The next days' free slots of a consultancy, or of one of its branches; none where no hours are set. */
export async function slotsOf(db: Runner, consultancyId: number, branch?: number, now = new Date()) {
  const [exists] = await db.select({ id: consultancies.id }).from(consultancies).where(eq(consultancies.id, consultancyId));
  if (!exists) throw notFound('Consultancy not found.');
  const branches = await bookableBranches(db, consultancyId);
  const place = await placeFor(db, consultancyId, branch);
  const row = place === undefined ? undefined : await hoursAt(db, consultancyId, place);
  const none = { time_zone: TIME_ZONE, slot_minutes: null, branch: place ?? null, branches, days: freeSlots(CLOSED, 30, now) };
  if (!row || place === undefined) return none;
  const held = await db
    .select({ starts_at: counsellingBookings.starts_at })
    .from(counsellingBookings)
    .where(
      and(
        eq(counsellingBookings.consultancy_id, consultancyId),
        placeIs(place),
        active,
        gte(counsellingBookings.starts_at, now.toISOString()),
      ),
    );
  const taken = new Set(held.map((h) => Date.parse(h.starts_at)));
  return { ...none, slot_minutes: row.slot_minutes, days: freeSlots(row.hours, row.slot_minutes, now, taken) };
}

const slotGone = () => conflict('This time was just taken by someone else. Please pick another time.');
const notOffered = () => conflict('This time is not offered. Please pick one of the times shown.');

/** The place to book at, or a 400 asking for a branch when the consultancy has several. */
async function placeToBook(db: Runner, consultancyId: number, branch: number | undefined) {
  const place = await placeFor(db, consultancyId, branch);
  if (place === undefined) throw badRequest('Please pick a branch.', { branch: ['Please pick a branch.'] });
  return place;
}

/** The end of a slot the consultancy (at that branch) offers at `startsAt`, or a 409. */
async function offeredSlot(db: Runner, consultancyId: number, branchId: number | null, startsAt: string, now: Date) {
  const row = await hoursAt(db, consultancyId, branchId);
  const start = new Date(startsAt);
  if (!row || !isOfferedSlot(row.hours, row.slot_minutes, now, start)) throw notOffered();
  return { starts_at: start.toISOString(), ends_at: new Date(start.getTime() + row.slot_minutes * 60_000).toISOString() };
}

/** A unique violation of the slot (or the inquiry's one held slot) becomes a clear 409. */
async function holding<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === '23505') throw slotGone();
    throw err;
  }
}

const inquiryIdOf = (reference: string) => (/^B-\d{5,}$/i.test(reference) ? Number(reference.slice(2)) : null);
const manageUrl = (app: FastifyInstance, reference: string, token: string) =>
  `${siteUrl(app.config)}/booking/?ref=${encodeURIComponent(reference)}&token=${encodeURIComponent(token)}`;

/**
 * The student holds a slot for the inquiry they just sent: the inquiry's reference and address must
 * match (a reference alone is guessable). One held slot per inquiry; the database refuses a second
 * holder of a slot, however many ask at once.
 */
export async function book(app: FastifyInstance, body: z.infer<typeof bookBody>, now = new Date()) {
  const inquiryId = inquiryIdOf(body.inquiry);
  const [inquiry] = inquiryId
    ? await app.db
        .select()
        .from(inquiries)
        .where(and(eq(inquiries.id, inquiryId), eq(inquiries.email, body.email)))
    : [];
  if (!inquiry?.consultancy_id) throw notFound('No counselling request with this reference and email.');
  const consultancyId = inquiry.consultancy_id;
  const branchId = await placeToBook(app.db, consultancyId, body.branch);
  const slot = await offeredSlot(app.db, consultancyId, branchId, body.starts_at, now);
  const token = newTrackingCode();
  const reference = await freshReference(app.db);
  const id = await holding(() =>
    app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(counsellingBookings)
        .values({
          reference,
          token_hash: hashCode(token),
          consultancy_id: consultancyId,
          branch_id: branchId,
          inquiry_id: inquiry.id,
          ...slot,
        })
        .returning({ id: counsellingBookings.id });
      await bookingMail(tx, app.config, row!.id, 'booked', manageUrl(app, reference, token));
      return row!.id;
    }),
  );
  app.outbox.kick();
  return { ...(await bookingById(app.db, id)), token, manage_url: manageUrl(app, reference, token) };
}

/** A reference no booking has yet (6 characters of 31, like a complaint's). */
async function freshReference(db: Runner): Promise<string> {
  for (;;) {
    const reference = `S-${randomCharacters(6)}`;
    const [taken] = await db
      .select({ id: counsellingBookings.id })
      .from(counsellingBookings)
      .where(eq(counsellingBookings.reference, reference));
    if (!taken) return reference;
  }
}

const bookingColumns = {
  id: counsellingBookings.id,
  reference: counsellingBookings.reference,
  consultancy: counsellingBookings.consultancy_id,
  consultancy_name: consultancies.name,
  branch: counsellingBookings.branch_id,
  branch_name: consultancyBranches.name,
  location: bookingLocation,
  starts_at: counsellingBookings.starts_at,
  ends_at: counsellingBookings.ends_at,
  status: counsellingBookings.status,
};

async function bookingById(db: Runner, id: number) {
  const [row] = await db
    .select(bookingColumns)
    .from(counsellingBookings)
    .innerJoin(consultancies, eq(consultancies.id, counsellingBookings.consultancy_id))
    .leftJoin(consultancyBranches, eq(consultancyBranches.id, counsellingBookings.branch_id))
    .where(eq(counsellingBookings.id, id));
  return row!;
}

/** A booking by its reference and token; a wrong token is the same 404 as no booking, so neither is learnt. */
export async function bookingByToken(db: Runner, reference: string, token: string) {
  const [row] = await db
    .select(bookingColumns)
    .from(counsellingBookings)
    .innerJoin(consultancies, eq(consultancies.id, counsellingBookings.consultancy_id))
    .leftJoin(consultancyBranches, eq(consultancyBranches.id, counsellingBookings.branch_id))
    .where(and(eq(counsellingBookings.reference, reference), eq(counsellingBookings.token_hash, hashCode(token.toUpperCase()))));
  if (!row) throw notFound('No booking with this reference and link.');
  return row;
}

const stillHeld = (status: BookingStatus) => {
  if (status !== 'booked') throw conflict(`This booking is ${status.replace('_', ' ')}: it can no longer be changed.`);
};

/** Moves a held booking to another free slot (at another branch, if named); its reminders start afresh for the new time. */
export async function reschedule(
  app: FastifyInstance,
  reference: string,
  body: { token: string; starts_at: string; branch?: number },
  now = new Date(),
) {
  const booking = await bookingByToken(app.db, reference, body.token);
  stillHeld(booking.status);
  const branchId = body.branch === undefined ? booking.branch : (await consultancyBranch(app.db, booking.consultancy, body.branch)).id;
  const slot = await offeredSlot(app.db, booking.consultancy, branchId, body.starts_at, now);
  await holding(() =>
    app.db.transaction(async (tx) => {
      await tx
        .update(counsellingBookings)
        .set({
          ...slot,
          branch_id: branchId,
          sequence: sql`${counsellingBookings.sequence} + 1`,
          reminded_24h_at: null,
          reminded_2h_at: null,
          updated_at: sql`now()`,
        })
        .where(eq(counsellingBookings.id, booking.id));
      await bookingMail(tx, app.config, booking.id, 'rescheduled', manageUrl(app, reference, body.token));
    }),
  );
  app.outbox.kick();
  return bookingById(app.db, booking.id);
}

/** Cancels a held booking: its slot is free again at once (the unique index covers held bookings only). */
export async function cancel(app: FastifyInstance, reference: string, token: string) {
  const booking = await bookingByToken(app.db, reference, token);
  stillHeld(booking.status);
  await app.db.transaction(async (tx) => {
    await tx
      .update(counsellingBookings)
      .set({ status: 'cancelled', sequence: sql`${counsellingBookings.sequence} + 1`, updated_at: sql`now()` })
      .where(eq(counsellingBookings.id, booking.id));
    await bookingMail(tx, app.config, booking.id, 'cancelled', manageUrl(app, reference, token));
  });
  app.outbox.kick();
  return bookingById(app.db, booking.id);
}

const dayColumns = {
  id: counsellingBookings.id,
  reference: counsellingBookings.reference,
  branch: counsellingBookings.branch_id,
  branch_name: consultancyBranches.name,
  name: inquiries.name,
  email: inquiries.email,
  phone: inquiries.phone,
  starts_at: counsellingBookings.starts_at,
  ends_at: counsellingBookings.ends_at,
  status: counsellingBookings.status,
};
const bookingsWith = (db: Runner, where: SQL | undefined) =>
  db
    .select(dayColumns)
    .from(counsellingBookings)
    .innerJoin(inquiries, eq(inquiries.id, counsellingBookings.inquiry_id))
    .leftJoin(consultancyBranches, eq(consultancyBranches.id, counsellingBookings.branch_id))
    .where(where)
    .orderBy(asc(counsellingBookings.starts_at), asc(counsellingBookings.id));

/** The consultancy's day: today's bookings (from Kathmandu midnight) and the next days', cancelled ones left out; one branch's if asked. */
export async function dayOf(db: Runner, consultancyId: number, query: { days: number; branch?: number }, now = new Date()) {
  const { days, branch } = query;
  const midnight = Date.parse(`${kathmanduDate(now)}T00:00:00Z`) - KATHMANDU_OFFSET_MINUTES * 60_000;
  const from = new Date(midnight).toISOString();
  const until = new Date(midnight + days * 24 * 3600_000).toISOString();
  const results = await bookingsWith(
    db,
    and(
      eq(counsellingBookings.consultancy_id, consultancyId),
      branch === undefined ? undefined : eq(counsellingBookings.branch_id, branch),
      active,
      gte(counsellingBookings.starts_at, from),
      lt(counsellingBookings.starts_at, until),
    ),
  );
  return { time_zone: TIME_ZONE, results };
}

/** Attended or no-show, by the consultancy whose booking it is, once the slot has begun. */
export async function mark(db: Runner, consultancyId: number, id: number, status: (typeof MARKS)[number], now = new Date()) {
  const own = and(eq(counsellingBookings.id, id), eq(counsellingBookings.consultancy_id, consultancyId));
  const [row] = await db.select().from(counsellingBookings).where(own);
  if (!row) throw notFound('Booking not found.');
  if (row.status === 'cancelled') throw conflict('This booking was cancelled.');
  if (Date.parse(row.starts_at) > now.getTime()) throw conflict('A booking can be marked once its time has begun.');
  await db
    .update(counsellingBookings)
    .set({ status, updated_at: sql`now()` })
    .where(own);
  return (await bookingsWith(db, own))[0]!;
}
