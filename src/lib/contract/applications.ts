/** The life of an application, as a consultancy moves it along. */
export const STATUSES = [
  'submitted',
  'in_review',
  'documents_requested',
  'applied_to_university',
  'offer_received',
  'visa_lodged',
  'visa_granted',
  'visa_refused',
  'withdrawn',
] as const;
export type Status = (typeof STATUSES)[number];

export const STATUS_LABELS: Record<Status, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  documents_requested: 'Documents requested',
  applied_to_university: 'Applied to university',
  offer_received: 'Offer received',
  visa_lodged: 'Visa lodged',
  visa_granted: 'Visa granted',
  visa_refused: 'Visa refused',
  withdrawn: 'Withdrawn',
};

/** The education levels the application form offers. */
export const EDUCATION_LEVELS = ['+2 / A-levels', "Bachelor's", "Master's", 'Diploma', 'Other'];

/** The steps a consultancy may take from each status; requested documents send it back to review. */
const NEXT: Record<Status, Status[]> = {
  submitted: ['in_review'],
  in_review: ['documents_requested', 'applied_to_university'],
  documents_requested: ['in_review', 'applied_to_university'],
  applied_to_university: ['offer_received'],
  offer_received: ['visa_lodged'],
  visa_lodged: ['visa_granted', 'visa_refused'],
  visa_granted: [],
  visa_refused: [],
  withdrawn: [],
};

export const nextStatuses = (status: string): Status[] => NEXT[status as Status] ?? [];

/** The applicant edits only until the consultancy first acts. */
export const applicantCanEdit = (status: string) => status === 'submitted';

/** The applicant may withdraw until a decision, or a withdrawal, ends the application. */
export const applicantCanWithdraw = (status: string) => nextStatuses(status).length > 0;
