import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as bodies from '../../src/lib/contract/bodies/applications.ts';
import { z } from 'zod';
import * as applications from '../services/applications.ts';
import * as disputes from '../services/disputes.ts';
import { ownConsultancy } from '../access/institutions.ts';
import { id } from '../../src/lib/contract/values.ts';
import { limit } from '../services/limits.ts';
import { sendPrivateFile } from '../storage/private.ts';
import { readForm } from '../uploads.ts';
import { isPlainFormPost, seeTracking } from '../no-script.ts';
import { pagedReply } from '../services/paging.ts';
import * as records from '../../src/lib/contract/records.ts';
import { download } from '../plugins/serializer.ts';
import type { ZodApp } from '../typed-app.ts';

const tags = ['applications'];
const codeParams = z.object({ code: z.string() });

/** Applying to a consultancy without an account: submit, check and edit by tracking code; the consultancy's and admins' side. */
export default async function applicationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const submits = limit(app, 'application-submit', { max: 10, window: '10 minutes' });
  const checks = limit(app, 'application-check', { max: 60, window: '1 minute' });
  const edits = limit(app, 'application-edit', { max: 30, window: '10 minutes' });

  app.post(
    '/consultancy-application/submit/',
    {
      schema: { tags, response: { 201: records.applicationSubmitted } },
      config: { access: 'public', plainForm: true },
      onRequest: submits,
    },
    async (request, reply) => {
      const result = await applications.submitApplication(app, await readForm(request, applications.documentRules));
      return isPlainFormPost(request) ? seeTracking(reply, '/track/', result.tracking_code) : reply.status(201).send(result);
    },
  );

  app.get(
    '/consultancy-application/check/:code/',
    {
      schema: { params: codeParams, tags, response: { 200: records.applicationTracking } },
      config: { access: 'public' },
      onRequest: checks,
    },
    (request) => applications.checkApplication(app.db, request.params.code),
  );

  app.patch(
    '/consultancy-application/edit/:code/',
    {
      schema: { params: codeParams, tags, response: { 200: records.applicationTracking } },
      config: { access: 'public' },
      onRequest: edits,
    },
    async (request) => applications.editApplication(app, request.params.code, await readForm(request, applications.documentRules)),
  );

  app.put(
    '/consultancy-application/notifications/:code/',
    {
      schema: { params: codeParams, body: bodies.applicantNotices, tags, response: { 200: records.applicationTracking } },
      config: { access: 'public' },
      onRequest: edits,
    },
    (request) => applications.setApplicantNotices(app.db, request.params.code, request.body.notify_applicant),
  );

  app.get(
    '/consultancy-application/admin/',
    {
      schema: { querystring: applications.applicationQuery, tags, response: { 200: records.applications } },
      config: { access: ['admin'] },
    },
    async (request) => pagedReply(request, request.query, await applications.listApplications(app.db, request.query)),
  );

  app.get(
    '/consultancy-application/:id/documents/:document/',
    { schema: { params: z.object({ id, document: id }), tags }, config: { access: ['admin', 'consultancy'], download } },
    async (request, reply) => {
      const document = await applications.applicationDocument(app.db, request.user!, request.params.id, request.params.document);
      return sendPrivateFile(reply, app.privateStorage, document.key, document.name);
    },
  );

  app.get(
    '/consultancy/dashboard/applications/',
    {
      schema: { querystring: applications.applicationQuery, tags, response: { 200: records.applications } },
      config: { access: ['consultancy'] },
    },
    async (request) => {
      const user = request.user!;
      const mineFirst = user.staff_role === 'counsellor' ? user.id : undefined;
      return pagedReply(
        request,
        request.query,
        await applications.listApplications(app.db, request.query, ownConsultancy(user), mineFirst),
      );
    },
  );
  caseRoutes(app);
}

/** One case for its page, and the decisions students disputed for admins. */
function caseRoutes(app: ZodApp) {
  app.get(
    '/consultancy/dashboard/applications/:id/',
    {
      schema: {
        params: z.object({ id }),
        querystring: z.strictObject({}),
        tags,
        summary: "One application as its case page shows it, with the student's disputes",
        response: { 200: records.applicationCase },
      },
      config: { access: ['consultancy'] },
    },
    (request) => applications.applicationCase(app.db, ownConsultancy(request.user), request.params.id),
  );
  app.get(
    '/consultancy-application/admin/disputed-decisions/',
    {
      schema: {
        querystring: disputes.disputedDecisionQuery,
        tags,
        summary: 'Offers and visa decisions the student said are not right, longest waiting first',
        response: { 200: records.disputedDecisions },
      },
      config: { access: ['admin'] },
    },
    async (request) => pagedReply(request, request.query, await disputes.disputedDecisions(app.db, request.query)),
  );
}
