import type { z } from 'zod';
import type { bookedAnswer, bookingAnswer, dayAnswer, dayBooking, hoursBody, slotsAnswer } from '../contract/counselling.ts';
import { requireDashboard } from '../forms/guards.ts';
import { call, json } from './client.ts';

/** The counselling slot calls: the student's (no account: the inquiry's reference, then the booking's token) and the consultancy's. */

export type SlotsAnswer = z.infer<typeof slotsAnswer>;
export type Booking = z.infer<typeof bookingAnswer>;
export type Booked = z.infer<typeof bookedAnswer>;
export type Hours = z.infer<typeof hoursBody>;
export type DayBooking = z.infer<typeof dayBooking>;

export type BookableBranch = SlotsAnswer['branches'][number];

/** A consultancy's free times; at one of its branches when it has branches (its only bookable one when none is named). */
export const freeSlots = (consultancy: number, branch?: number | null) =>
  call(
    'Failed to fetch free times',
    json<SlotsAnswer>('counselling/slots/', { searchParams: { consultancy, ...(branch ? { branch } : {}) } }),
  );

export const holdSlot = (payload: { inquiry: string; email: string; starts_at: string; branch?: number }) =>
  call('Failed to book this time', json<Booked>('counselling/bookings/', { method: 'post', json: payload }));

const byReference = (reference: string) => `counselling/bookings/${encodeURIComponent(reference.trim())}/`;

export const findBooking = (reference: string, token: string) =>
  call('Booking not found', json<Booking>(byReference(reference), { searchParams: { token } }));

export const moveBooking = (reference: string, token: string, starts_at: string, branch?: number) =>
  call(
    'Failed to change the time',
    json<Booking>(`${byReference(reference)}reschedule/`, { method: 'post', json: { token, starts_at, ...(branch ? { branch } : {}) } }),
  );

export const cancelBooking = (reference: string, token: string) =>
  call('Failed to cancel', json<Booking>(`${byReference(reference)}cancel/`, { method: 'post', json: { token } }));

const HOURS = 'consultancy/dashboard/counselling/hours/';

export function ownHours(): Promise<Hours> {
  requireDashboard('consultancy');
  return call('Failed to fetch your hours', json<Hours>(HOURS));
}

export function saveHours(hours: Hours): Promise<Hours> {
  requireDashboard('consultancy');
  return call('Failed to save your hours', json<Hours>(HOURS, { method: 'put', json: hours }));
}

/** A branch's own hours (a consultancy with branches sets them per branch). */
export function ownBranchHours(branch: number): Promise<Hours> {
  requireDashboard('consultancy');
  return call('Failed to fetch the branch hours', json<Hours>(`consultancy/dashboard/counselling/branches/${branch}/hours/`));
}

export function saveBranchHours(branch: number, hours: Hours): Promise<Hours> {
  requireDashboard('consultancy');
  return call(
    'Failed to save the branch hours',
    json<Hours>(`consultancy/dashboard/counselling/branches/${branch}/hours/`, { method: 'put', json: hours }),
  );
}

/** The coming sessions, of one branch when named. */
export function ownDay(branch?: number | null): Promise<z.infer<typeof dayAnswer>> {
  requireDashboard('consultancy');
  return call(
    'Failed to fetch your bookings',
    json<z.infer<typeof dayAnswer>>('consultancy/dashboard/counselling/bookings/', { searchParams: branch ? { branch } : {} }),
  );
}

export function markBooking(id: number, status: 'attended' | 'no_show'): Promise<DayBooking> {
  requireDashboard('consultancy');
  return call(
    'Failed to mark the booking',
    json<DayBooking>(`consultancy/dashboard/counselling/bookings/${id}/mark/`, { method: 'post', json: { status } }),
  );
}
