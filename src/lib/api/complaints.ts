import type { ComplaintEvent, ComplaintRecord } from '../contract/complaints.ts';
import type { ComplaintStatus } from '../contract/leads.ts';
import { requireDashboard } from '../forms/guards.ts';
import { call, json, type Page } from './client.ts';

/** The complaint calls beyond SPEC's submit: follow and reply by code, the consultancy's answers, the public record. */

/** SPEC §8's failure text of the complaint form, for every complaint call that has none of its own. */
export const COMPLAINT_FAILED = 'Failed to submit complaint form';
export const COMPLAINT_NOT_FOUND = 'Complaint not found';

/** What POST /complaint/submit/ answers: the stored complaint, its reference, and the follow-up code (shown this once). */
export interface FiledComplaint {
  id: number;
  reference: string;
  code: string;
  answer_due_at: string;
}

export const submitComplaint = (form: FormData) =>
  call(COMPLAINT_FAILED, json<FiledComplaint>('complaint/submit/', { method: 'post', body: form }));

interface ComplaintView {
  reference: string | null;
  subject: string;
  message: string;
  status: ComplaintStatus;
  status_label: string;
  created_at: string;
  answer_due_at: string;
  first_answer_at: string | null;
  overdue: boolean;
  history: ComplaintEvent[];
}

/** The complaint as its complainant follows it. */
export interface FollowedComplaint extends ComplaintView {
  consultancy: { id: number; name: string; slug: string } | null;
}

/** A complaint as the consultancy it is about sees it: the complainant's name, never their email or phone. */
export interface OwnComplaint extends ComplaintView {
  [field: string]: unknown;
  id: number;
  name: string;
}

const byCode = (code: string) => `complaint/track/${encodeURIComponent(code.trim())}/`;

export const followComplaint = (code: string) => call(COMPLAINT_NOT_FOUND, json<FollowedComplaint>(byCode(code)));

export const replyToComplaint = (code: string, message: string) =>
  call('Failed to send your reply', json<FollowedComplaint>(`${byCode(code)}reply/`, { method: 'post', json: { message } }));

/** Every consultancy's record with a complaint in the window; the others have none (the site build reads this once). */
export const complaintRecords = (consultancy?: number) =>
  call(
    'Failed to fetch complaint records',
    json<{ months: number; results: ComplaintRecord[] }>('complaint/records/', consultancy ? { searchParams: { consultancy } } : undefined),
  );

export function ownComplaints(page = 1): Promise<Page<OwnComplaint>> {
  requireDashboard('consultancy');
  return call('Failed to fetch complaints', json<Page<OwnComplaint>>('consultancy/dashboard/complaints/', { searchParams: { page } }));
}

export function answerComplaint(id: number, message: string): Promise<OwnComplaint> {
  requireDashboard('consultancy');
  return call(
    'Failed to send the answer',
    json<OwnComplaint>(`consultancy/dashboard/complaints/${id}/answer/`, { method: 'post', json: { message } }),
  );
}
