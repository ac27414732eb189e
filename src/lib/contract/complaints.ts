import type { ComplaintStatus } from './leads.ts';

/**
 * How long a consultancy has to answer a complaint about it: 7 days from submission. Each
 * complaint's deadline is fixed when it is filed (complaints.answer_due_at defaults to it), so a
 * later change of this number moves no deadline already given. The public record, the admin
 * console's ordering and the dashboards all measure against that stored deadline.
 */
export const COMPLAINT_ANSWER_DAYS = 7;

/** The window of a consultancy's public complaint record. */
export const COMPLAINT_RECORD_MONTHS = 12;

export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  rejected: 'Rejected as invalid',
  closed: 'Closed',
};

/** After these nothing more is owed, so a complaint in one of them is never overdue. */
export const FINISHED_COMPLAINT_STATUSES: readonly ComplaintStatus[] = ['resolved', 'rejected', 'closed'];

/** Who wrote an entry of a complaint's history. */
export const COMPLAINT_AUTHORS = ['complainant', 'consultancy', 'admin'] as const;
export type ComplaintAuthor = (typeof COMPLAINT_AUTHORS)[number];

/** What an entry of the history is: the filing, a message, or a status change by an admin (with its note). */
export const COMPLAINT_EVENT_KINDS = ['submitted', 'message', 'status'] as const;
export type ComplaintEventKind = (typeof COMPLAINT_EVENT_KINDS)[number];

export interface ComplaintEvent {
  kind: ComplaintEventKind;
  author: ComplaintAuthor;
  /** for a status change: the status it set */
  status: ComplaintStatus | null;
  body: string;
  created_at: string;
}

/**
 * One consultancy's record over the last COMPLAINT_RECORD_MONTHS, complaints rejected as invalid left
 * out. `due`: answered, or past the deadline (the others still have time and count neither way).
 */
export interface ComplaintRecord {
  consultancy_id: number;
  received: number;
  due: number;
  answered_in_time: number;
  resolved: number;
  /** median time from filing to the consultancy's first answer, over the answered ones; null when none */
  median_answer_hours: number | null;
}
