import { USER_ROLES, prepareUserBody, userFields } from '../../lib/forms/users.ts';
import type { Resource } from './resource.ts';

/** Accounts: an admin creates them and links institution accounts to their institution. */
export const user: Resource = {
  name: 'user',
  label: 'User',
  plural: 'Users',
  titleField: 'email',
  fields: userFields,
  filters: { role: { label: 'Role', kind: 'select', options: USER_ROLES }, active: { label: 'Active', kind: 'boolean' } },
  multipart: false,
  list: 'auth/users',
  one: 'auth/users/:id',
  create: 'auth/users/create',
  update: 'auth/users/:id',
  updateMethod: 'put',
  ordering: ['email'],
  prepare: prepareUserBody,
};
