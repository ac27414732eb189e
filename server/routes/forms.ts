import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as bodies from '../../src/lib/contract/bodies/leads.ts';
import { z } from 'zod';
import * as leads from '../services/leads.ts';
import { ownConsultancy } from '../services/applications.ts';
import { id } from '../../src/lib/contract/values.ts';
import { limit } from '../services/limits.ts';
import { sendPrivateFile } from '../storage/private.ts';
import { readForm } from '../uploads.ts';
import { pagedReply } from '../services/paging.ts';

const tags = ['forms'];

/** The public forms without login (complaint, inquiry, pageview) and who reads what they collect. */
export default async function formRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const complaints = limit(app, 'complaint', { max: 10, window: '10 minutes' });
  const inquiries = limit(app, 'inquiry', { max: 20, window: '10 minutes' });
  const pageviews = limit(app, 'pageview', { max: 120, window: '1 minute' });

  app.post('/complaint/submit/', { schema: { tags }, config: { access: 'public' }, onRequest: complaints }, async (request, reply) =>
    reply.status(201).send(await leads.submitComplaint(app, await readForm(request, leads.evidenceRules))),
  );

  app.post('/inquiry/submit/', { schema: { body: bodies.inquiryForm, tags }, config: { access: 'public' }, onRequest: inquiries }, async (request, reply) =>
    reply.status(201).send(await leads.submitInquiry(app.db, request.body)),
  );

  app.post('/analytics/pageview/', { schema: { body: bodies.pageviewForm, tags }, config: { access: 'public' }, onRequest: pageviews }, async (request, reply) =>
    reply.status(201).send(await leads.recordPageview(app.db, request.body)),
  );

  app.get('/complaint/admin/', { schema: { querystring: leads.complaintQuery, tags }, config: { access: ['admin'] } }, async (request) =>
    pagedReply(request, request.query, await leads.listComplaints(app.db, request.query)),
  );

  app.get('/complaint/:id/evidence/', { schema: { params: z.object({ id }), tags }, config: { access: ['admin'] } }, async (request, reply) =>
    sendPrivateFile(reply, app.privateStorage, await leads.complaintEvidence(app.db, request.params.id), `complaint-${request.params.id}-evidence`),
  );

  app.patch(
    '/complaint/:id/status/',
    { schema: { params: z.object({ id }), body: bodies.complaintStatusChange, tags }, config: { access: ['admin'] } },
    (request) => leads.changeComplaintStatus(app.db, request.params.id, request.body),
  );

  app.get('/inquiry/admin/all/', { schema: { querystring: leads.inquiryQuery, tags }, config: { access: ['admin'] } }, async (request) =>
    pagedReply(request, request.query, await leads.listInquiries(app.db, request.query)),
  );

  app.get('/consultancy/dashboard/inquiries/', { schema: { querystring: leads.inquiryQuery, tags }, config: { access: ['consultancy'] } }, async (request) =>
    pagedReply(request, request.query, await leads.listInquiries(app.db, request.query, leads.ownInquiries(ownConsultancy(request.user!)))),
  );
}
