import { COMPLAINT_STATUSES } from '../../lib/contract/leads.ts';
import type { Resource } from './resource.ts';

/** Complaints about consultancies: listed, and moved from status to status with a note. */
export const complaint: Resource = {
  name: 'complaint',
  label: 'Complaint',
  plural: 'Complaints',
  titleField: 'subject',
  fields: {
    reference: { kind: 'text', label: 'Reference', column: true, unbroken: true },
    created_at: { kind: 'datetime', label: 'Received', column: true },
    answer_due_at: { kind: 'datetime', label: 'Answer due', column: true },
    overdue: { kind: 'boolean', label: 'Overdue', column: true },
    first_answer_at: { kind: 'datetime', label: 'First answer', column: true },
    name: { kind: 'text', label: 'Name', column: true },
    email: { kind: 'email', label: 'Email', column: true },
    phone: { kind: 'text', label: 'Phone', column: true },
    consultancy_id: { kind: 'ref', ref: 'consultancy', label: 'About', column: true },
    subject: { kind: 'text', label: 'Subject', column: true },
    message: { kind: 'textarea', label: 'Complaint', column: true },
    answer: { kind: 'textarea', label: "Consultancy's answer", column: true },
    evidence: { kind: 'file', label: 'Evidence', column: true, private: true },
    status: { kind: 'select', label: 'Status', options: COMPLAINT_STATUSES, column: true },
  },
  filters: { status: { label: 'Status', kind: 'select', options: COMPLAINT_STATUSES } },
  multipart: false,
  list: 'complaint/admin',
  // no form: the list changes a complaint's status (with a note), the one thing an admin updates
  update: 'complaint/:id/status',
  updateMethod: 'patch',
  // no ordering sent by default: the server puts overdue complaints first
  ordering: [],
  readOnly: true,
};
