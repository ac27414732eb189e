import { boolean, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { colleges, consultancies, universities } from './content.ts';

import { ROLES, type Role } from '../../../src/lib/contract/index.ts';
import type { StaffRole } from '../../../src/lib/contract/staff.ts';

export { ROLES, type Role };

export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar('email', { length: 254 }).notNull().unique(),
    password_hash: text('password_hash').notNull(),
    first_name: varchar('first_name', { length: 120 }).notNull().default(''),
    last_name: varchar('last_name', { length: 120 }).notNull().default(''),
    phone: varchar('phone', { length: 40 }).notNull().default(''),
    role: varchar('role', { length: 20 }).$type<Role>().notNull(),
    consultancy_id: integer('consultancy_id').references(() => consultancies.id, { onDelete: 'set null' }),
    college_id: integer('college_id').references(() => colleges.id, { onDelete: 'set null' }),
    university_id: integer('university_id').references(() => universities.id, { onDelete: 'set null' }),
    /** a consultancy account's place in its staff: accounts an admin makes are owners, invited ones counsellors */
    staff_role: varchar('staff_role', { length: 20 }).$type<StaffRole>().notNull().default('owner'),
    active: boolean('active').notNull().default(true),
    /** a student's own sign-up is confirmed from the email address before it can sign in; accounts made otherwise are */
    email_verified: boolean('email_verified').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('users_role_idx').on(t.role)],
);

/** One row per issued refresh token; a login is a family, revoked whole when a rotated token is replayed. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family_id: uuid('family_id').notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    rotated_at: timestamp('rotated_at', { withTimezone: true, mode: 'string' }),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    ...timestamps(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family_id), index('refresh_tokens_user_idx').on(t.user_id)],
);
