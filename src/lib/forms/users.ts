import { ROLES } from '../contract/entity.ts';
import type { FieldMeta } from '../contract/fields.ts';
import { prepareEntries, toJson, type FormValues, type Mode } from './prepare.ts';

/**
 * The user resource of the console, in the same field metadata as the content entities, so the
 * generic list and form screens serve it (SPEC §3: id, email, first_name, last_name, phone, role).
 * A password given on edit resets it; `active` off deactivates the account.
 */
export const USER_ROLES = ROLES;

export const userFields: Record<string, FieldMeta> = {
  email: { kind: 'email', label: 'Email', required: true, column: true },
  first_name: { kind: 'text', label: 'First name', required: true, max: 120, column: true },
  last_name: { kind: 'text', label: 'Last name', max: 120, column: true },
  phone: { kind: 'text', label: 'Phone', max: 40 },
  role: { kind: 'select', label: 'Role', options: USER_ROLES, required: true, column: true },
  consultancy_id: { kind: 'ref', ref: 'consultancy', label: 'Consultancy (consultancy accounts)' },
  college_id: { kind: 'ref', ref: 'college', label: 'College (college accounts)' },
  university_id: { kind: 'ref', ref: 'university', label: 'University (university accounts)' },
  active: { kind: 'boolean', label: 'Active', column: true, default: true },
  password: {
    kind: 'text',
    label: 'Password (new one resets it)',
    max: 200,
    help: 'At least 8 characters. Leave empty to keep the current password.',
  },
};

/** Fields whose input hides what is typed. */
export const SECRET_FIELDS = new Set(['password']);

/** The institution link of each institution role: an account belongs to one institution of its own kind. */
export const ROLE_LINKS = { consultancy: 'consultancy_id', college: 'college_id', university: 'university_id' } as const;

/**
 * A user's request body: the SPEC §5 preparation, then every institution link set for the chosen
 * role. The links of other kinds are sent as null, so a change of role clears the old link (the
 * server refuses an account linked to another kind); the role's own link, when emptied, is sent as
 * null too rather than left out, which would keep the stored one.
 */
export function prepareUserBody(values: FormValues, mode: Mode): Record<string, unknown> {
  const body = toJson(prepareEntries(userFields, values, mode));
  if (typeof values.role !== 'string' || values.role === '') return body;
  for (const [role, field] of Object.entries(ROLE_LINKS)) if (role !== values.role || !(field in body)) body[field] = null;
  return body;
}
