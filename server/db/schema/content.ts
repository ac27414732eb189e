import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { entities as e } from '../../../src/lib/contract/index.ts';
import { id, timestamps } from './columns.ts';
import { entityTable } from './entity-table.ts';

/**
 * The content entities' tables, each built from its declaration (entity-table.ts); what is here
 * beside a declaration is what it cannot say. A table must be built after the tables it refers to.
 */

/** A post is published when it is saved unless it says when. */
const publishedNow = { published_at: timestamp('published_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow() };
/** A post's category came last (the order the API answers in). */
const categoryLast = [
  'id',
  'title',
  'slug',
  'excerpt',
  'body',
  'cover_image',
  'author_name',
  'published_at',
  'search',
  'created_at',
  'updated_at',
] as const;

export const districts = entityTable(e.district);
export const disciplines = entityTable(e.discipline);
export const destinations = entityTable(e.destination);
export const exams = entityTable(e.exam, { indexes: (t) => [index('exams_type_idx').on(t.type)] });
export const universities = entityTable(e.university, { indexes: (t) => [index('universities_ranking_idx').on(t.world_ranking)] });
export const colleges = entityTable(e.college);
// the default order's index: a country's or level's courses without words (the site search's chips) read 5 rows in order, not 8,000 sorted
export const courses = entityTable(e.course, {
  indexes: (t) => [index('courses_level_idx').on(t.level), index('courses_name_idx').on(t.name, t.id)],
});
// the facets a list page counts under a filter, and the id its licence is tested by, for an index-only scan: ~12 MB against the table's 165 MB at 100k rows (the whole list's counts are kept in facet_counts)
export const consultancies = entityTable(e.consultancy, {
  indexes: (t) => [
    index('consultancies_order_idx').on(t.priority.desc(), t.id),
    index('consultancies_facets_idx').on(t.verified, t.districts, t.study_abroad_destinations, t.test_preparation, t.id),
  ],
});
export const events = entityTable(e.event, { indexes: (t) => [index('events_starts_idx').on(t.starts_at)] });
export const scholarships = entityTable(e.scholarship, { indexes: (t) => [index('scholarships_deadline_idx').on(t.deadline)] });
export const blogCategories = entityTable(e.blogCategory);
export const newsCategories = entityTable(e.newsCategory);
export const blogs = entityTable(e.blog, {
  columns: publishedNow,
  order: categoryLast,
  indexes: (t) => [index('blogs_published_idx').on(t.published_at)],
});
export const news = entityTable(e.news, {
  columns: publishedNow,
  order: categoryLast,
  indexes: (t) => [index('news_published_idx').on(t.published_at)],
});
export const offers = entityTable(e.offer, { order: ['id', 'title', 'slug', 'description', 'image'] });
export const featuredPages = entityTable(e.featured);
export const modelQuestions = entityTable(e.modelQuestion);
// its description is longer than most, and was made unbounded
export const forumCategories = entityTable(e.forumCategory, { columns: { description: text('description').notNull().default('') } });
export const ads = entityTable(e.ad, {
  order: ['id', 'placement'],
  indexes: (t) => [index('ads_placement_idx').on(t.placement, t.active)],
});
export const exchangeRates = entityTable(e.exchangeRate, {
  indexes: (t) => [index('exchange_rates_currency_idx').on(t.currency, t.rate_date)],
});

export const synonyms = entityTable(e.synonym);
// one index serves deletes, the destination filter and the plan's order
export const planSteps = entityTable(e.planStep, { indexes: (t) => [index('plan_steps_order_idx').on(t.destination_id, t.position)] });
export const testSessions = entityTable(e.testSession, { indexes: (t) => [index('test_sessions_date_idx').on(t.date)] });

/** An institution's other offices: not an entity of their own (server/services/branches.ts). */
const ownerColumn = <O extends string>(owner: O, institutions: typeof colleges | typeof consultancies) =>
  integer(owner)
    .notNull()
    .references(() => institutions.id, { onDelete: 'cascade' });

/** One kind's branches table: the same columns, named by the kind (INSTITUTIONS' `branches` option). */
function branchTable<O extends string>(name: string, owner: O, institutions: typeof colleges | typeof consultancies) {
  const ownerColumns = { [owner]: ownerColumn(owner, institutions) } as { [K in O]: ReturnType<typeof ownerColumn<O>> };
  return pgTable(
    name,
    {
      id: id(),
      ...ownerColumns,
      name: varchar('name', { length: 200 }).notNull(),
      address: varchar('address', { length: 300 }).notNull().default(''),
      district_id: integer('district_id').references(() => districts.id, { onDelete: 'set null' }),
      phone: varchar('phone', { length: 60 }).notNull().default(''),
      ...timestamps(),
    },
    (t) => [index(`${name}_${owner.replace(/_id$/, '')}_idx`).on(t[owner as O] as never)],
  );
}

export const collegeBranches = branchTable('college_branches', 'college_id', colleges);
export const consultancyBranches = branchTable('consultancy_branches', 'consultancy_id', consultancies);
