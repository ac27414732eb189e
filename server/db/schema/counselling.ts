import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '../../../src/lib/contract/counselling.ts';
import type { WeeklyHours } from '../../../src/lib/shared/slots.ts';
import { id, timestamps } from './columns.ts';
import { consultancies, consultancyBranches } from './content.ts';
import { inquiries } from './leads.ts';

const weeklyHours = () => ({
  slot_minutes: integer('slot_minutes').notNull(),
  hours: jsonb('hours').$type<WeeklyHours>().notNull(),
  ...timestamps(),
});

/** A consultancy's weekly counselling hours (Kathmandu time) and slot length: one row each, none until it sets them. */
export const counsellingHours = pgTable('counselling_hours', {
  consultancy_id: integer('consultancy_id')
    .primaryKey()
    .references(() => consultancies.id, { onDelete: 'cascade' }),
  ...weeklyHours(),
});

/** A branch's own hours: a consultancy with branches is booked at a branch, and a branch without hours is not bookable. */
export const branchCounsellingHours = pgTable('branch_counselling_hours', {
  branch_id: integer('branch_id')
    .primaryKey()
    .references(() => consultancyBranches.id, { onDelete: 'cascade' }),
  ...weeklyHours(),
});

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * A slot a student holds, linked to the inquiry the booking dialog sent, at a branch when the
 * consultancy has branches. The partial unique index is what keeps two students off one slot of a
 * branch (or of a consultancy without branches: branch 0): whoever commits second gets a unique
 * violation (a 409), however many try at once; two branches each hold their own 10:00. A cancelled
 * booking leaves the index, so its slot is free again.
 */
export const counsellingBookings = pgTable(
  'counselling_bookings',
  {
    id: id(),
    /** the public reference, like S-7K3M9Q */
    reference: varchar('reference', { length: 12 }).notNull().unique(),
    /** SHA-256 of the manage link's token: the token is mailed and answered once, never stored */
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    consultancy_id: integer('consultancy_id')
      .notNull()
      .references(() => consultancies.id, { onDelete: 'cascade' }),
    inquiry_id: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    /** a deleted branch leaves its past sessions without one (the branch refuses while sessions are ahead) */
    branch_id: integer('branch_id').references(() => consultancyBranches.id, { onDelete: 'set null' }),
    starts_at: at('starts_at').notNull(),
    ends_at: at('ends_at').notNull(),
    status: varchar('status', { length: 20 }).$type<BookingStatus>().notNull().default('booked'),
    /** how often the time changed: the invitation's SEQUENCE, so calendars replace the old one */
    sequence: integer('sequence').notNull().default(0),
    /** when each reminder was queued for the current time (a reschedule clears them) */
    reminded_24h_at: at('reminded_24h_at'),
    reminded_2h_at: at('reminded_2h_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('counselling_bookings_slot_idx')
      .on(t.consultancy_id, sql`coalesce(${t.branch_id}, 0)`, t.starts_at)
      .where(sql`status <> 'cancelled'`),
    // one held slot per inquiry: a student reschedules rather than holding several
    uniqueIndex('counselling_bookings_inquiry_idx')
      .on(t.inquiry_id)
      .where(sql`status <> 'cancelled'`),
    index('counselling_bookings_due_idx')
      .on(t.starts_at)
      .where(sql`status = 'booked'`),
  ],
);
