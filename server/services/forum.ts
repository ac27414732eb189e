import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { forumCategories, forumLikes, forumQuestions, forumReplies, users } from '../db/schema/index.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import type { newQuestion, questionChanges, replyBody } from '../../src/lib/contract/bodies/forum.ts';
import { pageQuery, pageWindow, type PageParams } from './paging.ts';
import { forumReplied } from './notices.ts';
import type { FastifyInstance } from 'fastify';
import { fullTextMatch, searchTerms } from '../entities/search.ts';

export const ORDERINGS = ['-created_at', 'created_at', '-likes', '-replies'] as const;

export const questionQuery = z.strictObject({
  ...pageQuery,
  category: z.string().trim().max(200, 'Must be at most 200 characters').regex(/^[a-z0-9-]+$/i, 'Must be a category id or slug').optional(),
  ordering: z.enum(ORDERINGS, { error: `Must be one of ${ORDERINGS.join(', ')}` }).default('-created_at'),
});


/** People are shown by name only, never by email. */
const displayName = sql<string>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), 'User')`;
const likeCount = sql<number>`(select count(*)::int from ${forumLikes} where ${forumLikes.question_id} = ${forumQuestions.id})`;
const replyCount = sql<number>`(select count(*)::int from ${forumReplies} where ${forumReplies.question_id} = ${forumQuestions.id} and not ${forumReplies.hidden})`;
const WEEK = sql`now() - interval '7 days'`;
const trendScore = sql`(select count(*) from ${forumLikes} where ${forumLikes.question_id} = ${forumQuestions.id} and ${forumLikes.created_at} > ${WEEK})
  + (select count(*) from ${forumReplies} where ${forumReplies.question_id} = ${forumQuestions.id} and not ${forumReplies.hidden} and ${forumReplies.created_at} > ${WEEK})`;

const questionColumns = {
  id: forumQuestions.id,
  title: forumQuestions.title,
  author_id: forumQuestions.author_id,
  author_name: displayName,
  category_id: forumCategories.id,
  category_name: forumCategories.name,
  category_slug: forumCategories.slug,
  like_count: likeCount,
  reply_count: replyCount,
  hidden: forumQuestions.hidden,
  created_at: forumQuestions.created_at,
  updated_at: forumQuestions.updated_at,
};
type QuestionRow = { [K in keyof typeof questionColumns]: unknown } & { author_id: number; category_id: number | null; category_name: string | null; category_slug: string | null };

function questionView<T extends QuestionRow>(row: T, viewer: SessionUser | null) {
  const { author_id, category_id, category_name, category_slug, ...rest } = row;
  return {
    ...rest,
    category: category_id === null ? null : { id: category_id, name: category_name, slug: category_slug },
    mine: viewer?.id === author_id,
  };
}

const questions = (db: Db, extra: Record<string, SQL> = {}) =>
  db
    .select({ ...questionColumns, ...extra })
    .from(forumQuestions)
    .innerJoin(users, eq(users.id, forumQuestions.author_id))
    .leftJoin(forumCategories, eq(forumCategories.id, forumQuestions.category_id));

export async function listCategories(db: Db, p: PageParams) {
  const [total] = await db.select({ n: count() }).from(forumCategories);
  const { limit, offset } = pageWindow(p);
  const rows = await db
    .select({
      id: forumCategories.id,
      name: forumCategories.name,
      slug: forumCategories.slug,
      description: forumCategories.description,
      question_count: sql<number>`(select count(*)::int from ${forumQuestions} where ${forumQuestions.category_id} = ${forumCategories.id} and not ${forumQuestions.hidden})`,
    })
    .from(forumCategories)
    .orderBy(asc(forumCategories.name), asc(forumCategories.id))
    .limit(limit)
    .offset(offset);
  return { count: total!.n, results: rows };
}

async function categoryId(db: Db, idOrSlug: string): Promise<number> {
  const byId = /^\d+$/.test(idOrSlug) && Number(idOrSlug) <= 2_147_483_647;
  const [row] = await db
    .select({ id: forumCategories.id })
    .from(forumCategories)
    .where(byId ? or(eq(forumCategories.id, Number(idOrSlug)), eq(forumCategories.slug, idOrSlug)) : eq(forumCategories.slug, idOrSlug));
  if (!row) throw badRequest('Some values are not valid.', { category: ['No such forum category.'] });
  return row.id;
}

/** Full text over title and body, misspelt words corrected against the forum's own words. */
const matches = async (db: Db, text: string) => fullTextMatch(forumQuestions.search, await searchTerms(db, forumQuestions, text)).where;

const ORDER: Record<(typeof ORDERINGS)[number], SQL[]> = {
  '-created_at': [desc(forumQuestions.created_at), desc(forumQuestions.id)],
  created_at: [asc(forumQuestions.created_at), asc(forumQuestions.id)],
  '-likes': [desc(likeCount), desc(forumQuestions.id)],
  '-replies': [desc(replyCount), desc(forumQuestions.id)],
};

async function pageOfQuestions(db: Db, where: SQL | undefined, order: SQL[], p: PageParams, viewer: SessionUser | null) {
  const [total] = await db.select({ n: count() }).from(forumQuestions).where(where);
  const { limit, offset } = pageWindow(p);
  const rows = await questions(db, { excerpt: sql<string>`left(${forumQuestions.body}, 300)` })
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { count: total!.n, results: rows.map((r) => questionView(r, viewer)) };
}

export async function listQuestions(db: Db, q: z.infer<typeof questionQuery>, viewer: SessionUser | null) {
  const where = and(
    eq(forumQuestions.hidden, false),
    q.category ? eq(forumQuestions.category_id, await categoryId(db, q.category)) : undefined,
    q.search ? await matches(db, q.search) : undefined,
  );
  return pageOfQuestions(db, where, ORDER[q.ordering], q, viewer);
}

/** Most liked and replied to in the last seven days. */
export const trendingQuestions = (db: Db, p: PageParams, viewer: SessionUser | null) =>
  pageOfQuestions(db, eq(forumQuestions.hidden, false), [desc(trendScore), desc(forumQuestions.created_at), desc(forumQuestions.id)], p, viewer);

/** The caller's own questions, hidden ones included and flagged, so an author sees what moderation did. */
export const myQuestions = (db: Db, p: PageParams, viewer: SessionUser) =>
  pageOfQuestions(db, eq(forumQuestions.author_id, viewer.id), ORDER['-created_at'], p, viewer);

const canSeeHidden = (viewer: SessionUser | null) => viewer?.role === 'admin';

async function replyRows(db: Db, where: SQL | undefined, viewer: SessionUser | null) {
  const rows = await db
    .select({ id: forumReplies.id, question_id: forumReplies.question_id, body: forumReplies.body, author_id: forumReplies.author_id, author_name: displayName, hidden: forumReplies.hidden, created_at: forumReplies.created_at, updated_at: forumReplies.updated_at })
    .from(forumReplies)
    .innerJoin(users, eq(users.id, forumReplies.author_id))
    .where(where)
    .orderBy(asc(forumReplies.created_at), asc(forumReplies.id));
  return rows.map(({ author_id, ...reply }) => ({ ...reply, mine: viewer?.id === author_id }));
}

export async function questionDetail(db: Db, questionId: number, viewer: SessionUser | null) {
  const [row] = await questions(db, {
    body: sql<string>`${forumQuestions.body}`,
    liked: sql<boolean>`exists(select 1 from ${forumLikes} where ${forumLikes.question_id} = ${forumQuestions.id} and ${forumLikes.user_id} = ${viewer?.id ?? 0})`,
  }).where(and(eq(forumQuestions.id, questionId), canSeeHidden(viewer) ? undefined : eq(forumQuestions.hidden, false)));
  if (!row) throw notFound('Question not found.');
  const replies = await replyRows(db, and(eq(forumReplies.question_id, questionId), canSeeHidden(viewer) ? undefined : eq(forumReplies.hidden, false)), viewer);
  return {
    ...questionView(row, viewer),
    replies,
  };
}

async function checkCategory(db: Db, category: number | null | undefined) {
  if (category != null) await categoryId(db, String(category));
}

export async function askQuestion(db: Db, author: SessionUser, input: z.infer<typeof newQuestion>) {
  await checkCategory(db, input.category);
  const [created] = await db
    .insert(forumQuestions)
    .values({ title: input.title, body: input.body, category_id: input.category, author_id: author.id })
    .returning({ id: forumQuestions.id });
  return questionDetail(db, created!.id, author);
}

/** A question or reply that may be changed by its author: visible, and theirs. */
async function ownPost(db: Db, table: typeof forumQuestions | typeof forumReplies, postId: number, author: SessionUser) {
  const [row] = await db.select({ author_id: table.author_id, hidden: table.hidden }).from(table).where(eq(table.id, postId));
  if (!row || row.hidden) throw notFound(table === forumQuestions ? 'Question not found.' : 'Reply not found.');
  if (row.author_id !== author.id) throw forbidden('Only the author can edit this post.');
}

export async function editQuestion(db: Db, questionId: number, author: SessionUser, changes: z.infer<typeof questionChanges>) {
  await ownPost(db, forumQuestions, questionId, author);
  await checkCategory(db, changes.category);
  const { category, ...text } = changes;
  await db
    .update(forumQuestions)
    .set({ ...text, ...(category !== undefined ? { category_id: category } : {}), updated_at: sql`now()` })
    .where(eq(forumQuestions.id, questionId));
  return questionDetail(db, questionId, author);
}

async function visibleQuestion(db: Db, questionId: number) {
  const [row] = await db.select({ id: forumQuestions.id }).from(forumQuestions).where(and(eq(forumQuestions.id, questionId), eq(forumQuestions.hidden, false)));
  if (!row) throw notFound('Question not found.');
}

const replyById = async (db: Db, replyId: number, viewer: SessionUser) => (await replyRows(db, eq(forumReplies.id, replyId), viewer))[0]!;

export async function addReply(app: FastifyInstance, questionId: number, author: SessionUser, input: z.infer<typeof replyBody>) {
  await visibleQuestion(app.db, questionId);
  const created = await app.db.transaction(async (tx) => {
    const [row] = await tx.insert(forumReplies).values({ question_id: questionId, author_id: author.id, body: input.body }).returning({ id: forumReplies.id });
    await forumReplied(tx, app.config, questionId, row!.id, author.id);
    return row!;
  });
  app.outbox.kick();
  return replyById(app.db, created.id, author);
}

export async function editReply(db: Db, replyId: number, author: SessionUser, input: z.infer<typeof replyBody>) {
  await ownPost(db, forumReplies, replyId, author);
  await db.update(forumReplies).set({ body: input.body, updated_at: sql`now()` }).where(eq(forumReplies.id, replyId));
  return replyById(db, replyId, author);
}

/** One like per user: a second call takes it back. */
export async function toggleLike(db: Db, questionId: number, user: SessionUser) {
  await visibleQuestion(db, questionId);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(forumLikes)
      .where(and(eq(forumLikes.question_id, questionId), eq(forumLikes.user_id, user.id)))
      .returning({ id: forumLikes.id });
    if (!removed.length) await tx.insert(forumLikes).values({ question_id: questionId, user_id: user.id }).onConflictDoNothing();
    const [total] = await tx.select({ n: count() }).from(forumLikes).where(eq(forumLikes.question_id, questionId));
    return { liked: !removed.length, like_count: total!.n };
  });
}

const POSTS = {
  question: { table: forumQuestions, label: 'Question' },
  reply: { table: forumReplies, label: 'Reply' },
} as const;
export type PostKind = keyof typeof POSTS;

export async function moderate(db: Db, kind: PostKind, postId: number, hidden: boolean) {
  const { table, label } = POSTS[kind];
  const [row] = await db.update(table).set({ hidden, updated_at: sql`now()` }).where(eq(table.id, postId)).returning({ id: table.id, hidden: table.hidden });
  if (!row) throw notFound(`${label} not found.`);
  return row;
}

export async function deletePost(db: Db, kind: PostKind, postId: number) {
  const { table, label } = POSTS[kind];
  const [row] = await db.delete(table).where(eq(table.id, postId)).returning({ id: table.id });
  if (!row) throw notFound(`${label} not found.`);
  return { message: `${label} deleted successfully!` };
}
