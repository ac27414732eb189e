import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as bodies from '../../src/lib/contract/bodies/leads.ts';
import * as leads from '../services/leads.ts';
import { ownConsultancy } from '../access/institutions.ts';
import { limit } from '../services/limits.ts';
import { pagedReply } from '../services/paging.ts';
import { pageviewRecorded } from '../../src/lib/contract/answers.ts';
import { inquiries as inquiryPage, inquirySent } from '../../src/lib/contract/records.ts';

const tags = ['forms'];

/** The public forms without login (inquiry, pageview) and who reads what they collect; complaints have their own module (complaints.ts). */
export default async function formRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const inquiries = limit(app, 'inquiry', { max: 20, window: '10 minutes' });
  const pageviews = limit(app, 'pageview', { max: 120, window: '1 minute' });

  app.post(
    '/inquiry/submit/',
    { schema: { body: bodies.inquiryForm, tags, response: { 201: inquirySent } }, config: { access: 'public' }, onRequest: inquiries },
    async (request, reply) => reply.status(201).send(await leads.submitInquiry(app, request.body)),
  );

  app.post(
    '/analytics/pageview/',
    {
      schema: { body: bodies.pageviewForm, tags, response: { 201: pageviewRecorded } },
      config: { access: 'public' },
      onRequest: pageviews,
    },
    async (request, reply) => reply.status(201).send(await leads.recordPageview(app.db, request.body)),
  );

  app.get(
    '/inquiry/admin/all/',
    { schema: { querystring: leads.inquiryQuery, tags, response: { 200: inquiryPage } }, config: { access: ['admin'] } },
    async (request) => pagedReply(request, request.query, await leads.listInquiries(app.db, request.query)),
  );

  app.get(
    '/consultancy/dashboard/inquiries/',
    { schema: { querystring: leads.inquiryQuery, tags, response: { 200: inquiryPage } }, config: { access: ['consultancy'] } },
    async (request) =>
      pagedReply(
        request,
        request.query,
        await leads.listInquiries(app.db, request.query, leads.ownInquiries(ownConsultancy(request.user!))),
      ),
  );
}
