import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shortlistAdd, shortlistItem } from '../../src/lib/contract/bodies/shortlist.ts';
import { addToShortlist, removeFromShortlist, shortlistOf } from '../services/shortlists.ts';
import { shortlist } from '../../src/lib/contract/answers.ts';

/** A signed-in account's shortlist: read it, add to it (a device's on sign-in), remove one row. */
export default async function shortlistRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Shortlist'];
  const access = 'user' as const;
  app.get(
    '/auth/shortlist/',
    { schema: { tags, summary: 'The rows the account saved', response: { 200: shortlist } }, config: { access } },
    async (request) => ({ items: await shortlistOf(app.db, request.user!.id) }),
  );
  app.post(
    '/auth/shortlist/',
    {
      schema: { tags, body: shortlistAdd, summary: 'Save rows (merged with what is saved already)', response: { 200: shortlist } },
      config: { access },
    },
    async (request) => ({
      items: await addToShortlist(app.db, request.user!.id, request.body.items),
    }),
  );
  app.delete(
    '/auth/shortlist/:entity/:id/',
    { schema: { tags, params: shortlistItem, summary: 'Remove one saved row', response: { 200: shortlist } }, config: { access } },
    async (request) => ({
      items: await removeFromShortlist(app.db, request.user!.id, request.params),
    }),
  );
}
