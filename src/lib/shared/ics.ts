/**
 * Calendar files (RFC 5545) of the dates a student keeps: all-day events, CRLF line ends, text
 * escaped (§3.3.11) and lines folded at 75 octets (§3.1) without splitting a UTF-8 character.
 */

export interface CalendarDay {
  /** unique and stable for the same date of the same row, so a calendar updates rather than duplicates */
  uid: string;
  /** YYYY-MM-DD */
  date: string;
  summary: string;
  url: string;
  description?: string;
}

/** A TEXT value (§3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export const escapeText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A content line folded at 75 octets: continuation lines start with one space. */
export function foldLine(line: string): string {
  const bytes = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = bytes.encode(ch).length;
    // the first line holds 75 octets; each continuation 74 after its leading space
    if (size + n > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const basic = (date: string) => date.replaceAll('-', '');
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** A date-time in UTC, as DTSTAMP, DTSTART and DTEND want it (19970714T173000Z). */
export const utcStamp = (at: string | Date) =>
  new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** One calendar of all-day events. */
export function icsCalendar(days: readonly CalendarDay[], now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Study Abroad Nepal//Shortlist dates//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...days.flatMap((d) => [
      'BEGIN:VEVENT',
      `UID:${d.uid}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART;VALUE=DATE:${basic(d.date)}`,
      `DTEND;VALUE=DATE:${basic(nextDay(d.date))}`,
      `SUMMARY:${escapeText(d.summary)}`,
      `URL:${d.url}`,
      ...(d.description ? [`DESCRIPTION:${escapeText(d.description)}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
