import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INSTITUTION_ROLES, type InstitutionRole } from '../../src/lib/contract/index.ts';
import { institutionPageviews, platformSummary } from '../services/reports.ts';
import { ownInstitutionId } from './dashboards.ts';

const daysQuery = z.strictObject({
  days: z.string().regex(/^\d{1,3}$/, 'days must be a whole number').transform(Number).pipe(z.number().min(1).max(365)).optional(),
});

/** The numbers behind the console's charts. */
export default async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/analytics/summary/', { schema: { tags: ['Analytics'], querystring: daysQuery }, config: { access: ['admin'] } }, (request) =>
    platformSummary(app.db, request.query.days ?? 30),
  );

  app.get('/analytics/mine/', { schema: { tags: ['Analytics'], querystring: daysQuery }, config: { access: [...INSTITUTION_ROLES] } }, (request) => {
    const role = request.user!.role as InstitutionRole;
    return institutionPageviews(app.db, role, ownInstitutionId(request, role), request.query.days ?? 30);
  });
}
