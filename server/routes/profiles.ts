import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileAnswer, studentProfile } from '../../src/lib/contract/bodies/profile.ts';
import { mergeProfile, profileOf } from '../services/profiles.ts';

/** A signed-in account's "Do I qualify?" profile: read it, merge a device's into it. */
export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Profile'];
  const access = 'user' as const;
  app.get(
    '/auth/profile/',
    {
      schema: { tags, summary: 'The account’s scores, grades, study gap and funds', response: { 200: profileAnswer } },
      config: { access },
    },
    async (request) => profileOf(app.db, request.user!.id),
  );
  app.post(
    '/auth/profile/',
    {
      schema: {
        tags,
        body: studentProfile,
        summary: 'Merge a device’s profile: each part given replaces the account’s, null removes it, the rest stays',
        response: { 200: profileAnswer },
      },
      config: { access },
    },
    async (request) => mergeProfile(app.db, request.user!.id, request.body),
  );
}
