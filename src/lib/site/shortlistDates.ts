/**
 * The dates of the saved rows on /shortlist/ and their calendar file. The file is made in the
 * browser (a Blob) rather than by an API route: the shortlist lives on the device, signed out and
 * offline too, so the dates are already here and a route would only echo them back.
 */
import { icsCalendar, type CalendarDay } from '../shared/ics.ts';
import { nextDateOf, type NextDate } from '../shared/next-date.ts';
import { hrefOf, titleOf, type Row } from './cards.ts';

export interface DatedKind {
  name: string;
  sitePath: string;
  titleField: string;
  ends?: { field: string };
  fields: Record<string, { kind: string; label: string }>;
}

export interface SavedDate extends NextDate {
  title: string;
  href: string;
  uid: string;
}

/** The next date of each saved row that has one, soonest first. */
export function savedDates(groups: { kind: DatedKind; rows: Row[] }[], today: string): SavedDate[] {
  return groups
    .flatMap(({ kind, rows }) =>
      rows.flatMap((row) => {
        const next = nextDateOf(kind, row, today);
        return next
          ? [{ ...next, title: titleOf(kind, row), href: hrefOf(kind, row), uid: `${kind.name}-${row.id}-${next.date}@shortlist` }]
          : [];
      }),
    )
    .sort((a, b) => a.date.localeCompare(b.date));
}

export const calendarDays = (dates: SavedDate[], origin: string): CalendarDay[] =>
  dates.map((d) => ({
    uid: d.uid,
    date: d.date,
    summary: `${d.label}: ${d.title}`,
    url: `${origin}${d.href}`,
    description: `Saved on your shortlist. Check the date on ${origin}${d.href} before you plan on it.`,
  }));

/** Downloads the calendar file of these dates (a phone offers to add it to its calendar). */
export function downloadCalendar(dates: SavedDate[], name: string) {
  const blob = new Blob([icsCalendar(calendarDays(dates, location.origin))], { type: 'text/calendar;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${name}.ics`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
