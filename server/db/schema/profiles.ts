import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A signed-in student's "Do I qualify?" profile (issue 27), one row per account. Signed out it lives
 * on the device; signing in merges it here (server/services/profiles.ts).
 */
export const studentProfiles = pgTable('student_profiles', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').notNull().default({}),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
