import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchAnswer, searchParams } from '../../src/lib/contract/search.ts';
import { siteSearch, siteSearchReads } from '../search/site-search.ts';

/** The site's one search: every kind the home search looks through, ranked and grouped, with the chips it understood. */
export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/search/',
    {
      schema: {
        tags: ['Search'],
        summary:
          'Search every kind at once: filters understood from the query as chips ("in Australia", "under NPR 30 lakh"), the other words matched with typo correction, groups best first',
        querystring: searchParams,
        response: {
          200: searchAnswer.describe(
            'The chips, the groups of matching rows with the rows their cards name, and what to try when nothing matched',
          ),
        },
      },
      config: { access: 'public', publicCache: { reads: siteSearchReads() } },
    },
    (request) => siteSearch(app.db, request.query, request.contentVersions),
  );
}
