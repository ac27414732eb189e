/** The life of a complaint, as admins move it along; `rejected`: found invalid, left out of the consultancy's public record. */
export const COMPLAINT_STATUSES = ['open', 'in_progress', 'resolved', 'rejected', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** How soon the consultancy calls back after a counselling booking: told on the page and in the student's mail. */
export const INQUIRY_CALL_BACK_DAYS = 2;

/** A booking's reference, to quote when the consultancy calls or when asking after it: from its id, so nothing more is stored. */
export const inquiryReference = (id: number) => `B-${String(id).padStart(5, '0')}`;
