import { bigint, boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { consultancies } from './content.ts';

/** Single row (id = 1). */
export const siteSettings = pgTable('site_settings', {
  id: id(),
  featured_counselling_consultancy_id: integer('featured_counselling_consultancy_id').references(() => consultancies.id, {
    onDelete: 'set null',
  }),
  show_counselling_bar: boolean('show_counselling_bar').notNull().default(false),
  ...timestamps(),
});

/** Single row (id = 1). */
export const modalSettings = pgTable('modal_settings', {
  id: id(),
  hide_study_abroad_modal: boolean('hide_study_abroad_modal').notNull().default(false),
  hide_full_detail_modal: boolean('hide_full_detail_modal').notNull().default(false),
  ...timestamps(),
});

/** Single row (id = 1): bumped by every content write, read by the rebuild runner. */
export const contentState = pgTable('content_state', {
  id: id(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  ...timestamps(),
});

/**
 * One row per kind of public content (an entity, the forum, reviews, complaint records, settings):
 * bumped in the write's transaction, so a cached answer keys on the kinds it reads and survives
 * writes to the others (server/content-version.ts).
 */
export const contentVersions = pgTable('content_versions', {
  kind: varchar('kind', { length: 40 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const pageviews = pgTable(
  'pageviews',
  {
    id: id(),
    institute_type: varchar('institute_type', { length: 20 }),
    institute_id: integer('institute_id'),
    session_id: varchar('session_id', { length: 64 }).notNull(),
    path: varchar('path', { length: 500 }).notNull().default(''),
    user_agent: varchar('user_agent', { length: 500 }).notNull().default(''),
    browser: varchar('browser', { length: 60 }).notNull().default(''),
    device: varchar('device', { length: 20 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('pageviews_institute_idx').on(t.institute_type, t.institute_id, t.created_at),
    index('pageviews_created_idx').on(t.created_at),
  ],
);

/**
 * Idempotency-Key answers (issue 27, forms sent later from a phone): the first answer to a POST or
 * PATCH carrying the key, given again to a repeat within 24 h, so a retry after a lost answer never
 * makes a second row (server/plugins/idempotency.ts). status 0: the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: varchar('key', { length: 100 }).primaryKey(),
    /** method, address and caller: a key is only ever answered for the same request */
    request: varchar('request', { length: 600 }).notNull(),
    status: integer('status').notNull().default(0),
    content_type: varchar('content_type', { length: 100 }).notNull().default(''),
    body: text('body').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.created_at)],
);
