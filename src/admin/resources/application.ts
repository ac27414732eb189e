import { STAGES as APPLICATION_STAGES, STAGE_LABELS } from '../../lib/contract/applications.ts';
import { nextStages } from '../../lib/forms/applications.ts';
import type { Resource } from './resource.ts';

/** Every application to a consultancy: listed, and moved to a next stage with a note (the admin on the timeline). */
export const application: Resource = {
  name: 'application',
  label: 'Application',
  plural: 'Applications',
  titleField: 'tracking_code',
  fields: {
    tracking_code: { kind: 'text', label: 'Tracking code', column: true, unbroken: true },
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
  update: 'consultancy-application/admin/:id/status',
  updateMethod: 'post',
  nextStatuses: { of: nextStages, labels: STAGE_LABELS },
  // the stage route takes the stage and the note, not the list's fields
  prepare: (values) => ({ status: values.status, note: typeof values.note === 'string' ? values.note : '' }),
  ordering: ['-created_at'],
  readOnly: true,
};
