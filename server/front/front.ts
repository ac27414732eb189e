import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Pool } from 'undici';
import type { Config } from '../config.ts';
import { loggerOptions } from '../log.ts';
import { proxyTrust, securityHeaders, urlError } from '../app.ts';
import { VIA_FRONT } from '../plugins/front-feed.ts';
import { siteFromMemory } from '../site-files.ts';
import type { FrontAnswers } from './front-answers.ts';
import { FrontTally } from './tally.ts';

/**
 * Headers of one connection, not of the request or answer (RFC 9110 §7.6.1), and Expect (this
 * server answers 100-continue itself); the connection to the back has its own.
 */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

/**
 * What the back is told of the caller: the request's own headers, that it came through the front
 * (VIA_FRONT: the back posts only those answers), and the address this server saw
 * appended to X-Forwarded-For (the back trusts this one hop more than TRUST_PROXY says), with the
 * protocol and host as this server read them under TRUST_PROXY (never a caller's own claim it does not trust).
 */
function toBackHeaders(request: FastifyRequest): Record<string, string | string[]> {
  const named = String(request.headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined && !CONNECTION_HEADERS.has(name) && !named.includes(name)) headers[name] = value;
  const peer = request.socket.remoteAddress ?? '';
  const before = request.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = before ? `${String(before)}, ${peer}` : peer;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = request.host;
  headers[VIA_FRONT] = '1';
  return headers;
}

/** TRUST_PROXY for the back: the hops in front of this server, and this server. */
export function oneHopMore(trust: Config['trustProxy']): Config['trustProxy'] {
  if (trust === false) return 1;
  if (typeof trust === 'number') return trust + 1;
  return [...trust, 'loopback'];
}

/**
 * Passes a request to the back as it came (its path unnormalized, its body streamed, never parsed
 * here) and its answer back as it went. undici directly, not @fastify/reply-from: that one rebuilds
 * the path with `new URL`, which turns `\` into `/` and resolves dot segments, so the back would
 * route another path than the one this server chose by.
 */
function passer(back: Pool) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { method } = request;
    const hasBody = request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
    const answer = await back.request({
      path: request.raw.url ?? '/',
      method: method as 'GET',
      headers: toBackHeaders(request),
      body: method !== 'GET' && method !== 'HEAD' && hasBody ? request.raw : undefined,
      // the back has its own limits; an upload on a slow line may take minutes
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !CONNECTION_HEADERS.has(name)) reply.header(name, value);
    // a HEAD's empty body too: Fastify drains it and keeps the length the back gave
    if (answer.statusCode !== 204 && answer.statusCode !== 304) return reply.send(answer.body);
    // no body at all: the connection to the back is free once the empty one is read
    await answer.body.dump();
    return reply.send();
  };
}

/**
 * The front of `npm start` on PGlite: the thread with the listening socket, which never runs the
 * database. It answers the built site's files from memory and the API's anonymous public reads
 * from the copies the back posted (FrontAnswers), while their kinds are unchanged; everything else
 * (writes, personal reads, media, the tracking pages, reads whose kinds moved) goes to the back
 * thread, the API as the one-thread server runs it. So a read that needs no database never
 * waits behind a write's statements.
 */
export async function buildFront(
  config: Config,
  backUrl: string,
  answers: FrontAnswers,
  tally = new FrontTally(),
): Promise<FastifyInstance> {
  const back = new Pool(backUrl, { connections: 64, pipelining: 1 });
  const passes = passer(back);
  const passed = new WeakSet<FastifyRequest>();
  const pass = (request: FastifyRequest, reply: FastifyReply) => {
    passed.add(request);
    return passes(request, reply);
  };
  const app = Fastify({
    logger: loggerOptions(config),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: proxyTrust(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    frameworkErrors: urlError,
  });
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const client = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
    if (!client) request.log.error({ err: error }, 'the back did not answer');
    return reply
      .code(client ? error.statusCode! : 502)
      .send({ error: client ? error.message : 'The server is restarting: try again in a moment.' });
  });
  app.addHook('onClose', async () => back.close());
  app.addHook('onResponse', async (request, reply) => {
    if (passed.has(request) || reply.statusCode >= 400) return;
    if (!request.url.startsWith('/api/')) tally.count('page');
    else tally.count(reply.statusCode === 304 ? 'not_modified' : 'answer');
  });

  await app.register(async (site) => {
    await securityHeaders(site);
    siteFromMemory(site, config.siteDir, config.siteCacheMb * 1024 * 1024, pass);
  });
  await app.register(async (backs) => {
    // bodies go to the back unread: it parses them, with its limits
    backs.removeAllContentTypeParsers();
    backs.addContentTypeParser('*', (_request, _payload, done) => done(null));
    backs.get('/api/*', (request, reply) => (answers.send(request, reply) ? reply : pass(request, reply)));
    for (const url of ['/media/*', '/track/', '/complaint/track/']) backs.get(url, pass);
    backs.route({ method: ['DELETE', 'OPTIONS', 'PATCH', 'POST', 'PUT'], url: '/*', handler: pass });
    backs.setNotFoundHandler(pass);
  });
  return app;
}
