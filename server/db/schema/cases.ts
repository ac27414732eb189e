import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { consultancyApplications } from './leads.ts';

/**
 * An application as a case both sides share (issue 26): its message thread, the payments the
 * consultancy took and its written agreement. Files are keys of the private store, like
 * application_documents.storage_key (counted in PRIVATE_FILE_COLUMNS).
 */

export const applicationMessages = pgTable(
  'application_messages',
  {
    id: id(),
    application_id: integer('application_id')
      .notNull()
      .references(() => consultancyApplications.id, { onDelete: 'cascade' }),
    /** applicant or consultancy (MESSAGE_AUTHORS) */
    author: varchar('author', { length: 20 }).notNull(),
    /** the consultancy's account that wrote it; null for the applicant, who has none */
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    ...timestamps(),
  },
  (t) => [index('application_messages_application_idx').on(t.application_id, t.created_at)],
);

export const applicationMessageFiles = pgTable(
  'application_message_files',
  {
    id: id(),
    message_id: integer('message_id')
      .notNull()
      .references(() => applicationMessages.id, { onDelete: 'cascade' }),
    storage_key: text('storage_key').notNull(),
    original_name: varchar('original_name', { length: 255 }).notNull().default(''),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    ...timestamps(),
  },
  (t) => [index('application_message_files_message_idx').on(t.message_id)],
);

export const applicationPayments = pgTable(
  'application_payments',
  {
    id: id(),
    application_id: integer('application_id')
      .notNull()
      .references(() => consultancyApplications.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 200 }).notNull(),
    /** whole rupees */
    amount_npr: integer('amount_npr').notNull(),
    /** empty: no receipt given, which the student and admins see flagged */
    receipt_number: varchar('receipt_number', { length: 60 }).notNull().default(''),
    paid_on: date('paid_on', { mode: 'string' }).notNull(),
    /** recorded, confirmed or disputed (PAYMENT_STATES): the student's answer */
    state: varchar('state', { length: 20 }).notNull().default('recorded'),
    dispute_reason: text('dispute_reason').notNull().default(''),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('application_payments_application_idx').on(t.application_id, t.paid_on),
    // the admin list reads only these: payments without a receipt and disputed ones
    index('application_payments_flagged_idx')
      .on(t.created_at)
      .where(sql`${t.receipt_number} = '' OR ${t.state} = 'disputed'`),
    check('application_payments_amount_positive', sql`${t.amount_npr} > 0`),
  ],
);

/** The consultancy's written agreement with the student: one file per application, replaced by a new upload. */
export const applicationAgreements = pgTable('application_agreements', {
  application_id: integer('application_id')
    .primaryKey()
    .references(() => consultancyApplications.id, { onDelete: 'cascade' }),
  storage_key: text('storage_key').notNull(),
  original_name: varchar('original_name', { length: 255 }).notNull().default(''),
  mime: varchar('mime', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps(),
});
