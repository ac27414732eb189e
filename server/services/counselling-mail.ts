import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { consultancies, consultancyBranches, counsellingBookings, inquiries } from '../db/schema/index.ts';
import { compose, siteUrl } from '../mail.ts';
import { whenLabel as whenSaid } from '../../src/lib/shared/slots.ts';
import { invitation } from './ics.ts';
import { enqueue } from './outbox.ts';
import type { Runner } from './tx.ts';

/**
 * The student's mails about a counselling booking: the confirmation (and each change) with an
 * iCalendar invitation, and the reminders 24 h and 2 h before, which the outbox worker's sweep
 * writes. Each is keyed by the booking, its time and the event, so none is queued twice.
 */

/** Where the session is: the branch's address (its name when it has none), else the consultancy's address or name. */
export const bookingLocation = sql<string>`coalesce(nullif(${consultancyBranches.address}, ''), ${consultancyBranches.name}, nullif(${consultancies.address}, ''), ${consultancies.name})`;

type Site = Pick<Config, 'siteUrl' | 'port' | 'mailFrom'>;
export type BookingEvent = 'booked' | 'rescheduled' | 'cancelled';

async function bookingFacts(db: Runner, id: number) {
  const [row] = await db
    .select({
      id: counsellingBookings.id,
      reference: counsellingBookings.reference,
      starts_at: counsellingBookings.starts_at,
      ends_at: counsellingBookings.ends_at,
      sequence: counsellingBookings.sequence,
      name: inquiries.name,
      email: inquiries.email,
      consultancy: consultancies.name,
      consultancy_email: consultancies.email,
      location: bookingLocation,
    })
    .from(counsellingBookings)
    .innerJoin(inquiries, eq(inquiries.id, counsellingBookings.inquiry_id))
    .innerJoin(consultancies, eq(consultancies.id, counsellingBookings.consultancy_id))
    .leftJoin(consultancyBranches, eq(consultancyBranches.id, counsellingBookings.branch_id))
    .where(eq(counsellingBookings.id, id));
  return row!;
}
type Facts = Awaited<ReturnType<typeof bookingFacts>>;

const senderAddress = (site: Site) => /<([^>]+)>/.exec(site.mailFrom)?.[1] ?? site.mailFrom;

function calendarOf(site: Site, b: Facts, method: 'REQUEST' | 'CANCEL') {
  return invitation({
    uid: `${b.reference}@counselling.studyabroad`,
    method,
    sequence: b.sequence,
    startsAt: b.starts_at,
    endsAt: b.ends_at,
    stamp: new Date(),
    summary: `Counselling session with ${b.consultancy}`,
    description: `Free study abroad counselling, booking ${b.reference}.`,
    location: b.location,
    organizer: { name: b.consultancy, email: b.consultancy_email || senderAddress(site) },
    attendee: { name: b.name, email: b.email },
  });
}

const SUBJECTS: Record<BookingEvent, (b: Facts) => string> = {
  booked: (b) => `Your counselling session ${b.reference} is booked`,
  rescheduled: (b) => `Your counselling session ${b.reference} has a new time`,
  cancelled: (b) => `Your counselling session ${b.reference} is cancelled`,
};

/** The confirmation of a booking, a new time or a cancellation, with the invitation that updates the student's calendar. */
export async function bookingMail(db: Runner, site: Site, id: number, event: BookingEvent, manageUrl: string) {
  const b = await bookingFacts(db, id);
  const cancelled = event === 'cancelled';
  const mail = compose(`counselling.${b.id}.${b.sequence}.${event}`, b.email, SUBJECTS[event](b), [
    `Hello ${b.name},`,
    cancelled
      ? `Your counselling session with ${b.consultancy} on ${whenSaid(b.starts_at)} is cancelled. The time is free for others now.`
      : `Your counselling session with ${b.consultancy} is on ${whenSaid(b.starts_at)} at ${b.location}. Its reference is ${b.reference}; the invitation for your calendar is attached.`,
    ...(cancelled ? [] : ['To choose another time or cancel, use this link (keep it to yourself: it is your key to the booking):']),
    ...(cancelled ? [] : [{ href: manageUrl, label: 'Change or cancel my session' }]),
  ]);
  await enqueue(db, { ...mail, calendar: calendarOf(site, b, cancelled ? 'CANCEL' : 'REQUEST') });
}

const REMINDERS = [
  { hours: 24, column: counsellingBookings.reminded_24h_at, field: 'reminded_24h_at' },
  { hours: 2, column: counsellingBookings.reminded_2h_at, field: 'reminded_2h_at' },
] as const;

/**
 * Queues the reminders due at `at`: a held booking starting within 24 h (but not within 2 h, which
 * has its own) and one within 2 h, each once per time: the stamp and the outbox key both say it was
 * sent. A booking made within 24 h of its time gets only the reminders still ahead.
 */
export async function counsellingReminders(db: Runner, site: Site, at = new Date()) {
  let queued = 0;
  for (const [i, r] of REMINDERS.entries()) {
    const later = REMINDERS[i + 1];
    const due = await db
      .select({ id: counsellingBookings.id })
      .from(counsellingBookings)
      .where(
        and(
          eq(counsellingBookings.status, 'booked'),
          isNull(r.column),
          gt(counsellingBookings.starts_at, at.toISOString()),
          lte(counsellingBookings.starts_at, new Date(at.getTime() + r.hours * 3600_000).toISOString()),
          later ? gt(counsellingBookings.starts_at, new Date(at.getTime() + later.hours * 3600_000).toISOString()) : undefined,
          // the booking was made before the reminder's moment: one made within the window is told by its confirmation
          sql`${counsellingBookings.updated_at} <= ${counsellingBookings.starts_at} - make_interval(hours => ${r.hours})`,
        ),
      );
    for (const { id } of due) queued += await remind(db, site, id, r);
  }
  return queued;
}

async function remind(db: Runner, site: Site, id: number, r: (typeof REMINDERS)[number]) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(counsellingBookings)
      .set({ [r.field]: sql`now()` })
      .where(and(eq(counsellingBookings.id, id), isNull(r.column), eq(counsellingBookings.status, 'booked')))
      .returning({ id: counsellingBookings.id });
    if (!claimed) return 0;
    const b = await bookingFacts(tx, id);
    await enqueue(
      tx,
      compose(
        `counselling.${b.id}.${b.sequence}.remind${r.hours}h`,
        b.email,
        `Reminder: counselling with ${b.consultancy} in ${r.hours} hours`,
        [
          `Hello ${b.name},`,
          `A reminder of your counselling session with ${b.consultancy} on ${whenSaid(b.starts_at)} at ${b.location} (reference ${b.reference}).`,
          `To change or cancel it, use the link in your confirmation mail, or see ${siteUrl(site)}/booking/.`,
        ],
      ),
    );
    return 1;
  });
}
