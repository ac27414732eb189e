import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as bodies from '../../src/lib/contract/bodies/reviews.ts';
import { id } from '../../src/lib/contract/values.ts';
import { consultancyOwnersOnly, ownConsultancy } from '../access/institutions.ts';
import { limit } from '../services/limits.ts';
import { pagedReply } from '../services/paging.ts';
import * as reviews from '../services/reviews.ts';
import * as records from '../../src/lib/contract/records.ts';

const tags = ['reviews'];
const codeParams = z.object({ code: z.string() });
const idParams = z.object({ id });

/**
 * Reviews of consultancies: written and edited only with an application's tracking code (no other
 * way to post one), listed publicly for the pages, answered once by the consultancy, removed and
 * restored by admins, who also see the fraud signals.
 */
export default async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const checks = limit(app, 'review-check', { max: 60, window: '1 minute' });
  const writes = limit(app, 'review-write', { max: 10, window: '10 minutes' });

  app.get(
    '/consultancy-review/check/:code/',
    { schema: { params: codeParams, tags, response: { 200: records.reviewState } }, config: { access: 'public' }, onRequest: checks },
    (request) => reviews.reviewState(app.db, request.params.code),
  );

  app.post(
    '/consultancy-review/submit/',
    { schema: { body: bodies.reviewForm, tags, response: { 201: records.reviewState } }, config: { access: 'public' }, onRequest: writes },
    async (request, reply) =>
      reply.status(201).send(await reviews.submitReview(app.db, request.body, reviews.addressHash(request.ip, app.config.jwtSecret))),
  );

  app.patch(
    '/consultancy-review/edit/:code/',
    {
      schema: { params: codeParams, body: bodies.reviewChanges, tags, response: { 200: records.reviewState } },
      config: { access: 'public' },
      onRequest: writes,
    },
    (request) => reviews.editReview(app.db, request.params.code, request.body),
  );

  app.get(
    '/consultancy-review/',
    {
      schema: { querystring: reviews.reviewQuery, tags, response: { 200: records.reviews } },
      config: { access: 'public', publicCache: { reads: ['review', 'consultancy'] } },
    },
    async (request) => pagedReply(request, request.query, await reviews.listReviews(app.db, request.query)),
  );

  app.get(
    '/consultancy/dashboard/reviews/',
    {
      schema: { querystring: reviews.reviewQuery.omit({ consultancy: true }), tags, response: { 200: records.reviews } },
      config: { access: ['consultancy'] },
    },
    async (request) => pagedReply(request, request.query, await reviews.listReviews(app.db, request.query, ownConsultancy(request.user!))),
  );

  app.post(
    '/consultancy/dashboard/reviews/:id/reply/',
    // a public reply in the consultancy's name: its owners'
    {
      schema: { params: idParams, body: bodies.replyForm, tags, response: { 200: records.review } },
      config: { access: ['consultancy'] },
      onRequest: consultancyOwnersOnly,
    },
    (request) => reviews.replyToReview(app.db, request.user!, ownConsultancy(request.user!), request.params.id, request.body),
  );

  app.get(
    '/consultancy-review/admin/',
    { schema: { querystring: reviews.adminReviewQuery, tags, response: { 200: records.adminReviews } }, config: { access: ['admin'] } },
    async (request) => pagedReply(request, request.query, await reviews.listAdminReviews(app.db, request.query)),
  );

  app.post(
    '/consultancy-review/:id/hide/',
    { schema: { params: idParams, body: bodies.hideForm, tags, response: { 200: records.adminReview } }, config: { access: ['admin'] } },
    (request) => reviews.moderateReview(app.db, request.user!, request.params.id, request.body),
  );

  app.post(
    '/consultancy-review/:id/restore/',
    { schema: { params: idParams, tags, response: { 200: records.adminReview } }, config: { access: ['admin'] } },
    (request) => reviews.moderateReview(app.db, request.user!, request.params.id, null),
  );
}
