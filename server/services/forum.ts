import { and, asc, count, desc, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db } from '../db/index.ts';
import { forumCategories, forumLikes, forumQuestions, forumReplies, forumReports, users } from '../db/schema/index.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import type { newQuestion, questionChanges, replyBody } from '../../src/lib/contract/bodies/forum.ts';
import { DUPLICATE_WINDOW_HOURS, EDIT_WINDOW_MINUTES, LINK, NEAR_DUPLICATE, type InstitutionKind } from '../../src/lib/contract/forum.ts';
import { bumpContentVersion, bumpKindVersions } from '../content-version.ts';
import { pageQuery, pageWindow, type PageParams } from './paging.ts';
import { forumPostRemoved, forumReplied } from './notices.ts';
import { institutionNameBy, institutionUpdatedBy } from './institution-names.ts';
import { institutionSpec } from '../../src/lib/contract/institutions.ts';
import { mayAcceptAnswer, mayDeletePost, mayEditPost, mayReportPost, postsUnreviewed } from '../access/authors.ts';
import { isAdmin } from '../access/roles.ts';
import type { FastifyInstance } from 'fastify';
import { matchText } from '../entities/search.ts';
import type { ModerationItem } from '../../src/lib/contract/answers.ts';

export const ORDERINGS = ['-created_at', 'created_at', '-likes', '-replies', '-updated_at'] as const;
/** Most recently changed first: the only other order of the replies and categories (the site build's copy asks for what changed since it was read). */
export const CHANGED_FIRST = '-updated_at';
const changedFirstParam = z.literal(CHANGED_FIRST, { error: `Must be ${CHANGED_FIRST}` }).optional();

export const questionQuery = z.strictObject({
  ...pageQuery,
  category: z
    .string()
    .trim()
    .max(200, 'Must be at most 200 characters')
    .regex(/^[a-z0-9-]+$/i, 'Must be a category id or slug')
    .optional(),
  ordering: z.enum(ORDERINGS, { error: `Must be one of ${ORDERINGS.join(', ')}` }).default('-created_at'),
});

/** People are shown by name only, never by email. */
const displayName = sql<string>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), 'User')`;
/**
 * The institution an author's account speaks for, when it is a verified one: a consultancy account
 * of a verified consultancy, or a college's or university's account (admins link those).
 */
const institutionName = institutionNameBy(
  users.role,
  (kind) => users[`${kind}_id`],
  (kind) => (institutionSpec(kind).namedInForumWhenVerified ? sql`i.verified` : sql`TRUE`),
);
const institutionOf = (role: string, name: string | null) => (name ? { kind: role as InstitutionKind, name } : null);

/**
 * A post's `updated_at` in the API: when anything the post shows last changed, not only the post
 * itself: its author's account (name, the institution it speaks for), a question's category, a
 * reply's question (hidden, or shown again with its replies) and the institution its author names.
 * The site build's copy of the forum reads only the posts changed since it was read by it
 * (src/pages/_lib/data-cache.ts), so a rename must move it too. greatest() skips NULLs.
 */
const questionChanged = sql`greatest(${forumQuestions.updated_at}, ${users.updated_at}, ${forumCategories.updated_at})`;
const replyChanged = sql`greatest(${forumReplies.updated_at}, ${users.updated_at},
  (select q.updated_at from ${forumQuestions} q where q.id = ${forumReplies.question_id}),
  ${institutionUpdatedBy(users.role, (kind) => users[`${kind}_id`])})`;
/** as text, as the driver gives a timestamp column */
const asText = (moment: SQL) => sql<string>`${moment}::text`;
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
  held: forumQuestions.held,
  accepted_reply_id: forumQuestions.accepted_reply_id,
  created_at: forumQuestions.created_at,
  updated_at: asText(questionChanged),
};
type QuestionRow = { [K in keyof typeof questionColumns]: unknown } & {
  author_id: number;
  category_id: number | null;
  category_name: string | null;
  category_slug: string | null;
};

function questionView<T extends QuestionRow>(row: T, viewer: SessionUser | null) {
  const { author_id, category_id, category_name, category_slug, ...rest } = row;
  return {
    ...rest,
    // all three or none: the category is left-joined
    category:
      category_id !== null && category_name !== null && category_slug !== null
        ? { id: category_id, name: category_name, slug: category_slug }
        : null,
    mine: viewer?.id === author_id,
  };
}

const questions = <E extends Record<string, SQL>>(db: Db, extra: E) =>
  db
    .select({ ...questionColumns, ...extra })
    .from(forumQuestions)
    .innerJoin(users, eq(users.id, forumQuestions.author_id))
    .leftJoin(forumCategories, eq(forumCategories.id, forumQuestions.category_id));

export async function listCategories(db: Db, p: z.infer<typeof categoryQuery>) {
  const [total] = await db.select({ n: count() }).from(forumCategories);
  const { limit, offset } = pageWindow(p);
  const rows = await db
    .select({
      id: forumCategories.id,
      name: forumCategories.name,
      slug: forumCategories.slug,
      description: forumCategories.description,
      position: forumCategories.position,
      question_count: sql<number>`(select count(*)::int from ${forumQuestions} where ${forumQuestions.category_id} = ${forumCategories.id} and not ${forumQuestions.hidden})`,
      updated_at: forumCategories.updated_at,
    })
    .from(forumCategories)
    .orderBy(
      ...(p.ordering === CHANGED_FIRST
        ? [desc(forumCategories.updated_at), desc(forumCategories.id)]
        : [asc(forumCategories.position), asc(forumCategories.name), asc(forumCategories.id)]),
    )
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
const matches = async (db: Db, text: string) => (await matchText(db, forumQuestions, forumQuestions.search, text)).where;

const ORDER: Record<(typeof ORDERINGS)[number], SQL[]> = {
  '-created_at': [desc(forumQuestions.created_at), desc(forumQuestions.id)],
  created_at: [asc(forumQuestions.created_at), asc(forumQuestions.id)],
  '-likes': [desc(likeCount), desc(forumQuestions.id)],
  '-replies': [desc(replyCount), desc(forumQuestions.id)],
  '-updated_at': [desc(questionChanged), desc(forumQuestions.id)],
};

async function pageOfQuestions(db: Db, where: SQL | undefined, order: SQL[], p: PageParams, viewer: SessionUser | null) {
  const [total] = await db.select({ n: count() }).from(forumQuestions).where(where);
  const { limit, offset } = pageWindow(p);
  const rows = await questions(db, { excerpt: sql<string>`left(${forumQuestions.body}, 300)`, body: sql<string>`${forumQuestions.body}` })
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
  pageOfQuestions(
    db,
    eq(forumQuestions.hidden, false),
    [desc(trendScore), desc(forumQuestions.created_at), desc(forumQuestions.id)],
    p,
    viewer,
  );

/** The caller's own questions, hidden ones included and flagged, so an author sees what moderation did. */
export const myQuestions = (db: Db, p: PageParams, viewer: SessionUser) =>
  pageOfQuestions(db, eq(forumQuestions.author_id, viewer.id), ORDER['-created_at'], p, viewer);

/** What a viewer may see besides visible posts: everything (admins), their own hidden or held posts (authors). */
const visibleTo = (table: typeof forumQuestions | typeof forumReplies, viewer: SessionUser | null) =>
  isAdmin(viewer) ? undefined : viewer ? or(eq(table.hidden, false), eq(table.author_id, viewer.id)) : eq(table.hidden, false);

async function replyRows(db: Db, where: SQL | undefined, viewer: SessionUser | null, p?: PageParams, changedFirst = false) {
  const query = db
    .select({
      id: forumReplies.id,
      question_id: forumReplies.question_id,
      body: forumReplies.body,
      author_id: forumReplies.author_id,
      author_name: displayName,
      author_role: users.role,
      institution_name: institutionName,
      hidden: forumReplies.hidden,
      held: forumReplies.held,
      created_at: forumReplies.created_at,
      updated_at: asText(replyChanged),
    })
    .from(forumReplies)
    .innerJoin(users, eq(users.id, forumReplies.author_id))
    .where(where)
    .orderBy(
      ...(changedFirst
        ? [desc(replyChanged), desc(forumReplies.id)]
        : [asc(forumReplies.question_id), asc(forumReplies.created_at), asc(forumReplies.id)]),
    )
    .$dynamic();
  const rows = p ? await query.limit(pageWindow(p).limit).offset(pageWindow(p).offset) : await query;
  return rows.map(({ author_id, author_role, institution_name, ...reply }) => ({
    ...reply,
    institution: institutionOf(author_role, institution_name),
    mine: viewer?.id === author_id,
  }));
}

export const replyQuery = z.strictObject({ page: pageQuery.page, page_size: pageQuery.page_size, ordering: changedFirstParam });
export const categoryQuery = replyQuery;

/** Every visible reply of every visible question, by question: what the site's question pages are built from. */
export async function listReplies(db: Db, p: z.infer<typeof replyQuery>) {
  const where = and(
    eq(forumReplies.hidden, false),
    sql`exists(select 1 from ${forumQuestions} where ${forumQuestions.id} = ${forumReplies.question_id} and not ${forumQuestions.hidden})`,
  );
  const [total] = await db.select({ n: count() }).from(forumReplies).where(where);
  return { count: total!.n, results: await replyRows(db, where, null, p, p.ordering === CHANGED_FIRST) };
}

export async function questionDetail(db: Db, questionId: number, viewer: SessionUser | null) {
  const [row] = await questions(db, {
    body: sql<string>`${forumQuestions.body}`,
    liked: sql<boolean>`exists(select 1 from ${forumLikes} where ${forumLikes.question_id} = ${forumQuestions.id} and ${forumLikes.user_id} = ${viewer?.id ?? 0})`,
  }).where(and(eq(forumQuestions.id, questionId), visibleTo(forumQuestions, viewer)));
  if (!row) throw notFound('Question not found.');
  const replies = await replyRows(db, and(eq(forumReplies.question_id, questionId), visibleTo(forumReplies, viewer)), viewer);
  return {
    ...questionView(row, viewer),
    replies,
  };
}

async function checkCategory(db: Db, category: number | null | undefined) {
  if (category != null) await categoryId(db, String(category));
}

/** Lower case letters and digits, one space apart: what two posts are compared by. */
const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
function trigrams(text: string) {
  const padded = ` ${text} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}
/** Jaccard similarity of the posts' three-letter pieces (pg_trgm's measure, here so both engines agree). */
export function likeness(a: string, b: string) {
  const [x, y] = [trigrams(normal(a)), trigrams(normal(b))];
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared || 1);
}

/** Refuses a post that repeats one of the author's recent ones (a bot's burst, a double submit). */
async function refuseDuplicate(
  db: Db,
  table: typeof forumQuestions | typeof forumReplies,
  author: SessionUser,
  text: string,
  field: string,
) {
  const recent = await db
    .select({
      text:
        table === forumQuestions
          ? sql<string>`${forumQuestions.title} || ' ' || ${forumQuestions.body}`
          : sql<string>`${forumReplies.body}`,
    })
    .from(table)
    .where(and(eq(table.author_id, author.id), gt(table.created_at, sql`now() - make_interval(hours => ${DUPLICATE_WINDOW_HOURS})`)))
    .orderBy(desc(table.created_at))
    .limit(50);
  const mine = normal(text);
  if (recent.some((r) => normal(r.text) === mine || likeness(r.text, text) >= NEAR_DUPLICATE)) {
    const what = table === forumQuestions ? 'question' : 'reply';
    throw badRequest(`You posted this ${what} already.`, {
      [field]: [`You posted the same ${what} a short while ago. Edit that one instead of posting it again.`],
    });
  }
}

/**
 * An account's first post with a link waits for a moderator: link spam comes from new accounts.
 * `editing` is the post being changed, which does not count as the account's approved post (a
 * first post posted clean and then edited to carry a link is held too).
 */
async function heldForReview(
  db: Db,
  author: SessionUser,
  text: string,
  editing?: { table: typeof forumQuestions | typeof forumReplies; id: number },
) {
  if (postsUnreviewed(author) || !LINK.test(text)) return false;
  const approved = (table: typeof forumQuestions | typeof forumReplies) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.author_id, author.id),
          eq(table.hidden, false),
          eq(table.held, false),
          editing?.table === table ? ne(table.id, editing.id) : undefined,
        ),
      )
      .limit(1);
  const [q, r] = await Promise.all([approved(forumQuestions), approved(forumReplies)]);
  return q.length === 0 && r.length === 0;
}

export async function askQuestion(db: Db, author: SessionUser, input: z.infer<typeof newQuestion>) {
  await checkCategory(db, input.category);
  const text = `${input.title} ${input.body}`;
  await refuseDuplicate(db, forumQuestions, author, text, 'title');
  const held = await heldForReview(db, author, text);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(forumQuestions)
      .values({ title: input.title, body: input.body, category_id: input.category, author_id: author.id, held, hidden: held })
      .returning({ id: forumQuestions.id });
    if (!held) await bumpContentVersion(tx, ['forum']);
    return row!;
  });
  return questionDetail(db, created.id, author);
}

/** A question or reply that may be changed by its author: visible, theirs, and recent enough. */
async function ownPost(db: Db, table: typeof forumQuestions | typeof forumReplies, postId: number, author: SessionUser) {
  const [row] = await db
    .select({
      author_id: table.author_id,
      hidden: table.hidden,
      held: table.held,
      editable: sql<boolean>`${table.created_at} > now() - make_interval(mins => ${EDIT_WINDOW_MINUTES})`,
    })
    .from(table)
    .where(eq(table.id, postId));
  if (!row || (row.hidden && !row.held)) throw notFound(table === forumQuestions ? 'Question not found.' : 'Reply not found.');
  if (!mayEditPost(author, row.author_id)) throw forbidden('Only the author can edit this post.');
  if (!row.editable) throw forbidden(`Posts can be edited for ${EDIT_WINDOW_MINUTES} minutes after posting.`);
  return row;
}

export async function editQuestion(db: Db, questionId: number, author: SessionUser, changes: z.infer<typeof questionChanges>) {
  const post = await ownPost(db, forumQuestions, questionId, author);
  await checkCategory(db, changes.category);
  const { category, ...text } = changes;
  const held =
    post.held || (await heldForReview(db, author, `${text.title ?? ''} ${text.body ?? ''}`, { table: forumQuestions, id: questionId }));
  await db.transaction(async (tx) => {
    await tx
      .update(forumQuestions)
      .set({
        ...text,
        ...(category !== undefined ? { category_id: category } : {}),
        ...(held ? { held, hidden: true } : {}),
        updated_at: sql`now()`,
      })
      .where(eq(forumQuestions.id, questionId));
    // a page changes when the post was shown (an edit, or its hold taking it off the site)
    if (!post.hidden) await bumpContentVersion(tx, ['forum']);
  });
  return questionDetail(db, questionId, author);
}

async function visibleQuestion(db: Db, questionId: number) {
  const [row] = await db
    .select({ id: forumQuestions.id, author_id: forumQuestions.author_id })
    .from(forumQuestions)
    .where(and(eq(forumQuestions.id, questionId), eq(forumQuestions.hidden, false)));
  if (!row) throw notFound('Question not found.');
  return row;
}

const replyById = async (db: Db, replyId: number, viewer: SessionUser) => (await replyRows(db, eq(forumReplies.id, replyId), viewer))[0]!;

export async function addReply(app: FastifyInstance, questionId: number, author: SessionUser, input: z.infer<typeof replyBody>) {
  await visibleQuestion(app.db, questionId);
  await refuseDuplicate(app.db, forumReplies, author, input.body, 'body');
  const held = await heldForReview(app.db, author, input.body);
  const created = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(forumReplies)
      .values({ question_id: questionId, author_id: author.id, body: input.body, held, hidden: held })
      .returning({ id: forumReplies.id });
    // a held reply is neither on the site nor told to the asker until a moderator releases it
    if (!held) {
      await bumpContentVersion(tx, ['forum']);
      await forumReplied(tx, app.config, questionId, row!.id, author.id);
    }
    return row!;
  });
  app.outbox.kick();
  return replyById(app.db, created.id, author);
}

export async function editReply(db: Db, replyId: number, author: SessionUser, input: z.infer<typeof replyBody>) {
  const post = await ownPost(db, forumReplies, replyId, author);
  const held = post.held || (await heldForReview(db, author, input.body, { table: forumReplies, id: replyId }));
  await db.transaction(async (tx) => {
    await tx
      .update(forumReplies)
      .set({ body: input.body, ...(held ? { held, hidden: true } : {}), updated_at: sql`now()` })
      .where(eq(forumReplies.id, replyId));
    if (!post.hidden) await bumpContentVersion(tx, ['forum']);
  });
  return replyById(db, replyId, author);
}

/** The asker (or an admin) marks one visible reply as the accepted answer, or none (reply: null). */
export async function acceptAnswer(db: Db, questionId: number, viewer: SessionUser, replyId: number | null) {
  const question = await visibleQuestion(db, questionId);
  if (!mayAcceptAnswer(viewer, question.author_id)) throw forbidden('Only the person who asked can accept an answer.');
  if (replyId !== null) {
    const [reply] = await db
      .select({ id: forumReplies.id })
      .from(forumReplies)
      .where(and(eq(forumReplies.id, replyId), eq(forumReplies.question_id, questionId), eq(forumReplies.hidden, false)));
    if (!reply) throw badRequest('Some values are not valid.', { reply: ['No such reply to this question.'] });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(forumQuestions)
      .set({ accepted_reply_id: replyId, updated_at: sql`now()` })
      .where(eq(forumQuestions.id, questionId));
    await bumpContentVersion(tx, ['forum']);
  });
  return questionDetail(db, questionId, viewer);
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
    // lists show like counts; the built pages do not wait for them
    await bumpKindVersions(tx, ['forum']);
    const [total] = await tx.select({ n: count() }).from(forumLikes).where(eq(forumLikes.question_id, questionId));
    return { liked: !removed.length, like_count: total!.n };
  });
}

const POSTS = {
  question: { table: forumQuestions, label: 'Question' },
  reply: { table: forumReplies, label: 'Reply' },
} as const;
export type PostKind = keyof typeof POSTS;

/** The open reports of a post (a question's own, not its replies'). */
const reportsOf = (kind: PostKind, postId: number) =>
  and(
    isNull(forumReports.resolved_at),
    kind === 'question' ? and(eq(forumReports.question_id, postId), isNull(forumReports.reply_id)) : eq(forumReports.reply_id, postId),
  );

/** Hide or restore a post; either way a moderator looked, so it is no longer held and its reports are settled. */
export async function moderate(db: Db, kind: PostKind, postId: number, hidden: boolean) {
  const { table, label } = POSTS[kind];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({ hidden, held: false, updated_at: sql`now()` })
      .where(eq(table.id, postId))
      .returning({ id: table.id, hidden: table.hidden });
    if (!row) throw notFound(`${label} not found.`);
    await tx
      .update(forumReports)
      .set({ resolved_at: sql`now()`, updated_at: sql`now()` })
      .where(reportsOf(kind, postId));
    await bumpContentVersion(tx, ['forum']);
    return row;
  });
}

/**
 * Admins delete any post, saying why when it is someone else's (the author is mailed the reason);
 * authors delete their own.
 */
export async function deletePost(app: FastifyInstance, kind: PostKind, postId: number, viewer: SessionUser, reason: string | undefined) {
  const { table, label } = POSTS[kind];
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        author_id: table.author_id,
        email: users.email,
        title:
          kind === 'question'
            ? forumQuestions.title
            : sql<string>`(select ${forumQuestions.title} from ${forumQuestions} where ${forumQuestions.id} = ${forumReplies.question_id})`,
        body: table.body,
      })
      .from(table)
      .innerJoin(users, eq(users.id, table.author_id))
      .where(eq(table.id, postId));
    if (!row) throw notFound(`${label} not found.`);
    const own = row.author_id === viewer.id;
    if (!mayDeletePost(viewer, row.author_id)) throw forbidden('Only the author or a moderator can delete this post.');
    if (!own && !reason) throw badRequest('Some values are not valid.', { reason: ['Say why the post is deleted: its author is told.'] });
    await tx.delete(table).where(eq(table.id, postId));
    await bumpContentVersion(tx, ['forum']);
    // the author's message is written with the delete: both happen, or neither
    if (!own) await forumPostRemoved(tx, { kind, id: postId, email: row.email, title: row.title, body: row.body }, reason!);
  });
  app.outbox.kick();
  return { message: `${label} deleted successfully!` };
}

/** A signed-in person reports someone else's visible post; one open report per person and post. */
export async function reportPost(db: Db, kind: PostKind, postId: number, reporter: SessionUser, reason: string) {
  const { table, label } = POSTS[kind];
  const [post] = await db
    .select({ author_id: table.author_id, question_id: kind === 'question' ? forumQuestions.id : forumReplies.question_id })
    .from(table)
    .where(and(eq(table.id, postId), eq(table.hidden, false)));
  if (!post) throw notFound(`${label} not found.`);
  if (!mayReportPost(reporter, post.author_id)) throw badRequest('You cannot report your own post.');
  const [open] = await db
    .select({ id: forumReports.id })
    .from(forumReports)
    .where(and(reportsOf(kind, postId), eq(forumReports.reporter_id, reporter.id)));
  if (open) throw badRequest('You reported this already; a moderator will look at it.');
  await db
    .insert(forumReports)
    .values({ question_id: post.question_id, reply_id: kind === 'reply' ? postId : null, reporter_id: reporter.id, reason });
  return { message: 'Thank you. A moderator will look at it.' };
}

const reporter = sql`coalesce(nullif(trim(r.first_name || ' ' || r.last_name), ''), 'User')`;

export const QUEUES = ['open', 'hidden'] as const;
export const moderationQuery = z.strictObject({
  ...pageQuery,
  queue: z.enum(QUEUES, { error: `Must be one of ${QUEUES.join(', ')}` }).default('open'),
});

/**
 * The moderation queue, oldest first, each post with its open reports: 'open' is what waits for a
 * moderator (posts with open reports, posts held for their link), 'hidden' every hidden post (to
 * restore). Raw SQL: one query over both kinds of post.
 */
export async function moderationQueue(db: Db, p: z.infer<typeof moderationQuery>) {
  const open = (alias: string, reported: SQL) =>
    p.queue === 'hidden' ? sql`${sql.raw(alias)}.hidden` : sql`${sql.raw(alias)}.held or ${reported}`;
  const items = sql`
    select 'question' as kind, q.id, q.id as question_id, q.title, q.body, q.author_id, q.hidden, q.held, q.created_at
      from ${forumQuestions} q
      where ${open('q', sql`exists(select 1 from ${forumReports} f where f.question_id = q.id and f.reply_id is null and f.resolved_at is null)`)}
    union all
    select 'reply', r.id, r.question_id, q.title, r.body, r.author_id, r.hidden, r.held, r.created_at
      from ${forumReplies} r join ${forumQuestions} q on q.id = r.question_id
      where ${open('r', sql`exists(select 1 from ${forumReports} f where f.reply_id = r.id and f.resolved_at is null)`)}`;
  const { limit, offset } = pageWindow(p);
  const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${items}) i`));
  const page = rowsOf<ModerationItem>(
    await db.execute(sql`
    select i.*, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), 'User') as author_name, u.active as author_active,
      coalesce((select json_agg(json_build_object('reason', f.reason, 'reporter_name', ${reporter}, 'created_at', f.created_at) order by f.created_at)
        from ${forumReports} f join ${users} r on r.id = f.reporter_id
        where f.resolved_at is null and (case when i.kind = 'question' then f.question_id = i.id and f.reply_id is null else f.reply_id = i.id end)), '[]') as reports
    from (${items}) i join ${users} u on u.id = i.author_id
    order by i.created_at, i.kind, i.id
    limit ${limit} offset ${offset}`),
  );
  return { count: Number(total!.n), results: page };
}
