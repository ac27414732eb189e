import type { FastifyInstance } from 'fastify';
import { consultancyOwnersOnly } from '../access/institutions.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as bodies from '../../src/lib/contract/bodies/documents.ts';
import * as records from '../../src/lib/contract/records.ts';
import { id } from '../../src/lib/contract/values.ts';
import { download } from '../plugins/serializer.ts';
import * as documents from '../services/documents.ts';
import { limit } from '../services/limits.ts';
import { sendPrivateFile } from '../storage/private.ts';
import { readForm } from '../uploads.ts';

const tags = ['documents'];
const staff = ['admin', 'consultancy'] as const;
const applicationParams = z.object({ id });
const codeParams = z.object({ code: z.string(), request: id });

/**
 * Documents requested one by one (issue 26): the consultancy (or an admin) requests and decides,
 * the student uploads and downloads by the tracking code; the checklist per destination.
 */
export default async function documentRoutes(app: FastifyInstance) {
  await app.register(staffRoutes);
  await app.register(applicantRoutes);
}

/** The consultancy's and admins' side: request, decide; the consultancy's checklists. */
async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/consultancy-application/:id/document-requests/',
    { schema: { params: applicationParams, tags, response: { 200: records.applicationDocumentRequests } }, config: { access: staff } },
    (request) => documents.requestsForStaff(app.db, request.user!, request.params.id),
  );

  app.post(
    '/consultancy-application/:id/document-requests/',
    {
      schema: { params: applicationParams, body: bodies.documentRequest, tags, response: { 201: records.applicationDocumentRequests } },
      config: { access: staff },
    },
    async (request, reply) => reply.status(201).send(await documents.requestDocument(app, request.user!, request.params.id, request.body)),
  );

  app.post(
    '/consultancy-application/:id/document-requests/from-checklist/',
    {
      schema: { params: applicationParams, body: bodies.checklistRequest, tags, response: { 201: records.applicationDocumentRequests } },
      config: { access: staff },
    },
    async (request, reply) =>
      reply.status(201).send(await documents.requestFromChecklist(app, request.user!, request.params.id, request.body)),
  );

  app.post(
    '/consultancy-application/:id/document-requests/:request/review/',
    {
      schema: {
        params: z.object({ id, request: id }),
        body: bodies.documentReview,
        tags,
        response: { 200: records.applicationDocumentRequests },
      },
      config: { access: staff },
    },
    (request) => documents.reviewDocument(app, request.user!, request.params.id, request.params.request, request.body),
  );

  app.get(
    '/consultancy/dashboard/checklists/:destination/',
    {
      schema: { params: z.object({ destination: id }), tags, response: { 200: records.documentChecklist } },
      config: { access: ['consultancy'] },
    },
    (request) => documents.ownChecklist(app.db, request.user!, request.params.destination),
  );

  app.put(
    '/consultancy/dashboard/checklists/:destination/',
    {
      schema: { params: z.object({ destination: id }), body: bodies.checklist, tags, response: { 200: records.documentChecklist } },
      config: { access: ['consultancy'] },
      // the consultancy's template for every case: its owners', like the profile
      onRequest: consultancyOwnersOnly,
    },
    (request) => documents.saveChecklist(app.db, request.user!, request.params.destination, request.body),
  );
}

/** The student's side, by the tracking code: read, upload, download. */
async function applicantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const checks = limit(app, 'document-check', { max: 60, window: '1 minute' });
  const uploads = limit(app, 'document-upload', { max: 30, window: '10 minutes' });

  app.get(
    '/consultancy-application/documents/:code/',
    {
      schema: { params: z.object({ code: z.string() }), tags, response: { 200: records.applicantDocumentRequests } },
      config: { access: 'public' },
      onRequest: checks,
    },
    (request) => documents.requestsForApplicant(app.db, request.params.code),
  );

  app.post(
    '/consultancy-application/documents/:code/:request/upload/',
    {
      schema: { params: codeParams, tags, response: { 200: records.applicantDocumentRequests } },
      config: { access: 'public' },
      onRequest: uploads,
    },
    async (request) =>
      documents.uploadDocument(app, request.params.code, request.params.request, await readForm(request, documents.uploadRules)),
  );

  app.get(
    '/consultancy-application/documents/:code/:request/files/:file/',
    { schema: { params: codeParams.extend({ file: id }), tags }, config: { access: 'public', download }, onRequest: checks },
    async (request, reply) => {
      const file = await documents.applicantFile(app.db, request.params.code, request.params.request, request.params.file);
      return sendPrivateFile(reply, app.privateStorage, file.key, file.name);
    },
  );
}
