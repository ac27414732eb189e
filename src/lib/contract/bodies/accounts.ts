import { z } from 'zod';
import { ROLES } from '../entity.ts';
import { email, optionalId, password, phone, plainText } from '../values.ts';

/** Request bodies of sign-in, sign-up and the admins' user screens. The server adds its password-strength check to those with a new password. */

export const credentials = z.strictObject({
  email,
  password: z.string({ error: 'Must be text' }).min(1, 'This field is required').max(128, 'Must be at most 128 characters'),
});

const profile = {
  first_name: plainText(120),
  last_name: plainText(120),
  phone: z.union([z.literal(''), phone]),
};

// Forum users need a name to be shown by.
export const registration = z.strictObject({
  email,
  password,
  first_name: plainText(120, 1),
  last_name: profile.last_name.default(''),
  phone: profile.phone.default(''),
});

const links = { consultancy_id: optionalId.optional(), college_id: optionalId.optional(), university_id: optionalId.optional() };
export const role = z.enum(ROLES, { error: `Must be one of ${ROLES.join(', ')}` });

export const newUser = z.strictObject({
  email,
  password,
  role,
  first_name: profile.first_name.default(''),
  last_name: profile.last_name.default(''),
  phone: profile.phone.default(''),
  active: z.boolean().default(true),
  ...links,
});

export const userChanges = z.strictObject({
  email: email.optional(),
  password: password.optional(),
  role: role.optional(),
  first_name: profile.first_name.optional(),
  last_name: profile.last_name.optional(),
  phone: profile.phone.optional(),
  active: z.boolean().optional(),
  ...links,
});

/** Self-service password reset: the request names an address; the link's token sets a new password. */
export const passwordResetRequest = z.strictObject({ email });
export const passwordReset = z.strictObject({
  token: z.string({ error: 'Must be text' }).min(1, 'This field is required').max(1000, 'Must be at most 1000 characters'),
  password,
});
