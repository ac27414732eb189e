/**
 * Counselling slots: a consultancy's weekly hours in Kathmandu time, cut into slots of its length.
 * Nepal keeps UTC+05:45 all year (no daylight saving), so a fixed offset is exact and no time-zone
 * database is needed; every instant leaves here in UTC.
 */
export const TIME_ZONE = 'Asia/Kathmandu';
export const KATHMANDU_OFFSET_MINUTES = 5 * 60 + 45;
/** how far ahead a student may book */
export const BOOKING_DAYS = 7;
/** a slot starting sooner than this is not offered: the consultancy needs time to see it */
export const BOOKING_LEAD_MINUTES = 60;
export const SLOT_MINUTES = [15, 20, 30, 45, 60, 90, 120] as const;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** One opening of a day, local "HH:MM" times, closes after opens. */
export interface Range {
  opens: string;
  closes: string;
}
/** Index 0 is Sunday, like Date#getUTCDay. */
export type WeeklyHours = Range[][];

export interface Slot {
  starts_at: string;
  ends_at: string;
}
export interface SlotDay {
  /** the Kathmandu date, YYYY-MM-DD */
  date: string;
  slots: Slot[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The Kathmandu calendar date of an instant. */
export const kathmanduDate = (at: Date) => new Date(at.getTime() + KATHMANDU_OFFSET_MINUTES * MINUTE).toISOString().slice(0, 10);

/** The instant of a Kathmandu date's local minute. */
const instantOf = (date: string, minute: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + (minute - KATHMANDU_OFFSET_MINUTES) * MINUTE);

/** Whether two ranges of a day overlap (touching ends do not). */
const overlap = (a: Range, b: Range) => minutesOf(a.opens) < minutesOf(b.closes) && minutesOf(b.opens) < minutesOf(a.closes);

/** What is wrong with a day's ranges, or null. */
export function rangesProblem(ranges: Range[]): string | null {
  for (const [i, r] of ranges.entries()) {
    if (minutesOf(r.closes) <= minutesOf(r.opens)) return `Closes must be after opens (${r.opens}-${r.closes}).`;
    if (ranges.slice(0, i).some((other) => overlap(other, r))) return `Opening hours overlap (${r.opens}-${r.closes}).`;
  }
  return null;
}

/** Every slot of a Kathmandu date: each range cut from its opening into whole slots. */
export function daySlots(hours: WeeklyHours, slotMinutes: number, date: string): Slot[] {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const ranges = [...(hours[weekday] ?? [])].sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens));
  return ranges.flatMap((r) => {
    const out: Slot[] = [];
    for (let m = minutesOf(r.opens); m + slotMinutes <= minutesOf(r.closes); m += slotMinutes) {
      out.push({ starts_at: instantOf(date, m).toISOString(), ends_at: instantOf(date, m + slotMinutes).toISOString() });
    }
    return out;
  });
}

/**
 * The slots a student may pick at `now`: today and the next BOOKING_DAYS - 1 Kathmandu dates, none
 * starting within BOOKING_LEAD_MINUTES, none in `taken` (start instants in ISO form).
 */
export function freeSlots(hours: WeeklyHours, slotMinutes: number, now: Date, taken: ReadonlySet<number> = new Set()): SlotDay[] {
  const earliest = now.getTime() + BOOKING_LEAD_MINUTES * MINUTE;
  const today = Date.parse(`${kathmanduDate(now)}T00:00:00Z`);
  return Array.from({ length: BOOKING_DAYS }, (_, i) => {
    const date = new Date(today + i * DAY).toISOString().slice(0, 10);
    const slots = daySlots(hours, slotMinutes, date).filter((s) => {
      const start = Date.parse(s.starts_at);
      return start >= earliest && !taken.has(start);
    });
    return { date, slots };
  });
}

/** Whether `startsAt` is a slot of the hours a student may pick at `now` (taken or not). */
export const isOfferedSlot = (hours: WeeklyHours, slotMinutes: number, now: Date, startsAt: Date) =>
  freeSlots(hours, slotMinutes, now).some((d) => d.slots.some((s) => Date.parse(s.starts_at) === startsAt.getTime()));

/** A slot's local time, like "10:30", for lists and mails. */
export const kathmanduTime = (at: string | Date) =>
  new Date(new Date(at).getTime() + KATHMANDU_OFFSET_MINUTES * MINUTE).toISOString().slice(11, 16);

/** "Friday 27 November 2026, 10:30 (Kathmandu time)": a slot as mails and pages say it. */
export function whenLabel(at: string) {
  const date = kathmanduDate(new Date(at));
  const day = new Date(`${date}T00:00:00Z`);
  const month = day.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${month} ${day.getUTCFullYear()}, ${kathmanduTime(at)} (Kathmandu time)`;
}
