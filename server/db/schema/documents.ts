import { date, index, integer, pgTable, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { DOCUMENT_NAME_MAX } from '../../../src/lib/contract/documents.ts';
import { id, textList, timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { consultancies, destinations } from './content.ts';
import { consultancyApplications } from './leads.ts';

/** A document the consultancy asked the applicant for; the files uploaded against it are application_documents rows naming it. */
export const documentRequests = pgTable(
  'document_requests',
  {
    id: id(),
    application_id: integer('application_id')
      .notNull()
      .references(() => consultancyApplications.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: DOCUMENT_NAME_MAX }).notNull(),
    note: text('note').notNull().default(''),
    /** a calendar day in Nepal: reminders go out before it */
    due_on: date('due_on', { mode: 'string' }).notNull(),
    /** DOCUMENT_STATES */
    state: varchar('state', { length: 20 }).notNull().default('requested'),
    /** why the last upload was rejected (kept until the next decision) */
    rejection_reason: text('rejection_reason').notNull().default(''),
    requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true, mode: 'string' }),
    ...timestamps(),
  },
  (t) => [index('document_requests_application_idx').on(t.application_id, t.id), index('document_requests_due_idx').on(t.due_on)],
);

/** A consultancy's own list of documents for a destination, offered when it requests documents; absent: DEFAULT_CHECKLIST. */
export const documentChecklists = pgTable(
  'document_checklists',
  {
    id: id(),
    consultancy_id: integer('consultancy_id')
      .notNull()
      .references(() => consultancies.id, { onDelete: 'cascade' }),
    destination_id: integer('destination_id')
      .notNull()
      .references(() => destinations.id, { onDelete: 'cascade' }),
    items: textList('items'),
    ...timestamps(),
  },
  (t) => [
    unique('document_checklists_consultancy_destination_key').on(t.consultancy_id, t.destination_id),
    index('document_checklists_destination_idx').on(t.destination_id),
  ],
);
