import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as bodies from '../../src/lib/contract/bodies/applications.ts';
import * as records from '../../src/lib/contract/records.ts';
import * as answers from '../../src/lib/contract/answers.ts';
import { id } from '../../src/lib/contract/values.ts';
import * as applications from '../services/applications.ts';
import * as stages from '../services/stages.ts';
import * as outcomes from '../services/outcomes.ts';
import { limit } from '../services/limits.ts';

const tags = ['applications'];
const codeParams = z.object({ code: z.string() });

/** An application's stages: moved by the consultancy and admins, decisions answered by the student, visa outcomes in public. */
export default async function stageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const edits = limit(app, 'application-edit', { max: 30, window: '10 minutes' });

  // the consultancy's accounts on its own applications; admins on any (the same rules, another actor on the timeline)
  for (const [url, access] of [
    ['/consultancy/dashboard/applications/:id/status/', 'consultancy'],
    ['/consultancy-application/admin/:id/status/', 'admin'],
  ] as const)
    app.post(
      url,
      {
        schema: { params: z.object({ id }), body: bodies.statusChange, tags, response: { 200: records.applicationMoved } },
        config: { access: [access] },
      },
      (request) => stages.moveStage(app, request.user!, request.params.id, request.body),
    );

  app.post(
    '/consultancy-application/confirm/:code/',
    {
      schema: { params: codeParams, body: bodies.confirmation, tags, response: { 200: records.applicationTracking } },
      config: { access: 'public' },
      onRequest: edits,
    },
    async (request) => applications.checkApplication(app.db, await stages.answerDecision(app, request.params.code, request.body)),
  );

  app.get(
    '/consultancy-application/outcomes/',
    {
      schema: { querystring: outcomes.outcomeQuery, tags, response: { 200: answers.outcomes } },
      config: { access: 'public', publicCache: { reads: ['outcome', 'consultancy'] } },
    },
    (request) => outcomes.outcomes(app.db, request.query),
  );
}
