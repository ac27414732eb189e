import { boolean, index, integer, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { id, searchColumns, searchIndexes, timestamps } from './columns.ts';
import { users } from './accounts.ts';

export const forumCategories = pgTable('forum_categories', {
  id: id(),
  name: varchar('name', { length: 120 }).notNull(),
  slug: varchar('slug', { length: 200 }).notNull().unique(),
  description: text('description').notNull().default(''),
  ...timestamps(),
});

export const forumQuestions = pgTable(
  'forum_questions',
  {
    id: id(),
    title: varchar('title', { length: 250 }).notNull(),
    body: text('body').notNull().default(''),
    category_id: integer('category_id').references(() => forumCategories.id, { onDelete: 'set null' }),
    author_id: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    hidden: boolean('hidden').notNull().default(false),
    ...searchColumns({ A: ['title'], C: ['body'] }),
    ...timestamps(),
  },
  (t) => [
    index('forum_questions_category_idx').on(t.category_id),
    index('forum_questions_author_idx').on(t.author_id),
    index('forum_questions_created_idx').on(t.created_at),
    ...searchIndexes('forum_questions', t),
  ],
);

export const forumReplies = pgTable(
  'forum_replies',
  {
    id: id(),
    question_id: integer('question_id').notNull().references(() => forumQuestions.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('forum_replies_question_idx').on(t.question_id, t.created_at)],
);

export const forumLikes = pgTable(
  'forum_likes',
  {
    id: id(),
    question_id: integer('question_id').notNull().references(() => forumQuestions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [unique('forum_likes_once').on(t.question_id, t.user_id), index('forum_likes_created_idx').on(t.created_at)],
);
