import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contract from '../../src/lib/contract/cases.ts';
import { id } from '../../src/lib/contract/values.ts';
import { applicationOfCode } from '../access/codes.ts';
import { caseForConsultancy, caseForReader, type CaseApplication } from '../access/cases.ts';
import { download } from '../plugins/serializer.ts';
import { limit } from '../services/limits.ts';
import * as messages from '../services/case-messages.ts';
import * as payments from '../services/case-payments.ts';
import { normalizeTrackingCode } from '../services/tracking-code.ts';
import { sendPrivateFile } from '../storage/private.ts';
import { readForm } from '../uploads.ts';
import { pagedReply } from '../services/paging.ts';

const tags = ['application cases'];
const code = z.object({ code: z.string() });
const codeAndFile = z.object({ code: z.string(), file: id });
const codeAndPayment = z.object({ code: z.string(), payment: id });
const app_ = z.object({ id });
const appAndFile = z.object({ id, file: id });
const appAndPayment = z.object({ id, payment: id });
const staff = ['admin', 'consultancy'] as const;

/** The application a limit counts for: the code as normalized, so its spellings share one count. */
const codeKey = (request: FastifyRequest) => {
  const given = (request.params as { code?: string }).code ?? '';
  return normalizeTrackingCode(given) ?? given;
};

/**
 * An application as a case both sides share (issue 26): the student by tracking code (no account),
 * the consultancy's accounts and admins by sign-in. Messages with attachments, payments and the agreement.
 */
export default async function caseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const reads = limit(app, 'case-read', { max: 120, window: '1 minute' });
  const perApplication = limit(app, 'case-message-application', { max: contract.STUDENT_MESSAGES_PER_DAY, window: '1 day' }, codeKey);
  const perAddress = limit(app, 'case-message-address', { max: contract.MESSAGES_PER_ADDRESS_PER_DAY, window: '1 day' });
  const perAccount = limit(app, 'case-message-account', { max: contract.STAFF_MESSAGES_PER_DAY, window: '1 day' }, (r) =>
    String(r.user?.id ?? r.ip),
  );
  const answers = limit(app, 'case-payment-answer', { max: 30, window: '1 hour' });
  const byCode = async (c: string) => {
    const application = await applicationOfCode(app.db, c);
    return { application, reader: { side: 'applicant', code: application.tracking_code } as const };
  };
  const staffReader = { side: 'staff' } as const;

  // the student's side, by tracking code

  app.get(
    '/consultancy-application/case/:code/messages/',
    { schema: { params: code, tags, response: { 200: contract.caseMessages } }, config: { access: 'public' }, onRequest: reads },
    async (request) => {
      const { application, reader } = await byCode(request.params.code);
      return messages.listMessages(app.db, application, reader);
    },
  );

  app.post(
    '/consultancy-application/case/:code/messages/',
    {
      schema: { params: code, tags, response: { 201: contract.caseMessages } },
      config: { access: 'public' },
      onRequest: [perAddress, perApplication],
    },
    async (request, reply) => {
      const { application, reader } = await byCode(request.params.code);
      await messages.postMessage(app, application, { side: 'applicant' }, await readForm(request, messages.attachmentRules));
      return reply.status(201).send(await messages.listMessages(app.db, application, reader));
    },
  );

  app.get(
    '/consultancy-application/case/:code/messages/files/:file/',
    { schema: { params: codeAndFile, tags }, config: { access: 'public', download }, onRequest: reads },
    async (request, reply) => {
      const { application } = await byCode(request.params.code);
      const file = await messages.messageFile(app.db, application.id, request.params.file);
      return sendPrivateFile(reply, app.privateStorage, file.key, file.name);
    },
  );

  studentPaymentRoutes(app, byCode, reads, answers);
  staffRoutes(app, { perAccount, staffReader });
}

/** The consultancy's side (its accounts; admins read), by sign-in. */
function staffRoutes(app: FastifyInstance, { perAccount, staffReader }: { perAccount: Hook; staffReader: messages.Reader }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const own = (request: FastifyRequest, applicationId: number) => caseForConsultancy(app.db, request.user!, applicationId);
  const readable = (request: FastifyRequest, applicationId: number) => caseForReader(app.db, request.user!, applicationId);

  typed.get(
    '/consultancy-application/:id/messages/',
    { schema: { params: app_, tags, response: { 200: contract.caseMessages } }, config: { access: staff } },
    async (request) => messages.listMessages(app.db, await readable(request, request.params.id), staffReader),
  );

  typed.post(
    '/consultancy-application/:id/messages/',
    {
      schema: { params: app_, tags, response: { 201: contract.caseMessages } },
      config: { access: ['consultancy'] },
      onRequest: perAccount,
    },
    async (request, reply) => {
      const application = await own(request, request.params.id);
      await messages.postMessage(
        app,
        application,
        { side: 'consultancy', user: request.user! },
        await readForm(request, messages.attachmentRules),
      );
      return reply.status(201).send(await messages.listMessages(app.db, application, staffReader));
    },
  );

  typed.get(
    '/consultancy-application/:id/messages/files/:file/',
    { schema: { params: appAndFile, tags }, config: { access: staff, download } },
    async (request, reply) => {
      const application = await readable(request, request.params.id);
      const file = await messages.messageFile(app.db, application.id, request.params.file);
      return sendPrivateFile(reply, app.privateStorage, file.key, file.name);
    },
  );

  staffPaymentRoutes(app, staffReader);
}

type ByCode = (code: string) => Promise<{ application: CaseApplication; reader: messages.Reader }>;
type Hook = ReturnType<typeof limit>;

/** The student's payments and agreement: read them, confirm or dispute each payment. */
function studentPaymentRoutes(app: FastifyInstance, byCode: ByCode, reads: Hook, answers: Hook) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/consultancy-application/case/:code/payments/',
    { schema: { params: code, tags, response: { 200: contract.casePayments } }, config: { access: 'public' }, onRequest: reads },
    async (request) => {
      const { application, reader } = await byCode(request.params.code);
      return payments.listPayments(app.db, application, reader);
    },
  );

  typed.post(
    '/consultancy-application/case/:code/payments/:payment/confirm/',
    {
      schema: { params: codeAndPayment, tags, response: { 200: contract.casePayments } },
      config: { access: 'public' },
      onRequest: answers,
    },
    async (request) => {
      const { application, reader } = await byCode(request.params.code);
      await payments.answerPayment(app, application, request.params.payment, { state: 'confirmed' });
      return payments.listPayments(app.db, application, reader);
    },
  );

  typed.post(
    '/consultancy-application/case/:code/payments/:payment/dispute/',
    {
      schema: { params: codeAndPayment, body: contract.paymentDispute, tags, response: { 200: contract.casePayments } },
      config: { access: 'public' },
      onRequest: answers,
    },
    async (request) => {
      const { application, reader } = await byCode(request.params.code);
      await payments.answerPayment(app, application, request.params.payment, { state: 'disputed', reason: request.body.reason });
      return payments.listPayments(app.db, application, reader);
    },
  );

  typed.get(
    '/consultancy-application/case/:code/agreement/',
    { schema: { params: code, tags }, config: { access: 'public', download }, onRequest: reads },
    async (request, reply) => {
      const { application } = await byCode(request.params.code);
      const file = await payments.agreementFile(app.db, application);
      return sendPrivateFile(reply, app.privateStorage, file.key, file.name);
    },
  );
}

/** The consultancy records payments and attaches its agreement; its accounts and admins read them; admins list the flagged ones. */
function staffPaymentRoutes(app: FastifyInstance, staffReader: messages.Reader) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const own = (request: FastifyRequest, applicationId: number) => caseForConsultancy(app.db, request.user!, applicationId);
  const readable = (request: FastifyRequest, applicationId: number) => caseForReader(app.db, request.user!, applicationId);

  typed.get(
    '/consultancy-application/:id/payments/',
    { schema: { params: app_, tags, response: { 200: contract.casePayments } }, config: { access: staff } },
    async (request) => payments.listPayments(app.db, await readable(request, request.params.id), staffReader),
  );

  typed.post(
    '/consultancy-application/:id/payments/',
    {
      schema: { params: app_, body: contract.paymentRecord, tags, response: { 201: contract.casePayments } },
      config: { access: ['consultancy'] },
    },
    async (request, reply) => {
      const application = await own(request, request.params.id);
      await payments.recordPayment(app, request.user!, application, request.body);
      return reply.status(201).send(await payments.listPayments(app.db, application, staffReader));
    },
  );

  typed.patch(
    '/consultancy-application/:id/payments/:payment/',
    {
      schema: { params: appAndPayment, body: contract.receiptGiven, tags, response: { 200: contract.casePayments } },
      config: { access: ['consultancy'] },
    },
    async (request) => {
      const application = await own(request, request.params.id);
      await payments.giveReceipt(app.db, application, request.params.payment, request.body);
      return payments.listPayments(app.db, application, staffReader);
    },
  );

  typed.put(
    '/consultancy-application/:id/agreement/',
    { schema: { params: app_, tags, response: { 200: contract.casePayments } }, config: { access: ['consultancy'] } },
    async (request) => {
      const application = await own(request, request.params.id);
      await payments.putAgreement(app, request.user!, application, await readForm(request, payments.agreementRules));
      return payments.listPayments(app.db, application, staffReader);
    },
  );

  typed.get(
    '/consultancy-application/:id/agreement/',
    { schema: { params: app_, tags }, config: { access: staff, download } },
    async (request, reply) => {
      const file = await payments.agreementFile(app.db, await readable(request, request.params.id));
      return sendPrivateFile(reply, app.privateStorage, file.key, file.name);
    },
  );

  typed.get(
    '/payments/admin/flagged/',
    { schema: { querystring: payments.flaggedQuery, tags, response: { 200: contract.flaggedPayments } }, config: { access: ['admin'] } },
    async (request) => pagedReply(request, request.query, await payments.flaggedPayments(app.db, request.query)),
  );
}
