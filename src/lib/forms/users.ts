import type { FieldMeta } from '../contract/fields.ts';

/**
 * The user resource of the console, in the same field metadata as the content entities, so the
 * generic list and form screens serve it (SPEC §3: id, email, first_name, last_name, phone, role).
 * A password given on edit resets it; `active` off deactivates the account.
 */
export const USER_ROLES = ['admin', 'consultancy', 'college', 'university', 'student'] as const;

export const userFields: Record<string, FieldMeta> = {
  email: { kind: 'email', label: 'Email', required: true, column: true },
  first_name: { kind: 'text', label: 'First name', required: true, max: 120, column: true },
  last_name: { kind: 'text', label: 'Last name', max: 120, column: true },
  phone: { kind: 'text', label: 'Phone', max: 40 },
  role: { kind: 'select', label: 'Role', options: USER_ROLES, required: true, column: true },
  consultancy_id: { kind: 'ref', ref: 'consultancy', label: 'Consultancy (consultancy accounts)' },
  college_id: { kind: 'ref', ref: 'college', label: 'College (college accounts)' },
  university_id: { kind: 'ref', ref: 'university', label: 'University (university accounts)' },
  active: { kind: 'boolean', label: 'Active', column: true },
  password: { kind: 'text', label: 'Password (new one resets it)', max: 200, help: 'At least 8 characters. Leave empty to keep the current password.' },
};

/** Fields whose input hides what is typed. */
export const SECRET_FIELDS = new Set(['password']);
