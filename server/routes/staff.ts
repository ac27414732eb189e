import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultancyOwnersOnly, ownConsultancy, ownConsultancyAsOwner } from '../access/institutions.ts';
import * as staff from '../services/staff.ts';
import { limit } from '../services/limits.ts';
import { invitation, invitationAcceptance, staffParams } from '../../src/lib/contract/staff.ts';
import { message } from '../../src/lib/contract/answers.ts';
import * as answers from '../../src/lib/contract/answers.ts';
import * as records from '../../src/lib/contract/records.ts';
import type { ZodApp } from '../typed-app.ts';

const tags = ['Consultancy staff'];
const access = ['consultancy'] as const;
const tokenBody = z.strictObject({ token: invitationAcceptance.shape.token });

/** A consultancy's staff: owners invite and remove counsellors; an invitee accepts by the mailed link. */
export default async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const invites = limit(app, 'staff-invite', { max: 30, window: '1 hour' }, (r) => `${r.user?.consultancy_id}`);

  app.get(
    '/consultancy/dashboard/staff/',
    {
      schema: {
        tags,
        summary: "The consultancy's active accounts",
        querystring: z.strictObject({}),
        response: { 200: z.array(records.staffMember) },
      },
      config: { access },
    },
    (request) => staff.listStaff(app.db, ownConsultancy(request.user)),
  );
  app.get(
    '/consultancy/dashboard/staff/invitations/',
    {
      schema: {
        tags,
        summary: 'Pending invitations (owners)',
        querystring: z.strictObject({}),
        response: { 200: z.array(records.staffInvitation) },
      },
      config: { access },
    },
    (request) => staff.listInvitations(app.db, ownConsultancyAsOwner(request.user)),
  );
  app.post(
    '/consultancy/dashboard/staff/invitations/',
    {
      schema: { tags, summary: 'Invite a counsellor by email (owners)', body: invitation, response: { 201: records.staffInvitation } },
      config: { access, errors: [409] },
      onRequest: consultancyOwnersOnly,
      preHandler: invites,
    },
    async (request, reply) => {
      const consultancyId = ownConsultancyAsOwner(request.user);
      return reply.status(201).send(await staff.invite(app, request.user!, consultancyId, request.body.email));
    },
  );
  app.delete(
    '/consultancy/dashboard/staff/invitations/:id/',
    { schema: { tags, summary: 'Withdraw an invitation (owners)', params: staffParams, response: { 200: message } }, config: { access } },
    async (request) => {
      await staff.revokeInvitation(app.db, ownConsultancyAsOwner(request.user), request.params.id);
      return { message: 'Invitation withdrawn.' };
    },
  );
  app.delete(
    '/consultancy/dashboard/staff/:id/',
    {
      schema: { tags, summary: 'Remove a counsellor: their access ends at once (owners)', params: staffParams, response: { 200: message } },
      config: { access },
    },
    async (request) => {
      await staff.removeCounsellor(app.db, ownConsultancyAsOwner(request.user), request.params.id);
      return { message: 'Counsellor removed.' };
    },
  );
  invitationRoutes(app);
}

/** The invitee's side, without an account: which consultancy invites, and accepting. */
function invitationRoutes(app: ZodApp) {
  const accepts = limit(app, 'staff-accept', { max: 20, window: '15 minutes' });
  app.post(
    '/consultancy/staff/invitation/',
    {
      schema: {
        tags,
        summary: 'Which consultancy an invitation link is from',
        body: tokenBody,
        response: { 200: records.invitationPreview },
      },
      config: { access: 'public' },
      onRequest: accepts,
    },
    (request) => staff.invitationOf(app.db, request.body.token),
  );
  app.post(
    '/consultancy/staff/accept/',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: set a name and password, and sign in',
        body: invitationAcceptance,
        response: { 201: answers.session },
      },
      config: { access: 'public', errors: [409] },
      onRequest: accepts,
    },
    async (request, reply) => reply.status(201).send(await staff.acceptInvitation(app, request.body)),
  );
}
