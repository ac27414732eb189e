/** The life of a complaint, as admins move it along; `rejected`: found invalid, left out of the consultancy's public record. */
export const COMPLAINT_STATUSES = ['open', 'in_progress', 'resolved', 'rejected', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
