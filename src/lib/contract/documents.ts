/** Documents a consultancy requests on an application, one by one (issue 26). */

/** A request's life: the student uploads (received), the consultancy accepts or rejects with a reason, and a rejected one is uploaded again. */
export const DOCUMENT_STATES = ['requested', 'received', 'accepted', 'rejected'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  requested: 'Requested',
  received: 'Received, being checked',
  accepted: 'Accepted',
  rejected: 'Rejected: upload it again',
};

/** The student may upload while the consultancy has not accepted it. */
export const mayUpload = (state: string) => state !== 'accepted';
/** The consultancy decides on what it received. */
export const mayReview = (state: string) => state === 'received';

/** A consultancy's checklist for a destination until it edits its own: what a Nepali student's file usually needs. */
export const DEFAULT_CHECKLIST = [
  'Passport',
  'Academic transcripts and character certificates',
  'IELTS/PTE result',
  'Bank balance certificate',
  'Ward income letter (for income source)',
  'Tax clearance',
  "Sponsor's letter",
  'Statement of purpose (SOP)',
  'Recommendation letters',
] as const;

/** Days before a due date the student is reminded of a document still owed, each once. */
export const DOCUMENT_REMINDER_DAYS = [3, 1] as const;

export const DOCUMENT_NAME_MAX = 120;
export const CHECKLIST_MAX_ITEMS = 40;
