import { INSTITUTION_ROLES } from '../../lib/contract/index.ts';
import type { Resource } from './resource.ts';

/** Every inquiry sent to any institution, read only. */
export const inquiry: Resource = {
  name: 'inquiry',
  label: 'Inquiry',
  plural: 'Inquiries',
  titleField: 'name',
  // what was asked and where it stands first: they stay in view when the table is wider than its box
  fields: {
    created_at: { kind: 'datetime', label: 'Received', column: true },
    name: { kind: 'text', label: 'Name', column: true },
    message: { kind: 'textarea', label: 'Message', column: true },
    status: { kind: 'text', label: 'Status', column: true },
    email: { kind: 'email', label: 'Email', column: true },
    phone: { kind: 'text', label: 'Phone', column: true },
    entity_type: { kind: 'select', label: 'Institution type', options: INSTITUTION_ROLES, column: true },
    entity_name: { kind: 'text', label: 'Institution', column: true },
    destination_name: { kind: 'text', label: 'Destination', column: true },
    exam_name: { kind: 'text', label: 'Exam', column: true },
  },
  filters: {
    entity_type: { label: 'Institution type', kind: 'select', options: INSTITUTION_ROLES },
    consultancy: { label: 'Consultancy', kind: 'ref', ref: 'consultancy' },
    destination: { label: 'Destination', kind: 'ref', ref: 'destination' },
    date_from: { label: 'Received from', kind: 'date' },
    date_to: { label: 'Received until', kind: 'date' },
  },
  multipart: false,
  list: 'inquiry/admin/all',
  listParams: { all: 'true' },
  updateMethod: 'patch',
  ordering: ['-created_at'],
  readOnly: true,
};
