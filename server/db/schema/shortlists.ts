import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * The rows a signed-in account saved (universities, courses, consultancies, scholarships: the
 * declarations with `shortlist`). Signed out, a shortlist lives on the device; signing in merges it here.
 */
export const shortlistItems = pgTable(
  'shortlist_items',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entity: varchar('entity', { length: 40 }).notNull(),
    row_id: integer('row_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.entity, t.row_id] }), index('shortlist_items_user_idx').on(t.user_id, t.created_at)],
);

/**
 * The accounts that asked for mail 30, 7 and 1 days before each saved row's next date (opt in on
 * /shortlist/): a row here means on. Which reminders went out is the outbox's key, not a column.
 */
export const deadlineReminderOptIns = pgTable('deadline_reminder_opt_ins', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
