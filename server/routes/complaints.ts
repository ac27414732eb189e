import type { FastifyInstance } from 'fastify';
import { consultancyOwnersOnly } from '../access/institutions.ts';
import type { ZodApp } from '../typed-app.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { complaintStatusChange } from '../../src/lib/contract/bodies/leads.ts';
import { complaintMessage } from '../../src/lib/contract/bodies/complaints.ts';
import { id } from '../../src/lib/contract/values.ts';
import * as complaints from '../services/complaints.ts';
import { limit } from '../services/limits.ts';
import { pagedReply } from '../services/paging.ts';
import { sendPrivateFile } from '../storage/private.ts';
import { readForm } from '../uploads.ts';
import { isPlainFormPost, seeTracking } from '../no-script.ts';
import { complaintRecords } from '../../src/lib/contract/answers.ts';
import * as records from '../../src/lib/contract/records.ts';
import { download } from '../plugins/serializer.ts';

const tags = ['complaints'];
const codeParams = z.object({ code: z.string() });

/** Complaints: filing and following one by its code, the consultancy's answers, admins' statuses, the public record. */
export default async function complaintRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const submits = limit(app, 'complaint', { max: 10, window: '10 minutes' });
  const follows = limit(app, 'complaint-follow', { max: 60, window: '1 minute' });
  const replies = limit(app, 'complaint-reply', { max: 30, window: '10 minutes' });

  app.post(
    '/complaint/submit/',
    { schema: { tags, response: { 201: records.complaintFiled } }, config: { access: 'public', plainForm: true }, onRequest: submits },
    async (request, reply) => {
      const result = await complaints.submitComplaint(app, await readForm(request, complaints.evidenceRules));
      return isPlainFormPost(request) ? seeTracking(reply, '/complaint/track/', result.code) : reply.status(201).send(result);
    },
  );

  app.get(
    '/complaint/track/:code/',
    {
      schema: { params: codeParams, tags, response: { 200: records.complaintTracking } },
      config: { access: 'public' },
      onRequest: follows,
    },
    (request) => complaints.followComplaint(app.db, request.params.code),
  );

  app.post(
    '/complaint/track/:code/reply/',
    {
      schema: { params: codeParams, body: complaintMessage, tags, response: { 201: records.complaintTracking } },
      config: { access: 'public' },
      onRequest: replies,
    },
    async (request, reply) => reply.status(201).send(await complaints.replyToComplaint(app.db, request.params.code, request.body)),
  );

  app.get(
    '/complaint/records/',
    {
      schema: { querystring: complaints.recordQuery, tags, response: { 200: complaintRecords } },
      config: { access: 'public', publicCache: { reads: ['complaint', 'consultancy'] } },
    },
    (request) => complaints.complaintRecords(app.db, request.query),
  );

  app.get(
    '/complaint/admin/',
    { schema: { querystring: complaints.complaintQuery, tags, response: { 200: records.complaints } }, config: { access: ['admin'] } },
    async (request) => pagedReply(request, request.query, await complaints.listComplaints(app.db, request.query)),
  );

  app.get(
    '/complaint/:id/evidence/',
    { schema: { params: z.object({ id }), tags }, config: { access: ['admin'], download } },
    async (request, reply) =>
      sendPrivateFile(
        reply,
        app.privateStorage,
        await complaints.complaintEvidence(app.db, request.params.id),
        `complaint-${request.params.id}-evidence`,
      ),
  );

  app.patch(
    '/complaint/:id/status/',
    {
      schema: { params: z.object({ id }), body: complaintStatusChange, tags, response: { 200: records.complaint } },
      config: { access: ['admin'] },
    },
    (request) => complaints.changeComplaintStatus(app.db, request.user!, request.params.id, request.body),
  );

  consultancyRoutes(app);
}

/** The consultancy's side: its complaints, and its answers, which go on its public record. */
function consultancyRoutes(app: ZodApp) {
  app.get(
    '/consultancy/dashboard/complaints/',
    {
      schema: { querystring: complaints.complaintQuery, tags, response: { 200: records.consultancyComplaints } },
      config: { access: ['consultancy'] },
    },
    async (request) => pagedReply(request, request.query, await complaints.consultancyComplaints(app.db, request.user!, request.query)),
  );
  app.post(
    '/consultancy/dashboard/complaints/:id/answer/',
    {
      schema: { params: z.object({ id }), body: complaintMessage, tags, response: { 201: records.consultancyComplaint } },
      config: { access: ['consultancy'] },
      onRequest: consultancyOwnersOnly, // its owners speak for it in public
    },
    async (request, reply) => reply.status(201).send(await complaints.answerComplaint(app, request.user!, request.params.id, request.body)),
  );
}
