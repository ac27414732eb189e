import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INSTITUTION_ROLES } from '../../src/lib/contract/index.ts';
import { ownInstitution } from '../access/institutions.ts';
import { institutionPageviews, platformSummary, staleFacts } from '../services/reports.ts';
import { registry } from '../entities/registry.ts';
import { pagedReply, pageQuery, pageWindow } from '../services/paging.ts';
import * as answers from '../../src/lib/contract/answers.ts';

const daysQuery = z.strictObject({
  days: z
    .string()
    .regex(/^\d{1,3}$/, 'days must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1).max(365))
    .optional(),
});

/** The numbers behind the console's charts. */
export default async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/analytics/summary/',
    { schema: { tags: ['Analytics'], querystring: daysQuery, response: { 200: answers.platformSummary } }, config: { access: ['admin'] } },
    (request) => platformSummary(app.db, request.query.days ?? 30),
  );

  const confirmable = Object.values(registry)
    .filter((e) => e.decl.confirmed)
    .map((e) => e.decl.name) as [string, ...string[]];
  const staleQuery = z.strictObject({
    page: pageQuery.page,
    page_size: pageQuery.page_size,
    search: pageQuery.search,
    entity: z.enum(confirmable, { error: `entity must be one of: ${confirmable.join(', ')}` }).optional(),
  });
  app.get(
    '/reports/stale/',
    {
      schema: {
        tags: ['Reports'],
        querystring: staleQuery,
        summary: 'Fees, intakes and deadlines nobody confirmed lately, never confirmed first',
        response: { 200: answers.staleFacts },
      },
      config: { access: ['admin'] },
    },
    async (request) =>
      pagedReply(
        request,
        request.query,
        await staleFacts(app.db, { entity: request.query.entity, search: request.query.search, ...pageWindow(request.query) }),
      ),
  );

  app.get(
    '/analytics/mine/',
    {
      schema: { tags: ['Analytics'], querystring: daysQuery, response: { 200: answers.institutionPageviews } },
      config: { access: [...INSTITUTION_ROLES] },
    },
    (request) => {
      const { kind, id } = ownInstitution(request.user);
      return institutionPageviews(app.db, kind, id, request.query.days ?? 30);
    },
  );
}
