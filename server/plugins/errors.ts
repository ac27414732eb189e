import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors.ts';
import { errorPage, isPlainFormPost } from '../no-script.ts';

type Fields = Record<string, string[]>;

function zodFields(issues: { path: PropertyKey[]; message: string }[]): Fields {
  const fields: Fields = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** PostgreSQL errors that a request can cause, and what they mean to the caller. */
const pgErrors: Record<string, [number, string]> = {
  '23505': [409, 'A record with the same unique value already exists.'],
  '23503': [400, 'A referenced record does not exist.'],
  '22P02': [400, 'A value has the wrong format.'],
  '22003': [400, 'A number is out of range.'],
  '22001': [400, 'A value is too long.'],
  '22021': [400, 'A value contains characters that are not allowed.'],
  '22007': [400, 'A date or time has the wrong format.'],
  '22008': [400, 'A date or time is out of range.'],
};

/** How many unknown paths one address may ask for a minute: probing for routes costs the prober. */
export const NOT_FOUND_LIMIT = { max: 120, timeWindow: '1 minute' };

const routePatterns = new Map<string, RegExp>();
/** A route's path pattern ('/api/x/:id/') as a test of concrete paths. */
function routePattern(url: string): RegExp {
  let pattern = routePatterns.get(url);
  if (!pattern) {
    const segments = url.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    pattern = new RegExp(`^${segments.join('/')}$`);
    routePatterns.set(url, pattern);
  }
  return pattern;
}

/** The methods the API answers at a path (HEAD wherever GET), for a 405's Allow; none for an unknown path. */
function allowedMethods(app: FastifyInstance, url: string): string[] {
  const path = url.split('?')[0] ?? '';
  const methods = new Set(app.routeList.filter((r) => routePattern(r.url).test(path)).map((r) => r.method));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/** An unknown API address is a 404; a known one asked with a method it does not answer is a 405 that names the ones it does. */
export const sendApiNotFound = (request: FastifyRequest, reply: FastifyReply) => {
  const path = request.url.split('?')[0];
  const allowed = allowedMethods(request.server, request.url);
  if (!allowed.length) return reply.status(404).send({ error: `No route ${request.method} ${path}.` });
  return reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send({ error: `${path} does not answer ${request.method}: it answers ${allowed.join(', ')}.` });
};

/** The API's 404, rate-limited. */
export function apiNotFound(app: FastifyInstance) {
  app.setNotFoundHandler({ preHandler: app.rateLimit(NOT_FOUND_LIMIT) }, sendApiNotFound);
}

/**
 * The one error handler: every non-2xx body is {error, fields?}. Messages of client errors are
 * shown; a server error is logged and answered with a generic sentence, never a stack trace. A form
 * posted without scripts to an endpoint that takes them gets the same error as a page a person reads
 * (server/no-script.ts).
 */
export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError & { cause?: { code?: string } }, request, reply) => {
    const [status, body] = answerOf(err, request);
    if (request.routeOptions.config?.plainForm && isPlainFormPost(request)) {
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .send(errorPage(request, body.error, body.fields));
    }
    return reply.status(status).send(body);
  });
});

type Answer = [status: number, body: { error: string; fields?: Fields; [more: string]: unknown }];

/** The status and body of an error's answer. */
function answerOf(err: FastifyError & { cause?: { code?: string } }, request: FastifyRequest): Answer {
  if (err instanceof HttpError) {
    return [err.statusCode, { error: err.message, ...(err.fields ? { fields: err.fields } : {}), ...err.details }];
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Fields = {};
    for (const v of err.validation) {
      const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
      (fields[key] ??= []).push(v.message ?? 'Invalid value');
    }
    return [400, { error: 'Some values are not valid.', fields }];
  }
  if (err instanceof ZodError) {
    return [400, { error: 'Some values are not valid.', fields: zodFields(err.issues) }];
  }
  const pgCode = (err as { code?: string }).code ?? err.cause?.code;
  const known = pgCode ? pgErrors[pgCode] : undefined;
  if (known) {
    const [status, message] = known;
    request.log.info({ err }, 'database refused the request');
    return [status, { error: message }];
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return [status, { error: err.message }];
  }
  request.log.error({ err }, 'request failed');
  return [500, { error: 'Something went wrong on our side. Please try again later.' }];
}
