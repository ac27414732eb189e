import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { consultancies } from './content.ts';
import { consultancyApplications } from './leads.ts';

/**
 * A review of a consultancy by someone who applied to it: one per application (written with its
 * tracking code), so the applicant's phone and email are the application's. Removed by an admin
 * when `removed_reason` is set; the reason is shown in its place.
 */
export const consultancyReviews = pgTable(
  'consultancy_reviews',
  {
    id: id(),
    application_id: integer('application_id')
      .notNull()
      .unique()
      .references(() => consultancyApplications.id, { onDelete: 'cascade' }),
    /** the application's consultancy, kept here so the public list and the fraud signals need no join to filter */
    consultancy_id: integer('consultancy_id')
      .notNull()
      .references(() => consultancies.id, { onDelete: 'cascade' }),
    honesty: smallint('honesty').notNull(),
    responsiveness: smallint('responsiveness').notNull(),
    visa_guidance: smallint('visa_guidance').notNull(),
    text: text('text').notNull(),
    /** keyed hash of the address the review was first sent from (server/services/reviews.ts): matched, never shown */
    ip_hash: varchar('ip_hash', { length: 64 }),
    reply: text('reply'),
    replied_at: timestamp('replied_at', { withTimezone: true, mode: 'string' }),
    replied_by: integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
    removed_reason: text('removed_reason'),
    removed_at: timestamp('removed_at', { withTimezone: true, mode: 'string' }),
    removed_by: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('consultancy_reviews_consultancy_idx').on(t.consultancy_id, t.created_at),
    index('consultancy_reviews_ip_idx').on(t.ip_hash),
    check(
      'consultancy_reviews_ratings',
      sql`${t.honesty} between 1 and 5 and ${t.responsiveness} between 1 and 5 and ${t.visa_guidance} between 1 and 5`,
    ),
  ],
);
