import { bigint, boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id, searchColumns, searchIndexes, timestamps } from './columns.ts';
import { consultancies } from './content.ts';

export const ads = pgTable(
  'ads',
  {
    id: id(),
    placement: varchar('placement', { length: 40 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    redirect_url: text('redirect_url').notNull().default(''),
    desktop_image_url: text('desktop_image_url'),
    mobile_image_url: text('mobile_image_url'),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'string' }),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'string' }),
    weight: integer('weight').notNull().default(1),
    active: boolean('active').notNull().default(true),
    ...searchColumns({ A: ['title'], B: ['placement'] }),
    ...timestamps(),
  },
  (t) => [index('ads_placement_idx').on(t.placement, t.active), ...searchIndexes('ads', t)],
);

/** Single row (id = 1). */
export const siteSettings = pgTable('site_settings', {
  id: id(),
  featured_counselling_consultancy_id: integer('featured_counselling_consultancy_id').references(() => consultancies.id, { onDelete: 'set null' }),
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
  (t) => [index('pageviews_institute_idx').on(t.institute_type, t.institute_id, t.created_at), index('pageviews_created_idx').on(t.created_at)],
);
