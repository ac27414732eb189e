import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Redis } from 'ioredis';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { loggerOptions } from './log.ts';
import { openapiTransform } from './openapi.ts';
import { createTransport, type Transport } from './mail.ts';
import { startWorker, type Worker } from './services/outbox.ts';
import { counsellingReminders } from './services/counselling-mail.ts';
import { featuredWithdrawn, overdueComplaints } from './services/notices.ts';
import { documentReminders } from './services/document-notices.ts';
import { deadlineReminders, unsubscribeTokens, type UnsubscribeTokens } from './services/deadline-reminders.ts';
import type { Database, Db } from './db/index.ts';
import { createPrivateStorage, type Storage } from './storage/index.ts';
import { limit } from './services/limits.ts';
import authPlugin, { type Access } from './plugins/auth.ts';
import laterPlugin from './plugins/later.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import opsPlugin from './plugins/ops.ts';
import publicCache from './plugins/public-cache.ts';
import frontFeed, { type FrontFeed } from './plugins/front-feed.ts';
import errorsPlugin, { NOT_FOUND_LIMIT, sendApiNotFound } from './plugins/errors.ts';
import routes from './routes/index.ts';
import { API_DIRECTIVES, docsPolicy } from '../src/lib/shared/csp.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    storage: Storage;
    /** personal files (application documents, complaint evidence), served only by authenticated routes */
    privateStorage: Storage;
    config: Config;
    /** every route with who may call it (for the permission matrix) and the statuses its response schemas describe */
    routeList: { method: string; url: string; access: Access | undefined; responses: string[]; download: string | undefined }[];
    /** the site's rebuild runner, when this process has one (npm start): what is live, what is building */
    siteStatus: () => SiteBuildStatus | null;
    /** the outbox worker of this instance (a no-op kick with OUTBOX_WORKER=off) */
    outbox: Pick<Worker, 'kick'>;
    /** signs and reads the tokens of the deadline reminders' unsubscribe links (keyed by the access tokens' secret) */
    unsubscribeTokens: UnsubscribeTokens;
  }
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface AppOptions {
  config: Config;
  database: Database;
  storage: Storage;
  /** default: the private store the config describes */
  privateStorage?: Storage;
  /** secret for access tokens */
  jwtSecret: string;
  logger?: boolean;
  /** answers requests outside /api that match no route (the site); default: a JSON 404 */
  notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown;
  /** rate limits shared between instances */
  redis?: Redis;
  /** the rebuild runner's status, when the process runs one */
  siteStatus?: () => SiteBuildStatus | null;
  /** how the outbox worker delivers; default: the one the config describes (SMTP_URL, else kept for the console) */
  transport?: Transport;
  /** the front thread of `npm start` on PGlite, told of public answers and versions (server/front) */
  front?: FrontFeed;
}

export interface SiteBuildStatus {
  live_version: number | null;
  live_at: string | null;
  building: boolean;
  pending: boolean;
}

/** A malformed or overlong URL never reaches a route: answered in the error shape too, without echoing it. */
export function urlError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.statusCode === 414;
  void reply.code(tooLong ? 414 : 400).send({ error: tooLong ? 'The address is too long.' : 'The address is not valid.' });
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify ignores a bare hop count (it cannot check who is
 * talking), so a number becomes a function: the nearest n hops are our proxies.
 */
export const proxyTrust = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/**
 * A Redis outage must not lock every user out of login and forms: the plugin skips limiting when
 * its store fails (skipOnError), and we log the outage once, and its end, instead of every request.
 */
function reportRedisOutage(app: FastifyInstance, redis: Redis) {
  let down = false;
  redis.on('error', (err) => {
    if (!down) app.log.error({ err }, 'Redis is unreachable: rate limits are not enforced until it is back');
    down = true;
  });
  redis.on('ready', () => {
    if (down) app.log.info('Redis is back: rate limits are enforced again');
    down = false;
  });
}

/** Records an API route in routeList, with who may call it and the statuses its response schemas describe (walked by tests). */
function listRoute(app: FastifyInstance, route: RouteOptions) {
  for (const method of [route.method].flat()) {
    if (method === 'HEAD' || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
    // A route that does not say who may call it is a mistake, not a public route.
    if (!route.config?.access) throw new Error(`${method} ${route.url} declares no config.access`);
    const responses = Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {});
    app.routeList.push({ method, url: route.url, access: route.config.access, responses, download: route.config.download });
  }
}

/**
 * The API, with plugins in order: external ones, then ours (errors, auth), then the routes under /api.
 * Tests build it with an in-memory PGlite and call it with inject().
 */
/** Anything under /api/ is the API's, whatever serves the other paths. */
const isApi = (url: string) => /^\/api(\/|\?|$)/.test(url);

/** Browser features no page of ours uses, refused to every script on every answer. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';

/**
 * Headers only a document obeys (framing, its browsing context, its features, its DNS prefetching,
 * IE's download and XSS filters), which the built site's scripts, pictures, fonts and feeds go
 * without: on a phone's HTTP/1.1 line they were ~400 B of every such answer, a twelfth of the
 * home's first view (issue 27). Pages keep them; so do the API's answers. What a script, a
 * picture or an SVG opened on its own does obey stays on every file: its content-security-policy,
 * nosniff, cross-origin-resource-policy, referrer-policy and HSTS.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-xss-protection',
  'permissions-policy',
];

/**
 * API answers no browser or CDN may keep: those to a signed-in caller (their account, their
 * dashboard) and every write's (tokens, tracking codes). Public reads are left to the cache rules.
 */
function isPrivateAnswer(request: FastifyRequest): boolean {
  if (!isApi(request.url)) return false;
  return request.user !== null || request.headers.authorization !== undefined || (request.method !== 'GET' && request.method !== 'HEAD');
}

/** The API reference at /api/docs, generated from the routes' schemas; admins only in production unless opened (API_DOCS_PUBLIC). */
async function registerReference(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Study abroad platform API', version: '1.0.0', description: 'Generated from the zod contract in src/lib/contract.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // jsonSchemaTransform plus the entity bodies and responses, in the reference only
    transform: openapiTransform,
  });
  const docsReaders: Access = app.config.apiDocsPublic ? 'public' : ['admin'];
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: docsPolicy,
    uiHooks: {
      onRequest: (request, _reply, done) => {
        app.authorize(request, docsReaders).then(() => done(), done);
      },
    },
  });
}

/**
 * The headers every answer of this origin carries, set the same by the API and by the front of
 * `npm start` (server/front): helmet's, with the API's CSP (pages served from the built site get
 * theirs in site-files.ts, the reference below its own), and the permissions policy on every
 * answer but the built site's files other than pages (DOCUMENT_ONLY_HEADERS).
 */
export async function securityHeaders(app: FastifyInstance) {
  // same-origin referrers (never to other sites): a form posted without scripts is answered with a link back to its page (server/no-script.ts)
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES },
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'same-origin' },
  });
  // no page of ours uses these, so no script that gets in (an ad, say) may ask for them; the site's
  // files other than pages go without what only a document obeys (DOCUMENT_ONLY_HEADERS)
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.siteFiles && !String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    else reply.header('permissions-policy', PERMISSIONS_POLICY);
    return payload;
  });
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.config) : false,
    // one line per request is noise on a laptop; LOG_LEVEL=debug brings it back
    logController: new LogController({ disableRequestLogging: options.config.logLevel !== 'debug' }),
    bodyLimit: 1024 * 1024,
    trustProxy: proxyTrust(options.config.trustProxy),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    frameworkErrors: urlError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('storage', options.storage);
  app.decorate('privateStorage', options.privateStorage ?? (await createPrivateStorage(options.config)));
  app.decorate('routeList', []);
  app.decorate('siteStatus', options.siteStatus ?? (() => null));
  // every instance delivers the outbox from the moment it is ready until it closes (before its database does)
  const outbox = { worker: undefined as Worker | undefined, kick: () => outbox.worker?.kick() };
  app.decorate('outbox', outbox);
  app.decorate('unsubscribeTokens', unsubscribeTokens(options.jwtSecret));
  if (options.config.outbox.worker) {
    app.addHook('onReady', async () => {
      const transport = options.transport ?? createTransport(options.config, (line) => app.log.info(line));
      outbox.worker = startWorker(app, transport, options.config.outbox, async () => {
        await overdueComplaints(app.db, options.config);
        await featuredWithdrawn(app.db, options.config);
        await documentReminders(app.db, options.config);
        await counsellingReminders(app.db, options.config);
        await deadlineReminders(app.db, options.config, app.unsubscribeTokens);
      });
    });
    app.addHook('onClose', async () => outbox.worker?.stop());
  }
  app.addHook('onRoute', (route) => listRoute(app, route));

  await securityHeaders(app);
  // before compress: it keeps the answer's text, and a cached copy is compressed like any answer
  await app.register(publicCache);
  await app.register(compress, { threshold: 1024 });
  // after compress: it posts answers as they are sent
  if (options.front) await app.register(frontFeed, { feed: options.front });
  if (options.redis) reportRedisOutage(app, options.redis);
  await app.register(rateLimit, { global: false, skipOnError: true, ...(options.redis ? { redis: options.redis } : {}) });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 100, fieldSize: 1024 * 1024 } });
  await registerReference(app);

  app.addHook('onSend', async (request, reply, payload) => {
    if (isPrivateAnswer(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(errorsPlugin);
  await app.register(laterPlugin);
  await app.register(authPlugin, { secret: options.jwtSecret });
  await app.register(idempotencyPlugin);
  await app.register(opsPlugin, { redis: options.redis });
  await app.register(routes, { prefix: '/api' });
  // Anything under /api/ is the API's, whatever serves the other paths: the static site's wildcard
  // would otherwise answer GET /api/anything with the site's HTML 404.
  // Only the API's 404s are limited: the site's answers the console's client-routed pages too.
  const siteNotFound = options.notFound;
  const probing = limit(app, 'not-found', { max: NOT_FOUND_LIMIT.max, window: NOT_FOUND_LIMIT.timeWindow });
  app.setNotFoundHandler(async (request, reply) => {
    if (siteNotFound && !isApi(request.url)) return siteNotFound(request, reply);
    await probing(request, reply);
    return sendApiNotFound(request, reply);
  });
  return app;
}
