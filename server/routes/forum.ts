import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as bodies from '../../src/lib/contract/bodies/forum.ts';
import { z } from 'zod';
import * as forum from '../services/forum.ts';
import { id } from '../../src/lib/contract/values.ts';
import { limit } from '../services/limits.ts';
import { pageQuery } from '../services/paging.ts';
import { pagedReply } from '../services/paging.ts';
import * as answers from '../../src/lib/contract/answers.ts';
import type { ZodApp } from '../typed-app.ts';

const tags = ['forum'];
const params = z.object({ id });
const admin = { access: ['admin'] as const };
const pageOnly = z.strictObject({ page: pageQuery.page, page_size: pageQuery.page_size });
/** posts carry their category and their authors' institutions' names; anonymous reads are cached by these */
const forumReads = { publicCache: { reads: ['forum', 'forumCategory', 'consultancy', 'college', 'university'] as const } };

/**
 * Writes are limited per account (a person typing, with room to spare; counted once the input is
 * valid, so a student's typos cost nothing) and per address (generous: many students share one
 * address behind a mobile carrier's NAT), so no script floods the forum.
 */
function writeLimits(app: ZodApp) {
  const account = (request: FastifyRequest) => `user:${request.user!.id}`;
  const perAddress = limit(app, 'forum-write-ip', { max: 300, window: '10 minutes' });
  const guard = (...perAccount: ReturnType<typeof limit>[]) => ({ onRequest: perAddress, preHandler: perAccount });
  return {
    ask: guard(
      limit(app, 'forum-ask', { max: 10, window: '10 minutes' }, account),
      limit(app, 'forum-ask-day', { max: 30, window: '1 day' }, account),
    ),
    reply: guard(
      limit(app, 'forum-reply', { max: 10, window: '1 minute' }, account),
      limit(app, 'forum-reply-day', { max: 200, window: '1 day' }, account),
    ),
    edit: guard(limit(app, 'forum-edit', { max: 30, window: '10 minutes' }, account)),
    like: guard(limit(app, 'forum-like', { max: 60, window: '1 minute' }, account)),
    report: guard(limit(app, 'forum-report', { max: 20, window: '1 hour' }, account)),
  };
}
type Writes = ReturnType<typeof writeLimits>;

/** Public reads (hidden posts left out), the author's own questions, and the admins' moderation queue. */
function readRoutes(app: ZodApp) {
  app.get(
    '/forum/categories/',
    {
      schema: { querystring: forum.categoryQuery, tags, response: { 200: answers.forumCategories } },
      config: { access: 'public', ...forumReads },
    },
    async (request) => pagedReply(request, request.query, await forum.listCategories(app.db, request.query)),
  );

  app.get(
    '/forum/questions/',
    {
      schema: { querystring: forum.questionQuery, tags, response: { 200: answers.forumQuestions } },
      config: { access: 'optional', ...forumReads },
    },
    async (request) => pagedReply(request, request.query, await forum.listQuestions(app.db, request.query, request.user)),
  );

  app.get(
    '/forum/questions/trending/',
    { schema: { querystring: pageOnly, tags, response: { 200: answers.forumQuestions } }, config: { access: 'optional', ...forumReads } },
    async (request) => pagedReply(request, request.query, await forum.trendingQuestions(app.db, request.query, request.user)),
  );

  app.get(
    '/forum/questions/my/',
    { schema: { querystring: pageOnly, tags, response: { 200: answers.forumQuestions } }, config: { access: 'user' } },
    async (request) => pagedReply(request, request.query, await forum.myQuestions(app.db, request.query, request.user!)),
  );

  app.get(
    '/forum/replies/',
    {
      schema: { querystring: forum.replyQuery, tags, response: { 200: answers.forumReplies } },
      config: { access: 'public', ...forumReads },
    },
    async (request) => pagedReply(request, request.query, await forum.listReplies(app.db, request.query)),
  );

  app.get(
    '/forum/moderation/',
    { schema: { querystring: forum.moderationQuery, tags, response: { 200: answers.forumModeration } }, config: admin },
    async (request) => pagedReply(request, request.query, await forum.moderationQueue(app.db, request.query)),
  );

  app.get(
    '/forum/questions/:id/',
    { schema: { params, tags, response: { 200: answers.forumQuestion } }, config: { access: 'optional', ...forumReads } },
    (request) => forum.questionDetail(app.db, request.params.id, request.user),
  );
}

/** Questions, replies, likes and accepted answers by signed-in users. */
function writeRoutes(app: ZodApp, writes: Writes) {
  app.post(
    '/forum/questions/',
    { schema: { body: bodies.newQuestion, tags, response: { 201: answers.forumQuestion } }, config: { access: 'user' }, ...writes.ask },
    async (request, reply) => reply.status(201).send(await forum.askQuestion(app.db, request.user!, request.body)),
  );

  app.patch(
    '/forum/questions/:id/',
    {
      schema: { params, body: bodies.questionChanges, tags, response: { 200: answers.forumQuestion } },
      config: { access: 'user' },
      ...writes.edit,
    },
    (request) => forum.editQuestion(app.db, request.params.id, request.user!, request.body),
  );

  app.post(
    '/forum/questions/:id/reply/',
    {
      schema: { params, body: bodies.replyBody, tags, response: { 201: answers.forumReply } },
      config: { access: 'user' },
      ...writes.reply,
    },
    async (request, reply) => reply.status(201).send(await forum.addReply(app, request.params.id, request.user!, request.body)),
  );

  app.post(
    '/forum/questions/:id/like/',
    { schema: { params, tags, response: { 200: answers.forumLike } }, config: { access: 'user' }, ...writes.like },
    (request) => forum.toggleLike(app.db, request.params.id, request.user!),
  );

  app.post(
    '/forum/questions/:id/accept/',
    {
      schema: { params, body: bodies.acceptance, tags, response: { 200: answers.forumQuestion } },
      config: { access: 'user' },
      ...writes.edit,
    },
    (request) => forum.acceptAnswer(app.db, request.params.id, request.user!, request.body.reply),
  );

  app.patch(
    '/forum/replies/:id/',
    { schema: { params, body: bodies.replyBody, tags, response: { 200: answers.forumReply } }, config: { access: 'user' }, ...writes.edit },
    (request) => forum.editReply(app.db, request.params.id, request.user!, request.body),
  );
}

/** Per kind of post: moderation by admins, deletes by authors (and admins), reports by anyone signed in. */
function postRoutes(app: ZodApp, writes: Writes) {
  for (const [kind, path] of [
    ['question', 'questions'],
    ['reply', 'replies'],
  ] as const) {
    app.patch(
      `/forum/${path}/:id/moderate/`,
      { schema: { params, body: bodies.moderation, tags, response: { 200: answers.forumModerated } }, config: admin },
      (request) => forum.moderate(app.db, kind, request.params.id, request.body.hidden),
    );
    app.delete(
      `/forum/${path}/:id/`,
      { schema: { params, body: bodies.removal, tags, response: { 200: answers.message } }, config: { access: 'user' }, ...writes.edit },
      (request) => forum.deletePost(app, kind, request.params.id, request.user!, request.body?.reason),
    );
    app.post(
      `/forum/${path}/:id/report/`,
      { schema: { params, body: bodies.report, tags, response: { 201: answers.message } }, config: { access: 'user' }, ...writes.report },
      async (request, reply) =>
        reply.status(201).send(await forum.reportPost(app.db, kind, request.params.id, request.user!, request.body.reason)),
    );
  }
}

/** The forum: public reads (hidden posts left out), writes and reports by signed-in users (deletes: authors too), moderation by admins. */
export default async function forumRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const writes = writeLimits(app);
  readRoutes(app);
  writeRoutes(app, writes);
  postRoutes(app, writes);
}
