import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownConsultancy, ownConsultancyAsOwner } from '../access/institutions.ts';
import * as casework from '../services/casework.ts';
import { assignment, followUp, noteBody } from '../../src/lib/contract/staff.ts';
import { id } from '../../src/lib/contract/values.ts';
import * as records from '../../src/lib/contract/records.ts';
import type { ZodApp } from '../typed-app.ts';

const tags = ['Case work'];
const access = ['consultancy'] as const;
const params = z.object({ id });

/** A consultancy's work on its applications: who works each, private notes, follow-ups, counts and the export. */
export default async function caseworkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/consultancy/dashboard/applications/:id/counsellor/',
    {
      schema: {
        tags,
        summary: 'Assign a counsellor (owners: anyone or nobody; a counsellor: themself, when unassigned)',
        params,
        body: assignment,
        response: { 200: records.assigned },
      },
      config: { access, errors: [409] },
    },
    (request) => casework.assignCounsellor(app.db, request.user!, ownConsultancy(request.user), request.params.id, request.body.counsellor),
  );
  app.put(
    '/consultancy/dashboard/applications/:id/follow-up/',
    {
      schema: { tags, summary: 'Set or clear the follow-up date', params, body: followUp, response: { 200: records.followUpSet } },
      config: { access },
    },
    (request) => casework.setFollowUp(app.db, ownConsultancy(request.user), request.params.id, request.body.follow_up_on),
  );
  app.get(
    '/consultancy/dashboard/applications/:id/notes/',
    {
      schema: {
        tags,
        summary: "The staff's private notes",
        params,
        querystring: z.strictObject({}),
        response: { 200: z.array(records.applicationNote) },
      },
      config: { access },
    },
    (request) => casework.listNotes(app.db, ownConsultancy(request.user), request.params.id),
  );
  app.post(
    '/consultancy/dashboard/applications/:id/notes/',
    {
      schema: {
        tags,
        summary: 'Add a private note (never shown to the applicant)',
        params,
        body: noteBody,
        response: { 201: records.applicationNote },
      },
      config: { access },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await casework.addNote(app.db, request.user!, ownConsultancy(request.user), request.params.id, request.body.body)),
  );
  overviewRoutes(app);
}

/** The consultancy's whole caseload: counts per stage and the spreadsheet. */
function overviewRoutes(app: ZodApp) {
  app.get(
    '/consultancy/dashboard/applications/stages/',
    {
      schema: {
        tags,
        summary: 'Applications per stage, and how many are due',
        querystring: z.strictObject({}),
        response: { 200: records.stageCounts },
      },
      config: { access },
    },
    (request) => casework.stageCounts(app.db, ownConsultancy(request.user)),
  );
  app.get(
    '/consultancy/dashboard/applications/export/',
    {
      schema: { tags, summary: "The consultancy's applications as CSV (owners)", querystring: z.strictObject({}) },
      config: { access, download: 'a CSV spreadsheet: not JSON, nothing to serialize' },
    },
    async (request, reply) => {
      const csv = await casework.exportApplications(app.db, ownConsultancyAsOwner(request.user));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="applications.csv"')
        .send(csv);
    },
  );
}
