import fp from 'fastify-plugin';
import { claimKey, KEY_PATTERN, rememberAnswer } from '../services/idempotency.ts';
import { HttpError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** the Idempotency-Key this request holds, its answer to be kept */
    idempotencyKey: string | null;
  }
}

const HEADER = 'idempotency-key';

/**
 * Idempotency-Key on any POST or PATCH of the API (issue 27): a form queued on a phone is sent with
 * a key, and sent again if the answer was lost; the repeat gets the first answer (with
 * Idempotency-Replayed: true) instead of making a second row. Sign-in and token routes are left out:
 * their answers hold tokens that must not be stored.
 */
export default fp(async (app) => {
  app.decorateRequest('idempotencyKey', null);
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[HEADER];
    if (typeof key !== 'string' || !['POST', 'PATCH'].includes(request.method)) return;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    if (!KEY_PATTERN.test(key)) throw new HttpError(400, 'Idempotency-Key must be 8 to 100 letters, digits, - or _.');
    const answer = await claimKey(app.db, key, `${request.method} ${request.url} ${request.user?.id ?? ''}`.slice(0, 600));
    if (!answer) {
      request.idempotencyKey = key;
      return;
    }
    return reply.code(answer.status).type(answer.contentType).header('idempotency-replayed', 'true').send(answer.body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key) return payload;
    request.idempotencyKey = null;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    await rememberAnswer(app.db, key, { status: reply.statusCode, contentType: String(reply.getHeader('content-type') ?? ''), body });
    return payload;
  });
});
