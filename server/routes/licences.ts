import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { licenceRejection } from '../../src/lib/contract/licences.ts';
import { id } from '../../src/lib/contract/values.ts';
import * as licences from '../services/licences.ts';
import { pagedReply } from '../services/paging.ts';
import { sendPrivateFile } from '../storage/private.ts';
import { readForm } from '../uploads.ts';
import * as records from '../../src/lib/contract/records.ts';
import { download } from '../plugins/serializer.ts';

const tags = ['licences'];
const params = z.object({ id });

/** Consultancy licences: the consultancy submits and renews its own; admins verify or reject; the document only through here. */
export default async function licenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/consultancy/dashboard/licence/',
    {
      schema: {
        tags,
        summary: "The own consultancy's licence standing and submissions, with their history",
        response: { 200: records.ownLicences },
      },
      config: { access: ['consultancy'] },
    },
    (request) => licences.ownLicences(app.db, request.user!),
  );

  app.post(
    '/consultancy/dashboard/licence/',
    {
      schema: {
        tags,
        summary: 'Submit or renew the own licence (multipart, with the document); it waits for an admin’s check',
        response: { 201: records.licence },
      },
      config: { access: ['consultancy'] },
    },
    async (request, reply) =>
      reply.status(201).send(await licences.submitLicence(app, request.user!, await readForm(request, licences.licenceDocumentRules))),
  );

  app.get(
    '/consultancy-licence/admin/',
    {
      schema: {
        querystring: licences.licenceQuery,
        tags,
        summary: 'Every licence submission, those waiting for a check first',
        response: { 200: records.licences },
      },
      config: { access: ['admin'] },
    },
    async (request) => pagedReply(request, request.query, await licences.listLicences(app.db, request.query)),
  );

  app.post(
    '/consultancy-licence/:id/verify/',
    {
      schema: { params, tags, summary: 'Verify a licence waiting for a check', response: { 200: records.licence } },
      config: { access: ['admin'] },
    },
    (request) => licences.verifyLicence(app.db, request.user!, request.params.id),
  );

  app.post(
    '/consultancy-licence/:id/reject/',
    {
      schema: {
        params,
        body: licenceRejection,
        tags,
        summary: 'Reject a submission, or withdraw a verified licence, with a reason the consultancy reads',
        response: { 200: records.licence },
      },
      config: { access: ['admin'] },
    },
    async (request) => {
      const licence = await licences.rejectLicence(app.db, request.user!, request.params.id, request.body, app.config);
      app.outbox.kick();
      return licence;
    },
  );

  app.get(
    '/consultancy-licence/:id/document/',
    {
      schema: { params, tags, summary: 'Download the licence document (admins, and the consultancy it belongs to)' },
      config: { access: ['admin', 'consultancy'], download },
    },
    async (request, reply) => {
      const document = await licences.licenceDocument(app.db, request.user!, request.params.id);
      return sendPrivateFile(reply, app.privateStorage, document.key, document.name || `licence-${request.params.id}`);
    },
  );
}
