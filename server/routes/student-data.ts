import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { erasureRequest } from '../../src/lib/contract/bodies/applications.ts';
import * as records from '../../src/lib/contract/records.ts';
import { download } from '../plugins/serializer.ts';
import { limit } from '../services/limits.ts';
import { pagedReply, pageQuery } from '../services/paging.ts';
import * as studentData from '../services/student-data.ts';

const tags = ['applications'];
const codeParams = z.object({ code: z.string() });

/** The student's data (issue 26): download everything, ask for erasure (by the tracking code); admins see the erasures. */
export default async function studentDataRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // an archive holds every document: few per address, so a guessed or leaked code cannot be mined fast
  const exports = limit(app, 'application-export', { max: 5, window: '10 minutes' });
  const erasures = limit(app, 'application-erase', { max: 5, window: '10 minutes' });

  app.get(
    '/consultancy-application/export/:code/',
    { schema: { params: codeParams, tags }, config: { access: 'public', download }, onRequest: exports },
    async (request, reply) => {
      const archive = await studentData.exportArchive(app.db, app.privateStorage, request.params.code);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${archive.name}"`)
        .header('Cache-Control', 'private, no-store')
        .send(archive.zip);
    },
  );

  app.post(
    '/consultancy-application/erase/:code/',
    {
      schema: { params: codeParams, body: erasureRequest, tags, response: { 200: records.applicationErased } },
      config: { access: 'public' },
      onRequest: erasures,
    },
    (request) => studentData.eraseApplication(app, request.params.code),
  );

  app.get(
    '/consultancy-application/erasures/',
    {
      schema: {
        querystring: z.strictObject({ page: pageQuery.page, page_size: pageQuery.page_size }),
        tags,
        response: { 200: records.applicationErasures },
      },
      config: { access: ['admin'] },
    },
    async (request) => pagedReply(request, request.query, await studentData.listErasures(app.db, request.query)),
  );
}
