import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id, idList, searchColumns, searchIndexes, textList, timestamps } from './columns.ts';

const slug = () => varchar('slug', { length: 200 }).notNull().unique();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
/** The day an admin or the owner last confirmed a row's fees, intakes and dates (the declaration's `confirmed`). */
const factsCheckedOn = () => ({ facts_checked_on: date('facts_checked_on', { mode: 'string' }) });

export const districts = pgTable(
  'districts',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    slug: slug(),
    province: varchar('province', { length: 60 }).notNull().default(''),
    ...searchColumns({ A: ['name'], B: ['province'] }),
    ...timestamps(),
  },
  (t) => [...searchIndexes('districts', t)],
);

export const disciplines = pgTable(
  'disciplines',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    slug: slug(),
    description: text('description').notNull().default(''),
    ...searchColumns({ A: ['name'], C: ['description'] }),
    ...timestamps(),
  },
  (t) => [...searchIndexes('disciplines', t)],
);

export const destinations = pgTable(
  'destinations',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    slug: slug(),
    country_code: varchar('country_code', { length: 2 }).notNull().default(''),
    country_logo: text('country_logo'),
    cover_page: text('cover_page'),
    about: text('about').notNull().default(''),
    capital: varchar('capital', { length: 120 }).notNull().default(''),
    currency: varchar('currency', { length: 3 }).notNull().default(''),
    language: varchar('language', { length: 120 }).notNull().default(''),
    living_cost: varchar('living_cost', { length: 200 }).notNull().default(''),
    // the first-year estimates' numbers, in the destination's currency; the text above stays what pages say
    living_cost_yearly: integer('living_cost_yearly'),
    visa_fee: integer('visa_fee'),
    health_insurance_yearly: integer('health_insurance_yearly'),
    work_rights: varchar('work_rights', { length: 300 }).notNull().default(''),
    visa_info: text('visa_info').notNull().default(''),
    intakes: textList('intakes'),
    priority: integer('priority').notNull().default(0),
    register_name: varchar('register_name', { length: 120 }).notNull().default(''),
    register_url: text('register_url').notNull().default(''),
    ...factsCheckedOn(),
    ...searchColumns({ A: ['name'], B: ['capital', 'language'], C: ['about'] }),
    ...timestamps(),
  },
  (t) => [...searchIndexes('destinations', t)],
);

export const exams = pgTable(
  'exams',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    slug: slug(),
    full_name: varchar('full_name', { length: 200 }).notNull().default(''),
    type: varchar('type', { length: 40 }).notNull(),
    icon: text('icon'),
    about: text('about').notNull().default(''),
    duration: varchar('duration', { length: 120 }).notNull().default(''),
    score_range: varchar('score_range', { length: 120 }).notNull().default(''),
    fee: varchar('fee', { length: 120 }).notNull().default(''),
    validity: varchar('validity', { length: 120 }).notNull().default(''),
    website: text('website').notNull().default(''),
    ...searchColumns({ A: ['name', 'full_name'], C: ['about'] }),
    ...timestamps(),
  },
  (t) => [index('exams_type_idx').on(t.type), ...searchIndexes('exams', t)],
);

export const universities = pgTable(
  'universities',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    slug: slug(),
    destination_id: integer('destination_id').references(() => destinations.id, { onDelete: 'set null' }),
    city: varchar('city', { length: 120 }).notNull().default(''),
    logo: text('logo'),
    cover: text('cover'),
    about: text('about').notNull().default(''),
    website: text('website').notNull().default(''),
    type: varchar('type', { length: 20 }).notNull().default('public'),
    established_year: integer('established_year'),
    world_ranking: integer('world_ranking'),
    tuition_min: integer('tuition_min'),
    tuition_max: integer('tuition_max'),
    currency: varchar('currency', { length: 3 }).notNull().default(''),
    intakes: textList('intakes'),
    disciplines: idList('disciplines'),
    faqs: jsonb('faqs').$type<{ question: string; answer: string }[]>().notNull().default([]),
    register_code: varchar('register_code', { length: 60 }).notNull().default(''),
    register_status: varchar('register_status', { length: 20 }).notNull().default(''),
    register_checked_on: date('register_checked_on', { mode: 'string' }),
    ...factsCheckedOn(),
    ...searchColumns({ A: ['name'], B: ['city'], C: ['about'] }),
    ...timestamps(),
  },
  (t) => [
    index('universities_destination_idx').on(t.destination_id),
    index('universities_disciplines_idx').using('gin', t.disciplines),
    index('universities_ranking_idx').on(t.world_ranking),
    ...searchIndexes('universities', t),
  ],
);

/** The profile colleges and consultancies share (src/lib/contract/entities/institution.ts). */
const institutionProfile = () => ({
  name: varchar('name', { length: 200 }).notNull(),
  slug: slug(),
  logo: text('logo'),
  cover: text('cover'),
  about: text('about').notNull().default(''),
  address: varchar('address', { length: 300 }).notNull().default(''),
  phone: varchar('phone', { length: 60 }).notNull().default(''),
  email: varchar('email', { length: 200 }).notNull().default(''),
  website: text('website').notNull().default(''),
  districts: idList('districts'),
  study_abroad_destinations: idList('study_abroad_destinations'),
});

/** Their standing, set by admins. A consultancy's MOE certification is no column: it follows its licence (licences.ts). */
const institutionStanding = () => ({
  verified: boolean('verified').notNull().default(false),
  claimed: boolean('claimed').notNull().default(false),
});

export const colleges = pgTable(
  'colleges',
  {
    id: id(),
    ...institutionProfile(),
    affiliated_universities: idList('affiliated_universities'),
    moe_certified: boolean('moe_certified').notNull().default(false),
    ...institutionStanding(),
    priority: integer('priority').notNull().default(0),
    ...searchColumns({ A: ['name'], B: ['address'], C: ['about'] }),
    ...timestamps(),
  },
  (t) => [
    index('colleges_districts_idx').using('gin', t.districts),
    index('colleges_destinations_idx').using('gin', t.study_abroad_destinations),
    ...searchIndexes('colleges', t),
  ],
);

export const collegeBranches = pgTable(
  'college_branches',
  {
    id: id(),
    college_id: integer('college_id').notNull().references(() => colleges.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    address: varchar('address', { length: 300 }).notNull().default(''),
    district_id: integer('district_id').references(() => districts.id, { onDelete: 'set null' }),
    phone: varchar('phone', { length: 60 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('college_branches_college_idx').on(t.college_id)],
);

export const courses = pgTable(
  'courses',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    slug: slug(),
    university_id: integer('university_id').references(() => universities.id, { onDelete: 'cascade' }),
    discipline_id: integer('discipline_id').references(() => disciplines.id, { onDelete: 'set null' }),
    level: varchar('level', { length: 20 }).notNull(),
    duration_months: integer('duration_months'),
    fee: integer('fee'),
    currency: varchar('currency', { length: 3 }).notNull().default(''),
    intakes: textList('intakes'),
    icon: text('icon'),
    cover_image: text('cover_image'),
    about: text('about').notNull().default(''),
    requirements: text('requirements').notNull().default(''),
    ...factsCheckedOn(),
    ...searchColumns({ A: ['name'], C: ['about'] }),
    ...timestamps(),
  },
  (t) => [
    index('courses_university_idx').on(t.university_id),
    index('courses_discipline_idx').on(t.discipline_id),
    index('courses_level_idx').on(t.level),
    ...searchIndexes('courses', t),
  ],
);

export const consultancies = pgTable(
  'consultancies',
  {
    id: id(),
    ...institutionProfile(),
    test_preparation: idList('test_preparation'),
    partner_universities: idList('partner_universities'),
    highlights: textList('highlights'),
    gallery: textList('gallery'),
    ...institutionStanding(),
    establishment_date: date('establishment_date', { mode: 'string' }),
    priority: integer('priority').notNull().default(0),
    ...searchColumns({ A: ['name'], B: ['address'], C: ['about'] }),
    ...timestamps(),
  },
  (t) => [
    index('consultancies_districts_idx').using('gin', t.districts),
    index('consultancies_destinations_idx').using('gin', t.study_abroad_destinations),
    index('consultancies_exams_idx').using('gin', t.test_preparation),
    index('consultancies_order_idx').on(t.priority.desc(), t.id),
    ...searchIndexes('consultancies', t),
  ],
);

export const events = pgTable(
  'events',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    slug: slug(),
    about: text('about').notNull().default(''),
    cover_image: text('cover_image'),
    starts_at: ts('starts_at').notNull(),
    ends_at: ts('ends_at').notNull(),
    venue: varchar('venue', { length: 300 }).notNull().default(''),
    online_link: text('online_link').notNull().default(''),
    organizer: varchar('organizer', { length: 200 }).notNull().default(''),
    targeted_destinations: idList('targeted_destinations'),
    related_universities: idList('related_universities'),
    related_consultancies: idList('related_consultancies'),
    ...searchColumns({ A: ['title'], B: ['venue', 'organizer'], C: ['about'] }),
    ...timestamps(),
  },
  (t) => [index('events_starts_idx').on(t.starts_at), ...searchIndexes('events', t)],
);

export const scholarships = pgTable(
  'scholarships',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    slug: slug(),
    provider: varchar('provider', { length: 200 }).notNull().default(''),
    destination_id: integer('destination_id').references(() => destinations.id, { onDelete: 'set null' }),
    level: varchar('level', { length: 20 }).notNull().default(''),
    amount: varchar('amount', { length: 200 }).notNull().default(''),
    // the finder's numbers: the amount in figures (when it is one) and the field of study (none: any field)
    amount_value: integer('amount_value'),
    amount_currency: varchar('amount_currency', { length: 3 }).notNull().default(''),
    discipline_id: integer('discipline_id').references(() => disciplines.id, { onDelete: 'set null' }),
    deadline: date('deadline', { mode: 'string' }),
    eligibility: text('eligibility').notNull().default(''),
    about: text('about').notNull().default(''),
    link: text('link').notNull().default(''),
    cover_image: text('cover_image'),
    ...factsCheckedOn(),
    ...searchColumns({ A: ['title'], B: ['provider'], C: ['eligibility', 'about'] }),
    ...timestamps(),
  },
  (t) => [index('scholarships_destination_idx').on(t.destination_id), index('scholarships_deadline_idx').on(t.deadline), ...searchIndexes('scholarships', t)],
);

export const blogCategories = pgTable('blog_categories', {
  id: id(),
  name: varchar('name', { length: 120 }).notNull(),
  slug: slug(),
  ...timestamps(),
});

export const newsCategories = pgTable('news_categories', {
  id: id(),
  name: varchar('name', { length: 120 }).notNull(),
  slug: slug(),
  ...timestamps(),
});

const articleColumns = () => ({
  id: id(),
  title: varchar('title', { length: 250 }).notNull(),
  slug: slug(),
  excerpt: varchar('excerpt', { length: 500 }).notNull().default(''),
  body: text('body').notNull().default(''),
  cover_image: text('cover_image'),
  author_name: varchar('author_name', { length: 120 }).notNull().default(''),
  published_at: ts('published_at').notNull().defaultNow(),
  ...searchColumns({ A: ['title'], B: ['excerpt'], C: ['body'] }),
  ...timestamps(),
});

export const blogs = pgTable(
  'blogs',
  { ...articleColumns(), category_id: integer('category_id').references(() => blogCategories.id, { onDelete: 'set null' }) },
  (t) => [index('blogs_category_idx').on(t.category_id), index('blogs_published_idx').on(t.published_at), ...searchIndexes('blogs', t)],
);

export const news = pgTable(
  'news',
  { ...articleColumns(), category_id: integer('category_id').references(() => newsCategories.id, { onDelete: 'set null' }) },
  (t) => [index('news_category_idx').on(t.category_id), index('news_published_idx').on(t.published_at), ...searchIndexes('news', t)],
);

export const offers = pgTable(
  'offers',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    slug: slug(),
    description: text('description').notNull().default(''),
    image: text('image'),
    consultancy_id: integer('consultancy_id').references(() => consultancies.id, { onDelete: 'cascade' }),
    discount_text: varchar('discount_text', { length: 120 }).notNull().default(''),
    valid_from: date('valid_from', { mode: 'string' }),
    valid_until: date('valid_until', { mode: 'string' }),
    link: text('link').notNull().default(''),
    ...searchColumns({ A: ['title'], C: ['description'] }),
    ...timestamps(),
  },
  (t) => [index('offers_consultancy_idx').on(t.consultancy_id), ...searchIndexes('offers', t)],
);

export const featuredPages = pgTable(
  'featured_pages',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    slug: slug(),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    body: text('body').notNull().default(''),
    cover_image: text('cover_image'),
    link: text('link').notNull().default(''),
    priority: integer('priority').notNull().default(0),
    ...searchColumns({ A: ['title'], B: ['summary'], C: ['body'] }),
    ...timestamps(),
  },
  (t) => [...searchIndexes('featured_pages', t)],
);

export const modelQuestions = pgTable(
  'model_questions',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    slug: slug(),
    exam_id: integer('exam_id').references(() => exams.id, { onDelete: 'set null' }),
    year: integer('year'),
    description: text('description').notNull().default(''),
    pdf: text('pdf'),
    ...searchColumns({ A: ['title'], C: ['description'] }),
    ...timestamps(),
  },
  (t) => [index('model_questions_exam_idx').on(t.exam_id), ...searchIndexes('model_questions', t)],
);

