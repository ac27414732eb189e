import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { credentials, passwordResetRequest } from '../../src/lib/contract/bodies/accounts.ts';
import { confirmEmail, login, passwordReset, register, registration, requestPasswordReset, resetPassword } from '../services/accounts.ts';
import { endSession, rotateSession } from '../services/sessions.ts';
import { limit, slowDown } from '../services/limits.ts';
import * as answers from '../../src/lib/contract/answers.ts';

/** Sign-ins to one account (from any address) in 15 minutes before each further one waits. */
export const LOGIN_SLOWDOWN_AFTER = 50;
export const LOGIN_SLOWDOWN_MS = 2000;

const refreshBody = z.strictObject({
  refresh: z.string({ error: 'Must be text' }).min(1, 'This field is required').max(200, 'Must be at most 200 characters'),
});
const tags = ['auth'];
const verifyBody = z.strictObject({
  token: z.string({ error: 'Must be text' }).min(1, 'This field is required').max(1000, 'Must be at most 1000 characters'),
});

/** Sign-in, sign-up and the session lifecycle: short-lived access JWTs, rotated refresh tokens. */
export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perIp = limit(app, 'login-ip', { max: 30, window: '15 minutes' });
  // Both run after validation, so the email is there and already normalized. Guessing one account's
  // password from one address stops that address; from many addresses it is slowed down, never
  // refused, so a stranger cannot lock the owner out of their own account.
  const emailOf = (r: FastifyRequest) => (r.body as { email: string }).email;
  const perAccountAndAddress = limit(app, 'login-account-ip', { max: 10, window: '15 minutes' }, (r) => `${emailOf(r)}|${r.ip}`);
  const perAccount = slowDown(
    app,
    'login-account',
    { max: LOGIN_SLOWDOWN_AFTER, window: '15 minutes', delayMs: LOGIN_SLOWDOWN_MS },
    emailOf,
  );
  const signUps = limit(app, 'register-ip', { max: 10, window: '1 hour' });
  const refreshes = limit(app, 'refresh-ip', { max: 60, window: '1 minute' });

  app.post(
    '/auth/login/',
    {
      schema: { body: credentials, tags, response: { 200: answers.session } },
      config: { access: 'public', errors: [401] },
      onRequest: perIp,
      preHandler: [perAccountAndAddress, perAccount],
    },
    (request) => login(app, request.body),
  );

  // 202: the account exists once its address is confirmed from the mail (and the answer says nothing of existing accounts)
  app.post(
    '/auth/register/',
    {
      schema: { body: registration, tags, response: { 202: answers.message } },
      config: { access: 'public', errors: [409] },
      onRequest: signUps,
    },
    async (request, reply) => reply.status(202).send(await register(app, request.body)),
  );

  app.post(
    '/auth/verify/',
    { schema: { body: verifyBody, tags, response: { 201: answers.session } }, config: { access: 'public' }, onRequest: signUps },
    async (request, reply) => reply.status(201).send(await confirmEmail(app, request.body.token)),
  );

  // per address, and per account asked about: a stranger cannot fill someone's mailbox with links
  const resetRequests = limit(app, 'password-reset-ip', { max: 10, window: '1 hour' });
  const resetsPerAccount = limit(app, 'password-reset-account', { max: 5, window: '1 hour' }, emailOf);
  app.post(
    '/auth/password-reset/',
    {
      schema: { body: passwordResetRequest, tags, response: { 202: answers.message } },
      config: { access: 'public' },
      onRequest: resetRequests,
      preHandler: resetsPerAccount,
    },
    async (request, reply) => reply.status(202).send(requestPasswordReset(app, request.body.email)),
  );

  app.post(
    '/auth/password-reset/confirm/',
    { schema: { body: passwordReset, tags, response: { 200: answers.message } }, config: { access: 'public' }, onRequest: signUps },
    (request) => resetPassword(app, request.body),
  );

  app.post(
    '/auth/refresh/',
    {
      schema: { body: refreshBody, tags, response: { 200: answers.session } },
      config: { access: 'public', errors: [401] },
      onRequest: refreshes,
    },
    (request) => rotateSession(app, request.body.refresh),
  );

  app.post(
    '/auth/logout/',
    { schema: { body: refreshBody, tags, response: { 200: answers.message } }, config: { access: 'public' }, onRequest: refreshes },
    async (request) => {
      await endSession(app, request.body.refresh);
      return { message: 'Logged out.' };
    },
  );

  app.get(
    '/auth/me/',
    { schema: { tags, response: { 200: answers.sessionUser } }, config: { access: 'user' } },
    (request) => request.user!,
  );
}
