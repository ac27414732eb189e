import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUser, getUser, listUsers, newUser, updateUser, userChanges, userQuery } from '../services/accounts.ts';
import { id } from '../../src/lib/contract/values.ts';
import { pagedReply } from '../services/paging.ts';
import * as answers from '../../src/lib/contract/answers.ts';
import { page } from '../../src/lib/contract/responses.ts';

const tags = ['users'];
const params = z.object({ id });

/** Admin management of accounts: roles, institution links, activation, password resets. */
export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { access: ['admin'] as const };

  app.get(
    '/auth/users/',
    { schema: { querystring: userQuery, tags, response: { 200: page(answers.account) } }, config: admin },
    async (request) => pagedReply(request, request.query, await listUsers(app.db, request.query)),
  );

  app.get('/auth/users/:id/', { schema: { params, tags, response: { 200: answers.account } }, config: admin }, (request) =>
    getUser(app.db, request.params.id),
  );

  app.post(
    '/auth/users/create/',
    { schema: { body: newUser, tags, response: { 201: answers.account } }, config: admin },
    async (request, reply) => reply.status(201).send(await createUser(app.db, request.body)),
  );

  app.put(
    '/auth/users/:id/',
    { schema: { params, body: userChanges, tags, response: { 200: answers.account } }, config: admin },
    (request) => updateUser(app.db, request.params.id, request.body),
  );
}
