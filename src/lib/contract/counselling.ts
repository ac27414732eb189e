import { z } from 'zod';
import { email, id } from './values.ts';
import { rangesProblem, SLOT_MINUTES } from '../shared/slots.ts';

/** Counselling in time slots (issue 26): the consultancy's hours, the student's booking, and the answers. */

/** held: the student's; attended and no_show: the consultancy marked it afterwards; cancelled: free again */
export const BOOKING_STATUSES = ['booked', 'attended', 'no_show', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** What the consultancy may mark once the slot has begun. */
export const MARKS = ['attended', 'no_show'] as const;

/** A booking's reference, like S-7K3M9Q: quoted on the phone, not a secret (the link's token is). */
export const BOOKING_REFERENCE = /^S-[2-9A-HJKMNP-Z]{6}$/;

const timestamp = z.string().describe('timestamp with time zone');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use a time like 09:30');
const range = z.strictObject({ opens: hhmm, closes: hhmm });
const day = z
  .array(range)
  .max(6)
  .superRefine((ranges, ctx) => {
    const problem = rangesProblem(ranges);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const hoursBody = z.strictObject({
  slot_minutes: z
    .number()
    .int()
    .refine((m) => (SLOT_MINUTES as readonly number[]).includes(m), `Use one of ${SLOT_MINUTES.join(', ')} minutes`),
  /** seven days, Sunday first, each with its opening ranges in Kathmandu time */
  hours: z.array(day).length(7, 'Give the seven days of the week, Sunday first'),
});
export const hoursAnswer = hoursBody.extend({ time_zone: z.string() });
/** A branch's own hours: `set` false until the consultancy gives them (the branch is not bookable till then). */
export const branchHoursAnswer = hoursAnswer.extend({ branch: z.number(), set: z.boolean() });

const slot = z.object({ starts_at: timestamp, ends_at: timestamp });
/** `branch`: which branch's times, for a consultancy with branches (its only bookable one when not given) */
export const slotsQuery = z.strictObject({ consultancy: id, branch: id.optional() });
/** A branch a student may book at: one with hours of its own. */
export const bookableBranch = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  district: z.string().nullable(),
  phone: z.string(),
});
export const slotsAnswer = z.object({
  time_zone: z.string(),
  slot_minutes: z.number().nullable(),
  /** the branch whose times `days` holds; null for a consultancy without branches, or until one is picked */
  branch: z.number().nullable(),
  /** the consultancy's bookable branches; none for a consultancy without branches */
  branches: z.array(bookableBranch),
  days: z.array(z.object({ date: z.string(), slots: z.array(slot) })),
});

const reference = z.string().trim().toUpperCase().regex(BOOKING_REFERENCE, 'Not a booking reference');
const token = z.string().trim().min(10).max(40);
const startsAt = z.iso.datetime({ offset: true, error: 'Must be a time' });

/** The student picks a slot for the inquiry the booking dialog sent: its reference and address prove it is theirs. */
export const bookBody = z.strictObject({ inquiry: z.string().trim().max(20), email, starts_at: startsAt, branch: id.optional() });
export const bookingParams = z.object({ reference });
export const bookingQuery = z.strictObject({ token });
/** `branch`: another branch of the same consultancy; the booking's own when not given */
export const rescheduleBody = z.strictObject({ token, starts_at: startsAt, branch: id.optional() });
export const cancelBody = z.strictObject({ token });

export const bookingAnswer = z.object({
  reference: z.string(),
  consultancy: z.number(),
  consultancy_name: z.string(),
  branch: z.number().nullable(),
  branch_name: z.string().nullable(),
  location: z.string(),
  starts_at: timestamp,
  ends_at: timestamp,
  status: z.enum(BOOKING_STATUSES),
});
/** The answer to the booking itself: the token for the manage link too (shown once, kept only as a hash). */
export const bookedAnswer = bookingAnswer.extend({ token: z.string(), manage_url: z.string() });

export const dayQuery = z.strictObject({ days: z.coerce.number().int().min(1).max(14).default(7), branch: id.optional() });
export const dayBooking = z.object({
  id: z.number(),
  reference: z.string(),
  branch: z.number().nullable(),
  branch_name: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  starts_at: timestamp,
  ends_at: timestamp,
  status: z.enum(BOOKING_STATUSES),
});
export const dayAnswer = z.object({ time_zone: z.string(), results: z.array(dayBooking) });
/** A booking's or a branch's id in the path. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'id must be a number')
    .transform(Number),
});
export const markBody = z.strictObject({ status: z.enum(MARKS) });
