import { STAGES as APPLICATION_STAGES } from '../../lib/contract/applications.ts';
import type { Resource } from './resource.ts';

/** Every application to a consultancy, read only. */
export const application: Resource = {
  name: 'application',
  label: 'Application',
  plural: 'Applications',
  titleField: 'tracking_code',
  fields: {
    tracking_code: { kind: 'text', label: 'Tracking code', column: true },
    full_name: { kind: 'text', label: 'Applicant', column: true },
    email: { kind: 'email', label: 'Email', column: true },
    phone: { kind: 'text', label: 'Phone', column: true },
    consultancy_name: { kind: 'text', label: 'Consultancy', column: true },
    destination_name: { kind: 'text', label: 'Destination', column: true },
    course_name: { kind: 'text', label: 'Course', column: true },
    status: { kind: 'select', label: 'Stage', options: APPLICATION_STAGES, column: true },
    documents: { kind: 'file', label: 'Documents', column: true, private: true },
    created_at: { kind: 'datetime', label: 'Submitted', column: true },
  },
  filters: { status: { label: 'Status', kind: 'select', options: APPLICATION_STAGES } },
  multipart: false,
  list: 'consultancy-application/admin',
  updateMethod: 'patch',
  ordering: ['-created_at'],
  readOnly: true,
};
