import {
  COMPLAINT_ANSWER_DAYS,
  COMPLAINT_RECORD_MONTHS,
  COMPLAINT_STATUS_LABELS,
  type ComplaintAuthor,
  type ComplaintEvent,
  type ComplaintRecord,
} from '../contract/complaints.ts';
import { formatDate } from '../format.ts';
import { countOf } from '../format.ts';

/** A length of time as people say it: "under an hour", "5 hours", "3 days". */
export function durationText(hours: number): string {
  if (hours < 1) return 'under an hour';
  if (hours < 48) return countOf(Math.round(hours), 'hour');
  return countOf(Math.round(hours / 24), 'day');
}

// made when a record is written, not when the module loads (format.ts: a first Intl formatter is costly on a phone)
const days = () => countOf(COMPLAINT_ANSWER_DAYS, 'day');

/** The one line every record carries: what it leaves out. */
export const RECORD_NOTE = 'Complaints an admin rejected as invalid are not counted.';

/**
 * A consultancy's complaint record as the sentences its page shows, e.g. "Answered 3 of 4 within
 * 7 days." A record of nothing (or none) is one plain sentence.
 */
export function recordLines(record: ComplaintRecord | null | undefined): string[] {
  if (!record || record.received === 0) return [`No complaints in the last ${COMPLAINT_RECORD_MONTHS} months.`];
  const { received, due, answered_in_time, resolved, median_answer_hours } = record;
  const waiting = received - due;
  const lines = [`${countOf(received, 'complaint')} in the last ${COMPLAINT_RECORD_MONTHS} months.`];
  if (due > 0) lines.push(`Answered ${answered_in_time} of ${due} within ${days()}.`);
  if (waiting > 0)
    lines.push(waiting === 1 ? `1 is still within its ${days()} to answer.` : `${waiting} are still within their ${days()} to answer.`);
  lines.push(`Resolved ${resolved} of ${received}.`);
  lines.push(median_answer_hours === null ? 'No answer yet.' : `Median time to a first answer: ${durationText(median_answer_hours)}.`);
  return lines;
}

/** Who wrote an entry of a complaint's history, as the reader knows them. */
export function authorLabel(
  author: ComplaintAuthor | string,
  { reader, consultancy }: { reader: 'complainant' | 'consultancy' | 'admin'; consultancy?: string | null },
): string {
  if (author === reader) return 'You';
  if (author === 'complainant') return 'The complainant';
  if (author === 'consultancy') return consultancy || 'The consultancy';
  return 'StudyAbroad Nepal team';
}

/** What an entry of a complaint's history says happened, beside who and when. */
export function eventTitle(event: ComplaintEvent, who: string): string {
  if (event.kind === 'submitted') return `${who} filed the complaint`;
  if (event.kind === 'status') return `${who} set the status to ${(event.status && COMPLAINT_STATUS_LABELS[event.status]) || event.status}`;
  return `${who} wrote`;
}

/** Where a complaint stands with its deadline, in one phrase. */
export function deadlineText(c: { first_answer_at: string | null; answer_due_at: string; overdue: boolean }): string {
  if (c.first_answer_at) return `Answered on ${formatDate(c.first_answer_at)}`;
  if (c.overdue) return `Overdue: the answer was due by ${formatDate(c.answer_due_at)}`;
  return `Answer due by ${formatDate(c.answer_due_at)}`;
}
