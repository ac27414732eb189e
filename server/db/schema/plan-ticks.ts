import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { destinations } from './content.ts';

/**
 * What a signed-in student ticked on a destination's plan (issue 27): tick keys, a step's id ("12")
 * or one of its documents ("12.0"). Signed out, ticks live on the device; signing in merges them here.
 */
export const planTicks = pgTable(
  'plan_ticks',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    destination_id: integer('destination_id')
      .notNull()
      .references(() => destinations.id, { onDelete: 'cascade' }),
    ticks: text('ticks').array().notNull().default([]),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.destination_id] })],
);
