import { REASON_MAX, REASON_MIN } from '../../lib/contract/reviews.ts';
import type { Resource } from './resource.ts';

/** Reviews of consultancies: read, and removed from the site with a reason (or restored). */
export const review: Resource = {
  name: 'review',
  label: 'Review',
  plural: 'Reviews',
  titleField: 'tracking_code',
  fields: {
    created_at: { kind: 'datetime', label: 'Written', column: true },
    consultancy_name: { kind: 'text', label: 'Consultancy', column: true },
    rating: { kind: 'number', label: 'Rating (of 5)', column: true },
    text: { kind: 'textarea', label: 'Review', column: true },
    signal_notes: { kind: 'tags', label: 'Fraud signals', column: true },
    removed_reason: { kind: 'text', label: 'Removed because', column: true },
    applicant: { kind: 'text', label: 'Applicant', column: true },
    email: { kind: 'email', label: 'Email', column: true },
    phone: { kind: 'text', label: 'Phone', column: true },
    tracking_code: { kind: 'text', label: 'Tracking code', column: true, unbroken: true },
    reply: { kind: 'textarea', label: 'Reply', column: true },
  },
  filters: {
    signals: { label: 'With fraud signals only', kind: 'flag' },
    consultancy: { label: 'Consultancy', kind: 'ref', ref: 'consultancy' },
    removed: { label: 'Removed', kind: 'boolean' },
  },
  multipart: false,
  list: 'consultancy-review/admin',
  updateMethod: 'patch',
  ordering: ['-created_at'],
  readOnly: true,
  moderate: {
    remove: 'consultancy-review/:id/hide',
    restore: 'consultancy-review/:id/restore',
    reason: { min: REASON_MIN, max: REASON_MAX },
  },
};
