import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '../../src/lib/contract/counselling.ts';
import { consultancyOwnersOnly, ownConsultancy } from '../access/institutions.ts';
import * as counselling from '../services/counselling.ts';
import { limit } from '../services/limits.ts';
import type { ZodApp } from '../typed-app.ts';

const tags = ['counselling'];
const own = { access: ['consultancy'] as const };

/** The weekly hours, the consultancy's and each branch's: read by its accounts, set by its owners; counsellors work the day. */
function hoursRoutes(app: ZodApp) {
  app.get(
    '/consultancy/dashboard/counselling/hours/',
    { schema: { tags, querystring: z.strictObject({}), response: { 200: c.hoursAnswer } }, config: own },
    async (request) => counselling.getHours(app.db, ownConsultancy(request.user)),
  );
  app.put(
    '/consultancy/dashboard/counselling/hours/',
    { schema: { tags, body: c.hoursBody, response: { 200: c.hoursAnswer } }, config: own, onRequest: consultancyOwnersOnly },
    async (request) => counselling.setHours(app.db, ownConsultancy(request.user), request.body),
  );
  app.get(
    '/consultancy/dashboard/counselling/branches/:id/hours/',
    { schema: { tags, params: c.idParams, response: { 200: c.branchHoursAnswer } }, config: { ...own, errors: [404] } },
    async (request) => counselling.getBranchHours(app.db, ownConsultancy(request.user), request.params.id),
  );
  app.put(
    '/consultancy/dashboard/counselling/branches/:id/hours/',
    {
      schema: { tags, params: c.idParams, body: c.hoursBody, response: { 200: c.branchHoursAnswer } },
      config: { ...own, errors: [404] },
      onRequest: consultancyOwnersOnly,
    },
    async (request) => counselling.setBranchHours(app.db, ownConsultancy(request.user), request.params.id, request.body),
  );
}

/**
 * Counselling in time slots: the consultancy sets its hours and sees its day; a student picks a
 * free slot for the inquiry the booking dialog sent, and moves or cancels it by the reference and
 * the token its mail carries, without an account.
 */
export default async function counsellingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // generous: a race for one slot is many students at once, each answered 409, not 429
  const writes = limit(app, 'counselling', { max: 60, window: '10 minutes' });
  hoursRoutes(app);
  app.get(
    '/consultancy/dashboard/counselling/bookings/',
    { schema: { tags, querystring: c.dayQuery, response: { 200: c.dayAnswer } }, config: own },
    async (request) => counselling.dayOf(app.db, ownConsultancy(request.user), request.query),
  );
  app.post(
    '/consultancy/dashboard/counselling/bookings/:id/mark/',
    { schema: { tags, params: c.idParams, body: c.markBody, response: { 200: c.dayBooking } }, config: { ...own, errors: [404, 409] } },
    async (request) => counselling.mark(app.db, ownConsultancy(request.user), request.params.id, request.body.status),
  );

  app.get(
    '/counselling/slots/',
    { schema: { tags, querystring: c.slotsQuery, response: { 200: c.slotsAnswer } }, config: { access: 'public', errors: [404] } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return counselling.slotsOf(app.db, request.query.consultancy, request.query.branch);
    },
  );
  app.post(
    '/counselling/bookings/',
    {
      schema: { tags, body: c.bookBody, response: { 201: c.bookedAnswer } },
      config: { access: 'public', errors: [400, 404, 409] },
      onRequest: writes,
    },
    async (request, reply) => reply.status(201).send(await counselling.book(app, request.body)),
  );
  app.get(
    '/counselling/bookings/:reference/',
    {
      schema: { tags, params: c.bookingParams, querystring: c.bookingQuery, response: { 200: c.bookingAnswer } },
      config: { access: 'public', errors: [404] },
      onRequest: writes,
    },
    async (request) => counselling.bookingByToken(app.db, request.params.reference, request.query.token),
  );
  app.post(
    '/counselling/bookings/:reference/reschedule/',
    {
      schema: { tags, params: c.bookingParams, body: c.rescheduleBody, response: { 200: c.bookingAnswer } },
      config: { access: 'public', errors: [404, 409] },
      onRequest: writes,
    },
    async (request) => counselling.reschedule(app, request.params.reference, request.body),
  );
  app.post(
    '/counselling/bookings/:reference/cancel/',
    {
      schema: { tags, params: c.bookingParams, body: c.cancelBody, response: { 200: c.bookingAnswer } },
      config: { access: 'public', errors: [404, 409] },
      onRequest: writes,
    },
    async (request) => counselling.cancel(app, request.params.reference, request.body.token),
  );
}
