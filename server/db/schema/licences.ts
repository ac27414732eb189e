import { date, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { LicenceAction, LicenceStatus } from '../../../src/lib/contract/licences.ts';
import { users } from './accounts.ts';
import { id, timestamps } from './columns.ts';
import { consultancies } from './content.ts';

/** A consultancy's Ministry of Education licence as submitted, and what an admin decided (src/lib/contract/licences.ts). */
export const consultancyLicences = pgTable(
  'consultancy_licences',
  {
    id: id(),
    consultancy_id: integer('consultancy_id')
      .notNull()
      .references(() => consultancies.id, { onDelete: 'cascade' }),
    permission_number: varchar('permission_number', { length: 60 }).notNull(),
    issuing_office: varchar('issuing_office', { length: 200 }).notNull(),
    issued_on: date('issued_on', { mode: 'string' }).notNull(),
    expires_on: date('expires_on', { mode: 'string' }).notNull(),
    association: varchar('association', { length: 200 }).notNull().default(''),
    association_number: varchar('association_number', { length: 60 }).notNull().default(''),
    /** key in the private store, like application_documents.storage_key: never under /media */
    document_key: text('document_key').notNull(),
    document_name: varchar('document_name', { length: 255 }).notNull().default(''),
    status: varchar('status', { length: 20 }).$type<LicenceStatus>().notNull().default('pending'),
    /** why an admin rejected it, shown to the consultancy */
    reason: text('reason').notNull().default(''),
    /** when an admin verified or rejected it: a verified licence's "checked on" date */
    reviewed_at: timestamp('reviewed_at', { withTimezone: true, mode: 'string' }),
    ...timestamps(),
  },
  (t) => [
    index('licences_consultancy_idx').on(t.consultancy_id, t.status, t.expires_on),
    index('licences_status_idx').on(t.status, t.created_at),
  ],
);

/** Every step of a licence, with who took it and when; the name is kept as it was, should the account go. */
export const consultancyLicenceHistory = pgTable(
  'consultancy_licence_history',
  {
    id: id(),
    licence_id: integer('licence_id')
      .notNull()
      .references(() => consultancyLicences.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 20 }).$type<LicenceAction>().notNull(),
    reason: text('reason').notNull().default(''),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actor_name: varchar('actor_name', { length: 260 }).notNull().default(''),
    actor_role: varchar('actor_role', { length: 20 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('licence_history_licence_idx').on(t.licence_id, t.created_at)],
);
