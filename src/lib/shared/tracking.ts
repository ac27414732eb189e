import type { ApplicationStatus } from '../api/public.ts';
import type { FollowedComplaint } from '../api/complaints.ts';
import { countOf, formatDate } from '../format.ts';
import { deadlineText } from './complaint-record.ts';

/**
 * The facts of a tracked application and of a followed complaint, as label and value: one list for
 * the islands (/track/, /complaint/track/) and for the server's answer to the same pages without
 * scripts (server/no-script.ts). Empty values are left out.
 */
export function applicationFacts(status: ApplicationStatus): [string, string][] {
  const facts: [string, string][] = [
    ['Tracking code', status.tracking_code],
    ['Applied', status.created_at ? formatDate(status.created_at) : ''],
    ['Applicant', status.applicant?.full_name ?? ''],
    ['Destination', status.destination?.name ?? 'Not decided yet'],
    ['University', status.university?.name ?? ''],
    ['Course', status.course?.name ?? ''],
    ['Preferred intake', status.preferred_intake ?? ''],
    ['Education level', status.education_level ?? ''],
    // only the files sent with the application: those sent for a document request are listed under it
    ['Sent with the application', countOf(status.document_count ?? 0, 'document', 'documents')],
  ];
  return facts.filter(([, value]) => value);
}

export function complaintFacts(complaint: Omit<FollowedComplaint, 'status'>): [string, string][] {
  const facts: [string, string][] = [
    ['Reference', complaint.reference ?? ''],
    ['About', complaint.consultancy?.name ?? 'No consultancy named'],
    ['Filed', formatDate(complaint.created_at)],
    ['Consultancy', deadlineText(complaint)],
    ['Subject', complaint.subject],
  ];
  return facts.filter(([, value]) => value);
}
