import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { complaints } from './leads.ts';

/** A complaint's history: its filing, every message (complainant, consultancy, admin) and every status change, with who and when. */
export const complaintEvents = pgTable(
  'complaint_events',
  {
    id: id(),
    complaint_id: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    /** submitted, message or status (COMPLAINT_EVENT_KINDS) */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** complainant, consultancy or admin (COMPLAINT_AUTHORS) */
    author: varchar('author', { length: 20 }).notNull(),
    /** the account that wrote it; null for the complainant, who has none */
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** the status a status change set */
    status: varchar('status', { length: 20 }),
    body: text('body').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('complaint_events_complaint_idx').on(t.complaint_id, t.created_at)],
);
