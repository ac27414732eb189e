import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../src/lib/contract/values.ts';
import { getOutboxMessage, listOutbox, outboxQuery, retryOutboxMessage } from '../services/outbox.ts';
import { pagedReply } from '../services/paging.ts';
import { outboxMessage, outboxMessages } from '../../src/lib/contract/records.ts';

const tags = ['outbox'];
const params = z.object({ id });

/** The admins' Outbox: every message the platform sent or keeps, failures with their error, and a retry. */
export default async function outboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { access: ['admin'] as const };

  app.get(
    '/outbox/admin/',
    { schema: { querystring: outboxQuery, tags, response: { 200: outboxMessages } }, config: admin },
    async (request) => pagedReply(request, request.query, await listOutbox(app.db, request.query)),
  );

  app.get('/outbox/admin/:id/', { schema: { params, tags, response: { 200: outboxMessage } }, config: admin }, (request) =>
    getOutboxMessage(app.db, request.params.id),
  );

  app.post('/outbox/admin/:id/retry/', { schema: { params, tags, response: { 200: outboxMessage } }, config: admin }, async (request) => {
    const message = await retryOutboxMessage(app.db, request.params.id);
    app.outbox.kick();
    return message;
  });
}
