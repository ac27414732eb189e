import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { consultancies } from './content.ts';
import { consultancyApplications } from './leads.ts';

/** An owner's invitation of a counsellor: only a hash of the link's token is kept; accepted or revoked ones stay as a record. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: id(),
    consultancy_id: integer('consultancy_id')
      .notNull()
      .references(() => consultancies.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    invited_by: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true, mode: 'string' }),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    ...timestamps(),
  },
  (t) => [index('staff_invitations_consultancy_idx').on(t.consultancy_id)],
);

/** A staff member's private note on an application: never shown to the applicant. */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: id(),
    application_id: integer('application_id')
      .notNull()
      .references(() => consultancyApplications.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    ...timestamps(),
  },
  (t) => [index('application_notes_application_idx').on(t.application_id, t.created_at)],
);
