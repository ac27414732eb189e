import { boolean, index, integer, pgTable, text, timestamp, unique, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, searchColumns, searchIndexes, timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { forumCategories } from './content.ts';

export const forumQuestions = pgTable(
  'forum_questions',
  {
    id: id(),
    title: varchar('title', { length: 250 }).notNull(),
    body: text('body').notNull().default(''),
    category_id: integer('category_id').references(() => forumCategories.id, { onDelete: 'set null' }),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hidden: boolean('hidden').notNull().default(false),
    /** hidden until a moderator looks: an account's first post with a link */
    held: boolean('held').notNull().default(false),
    /** the answer the asker (or an admin) marked as accepted */
    accepted_reply_id: integer('accepted_reply_id').references((): AnyPgColumn => forumReplies.id, { onDelete: 'set null' }),
    ...searchColumns('forum_questions', { weights: { A: ['title'], C: ['body'] } }),
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
    question_id: integer('question_id')
      .notNull()
      .references(() => forumQuestions.id, { onDelete: 'cascade' }),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    held: boolean('held').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('forum_replies_question_idx').on(t.question_id, t.created_at)],
);

export const forumLikes = pgTable(
  'forum_likes',
  {
    id: id(),
    question_id: integer('question_id')
      .notNull()
      .references(() => forumQuestions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [unique('forum_likes_once').on(t.question_id, t.user_id), index('forum_likes_created_idx').on(t.created_at)],
);

/** A signed-in person's report of a question or reply; open until a moderator acts on the post. */
export const forumReports = pgTable(
  'forum_reports',
  {
    id: id(),
    question_id: integer('question_id')
      .notNull()
      .references(() => forumQuestions.id, { onDelete: 'cascade' }),
    /** null: the report is of the question itself */
    reply_id: integer('reply_id').references(() => forumReplies.id, { onDelete: 'cascade' }),
    reporter_id: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    resolved_at: timestamp('resolved_at', { withTimezone: true, mode: 'string' }),
    ...timestamps(),
  },
  (t) => [index('forum_reports_open_idx').on(t.question_id, t.reply_id), index('forum_reports_reporter_idx').on(t.reporter_id)],
);
