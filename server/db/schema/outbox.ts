import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import type { OutboxStatus } from '../../../src/lib/contract/outbox.ts';

/**
 * The transactional outbox: a message is inserted in the same transaction as the event that causes
 * it, so it exists exactly when the event does, and the worker (server/services/outbox.ts) delivers
 * it later, at least once. `key` names the message (event and recipient): inserting the same key
 * twice keeps one row, and it is the Message-ID a receiving system can drop a repeat by.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    key: varchar('key', { length: 200 }).notNull().unique(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** an iCalendar invitation sent with the message (a counselling booking), or null */
    calendar: text('calendar'),
    /** where the recipient stops this kind of mail with one click (List-Unsubscribe, RFC 8058), or null */
    unsubscribe_url: text('unsubscribe_url'),
    /** pending: to be delivered; sent: accepted by the SMTP server; kept: no SMTP_URL, readable in the console only; failed: gave up */
    status: varchar('status', { length: 20 }).$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** the worker's claim: another worker takes the message over only once the lease has run out */
    claim_id: uuid('claim_id'),
    lease_until: timestamp('lease_until', { withTimezone: true, mode: 'string' }),
    last_error: text('last_error').notNull().default(''),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    ...timestamps(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.next_attempt_at)
      .where(sql`status = 'pending'`),
    index('outbox_created_idx').on(t.created_at),
  ],
);
