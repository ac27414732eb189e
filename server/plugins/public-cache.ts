import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { readKindVersions, versionStamp, type ContentKind, type KindVersions } from '../content-version.ts';
import type { Db } from '../db/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read (access 'public' or 'optional') that anonymous callers may have cached, by the
     * kinds of content its answer reads: its ETag and cached copy move when one of them is written.
     */
    publicCache?: {
      reads: readonly ContentKind[];
      /**
       * an answer about one row (a detail) of `kind`: `read` answers the kinds' versions with that
       * row's own (null: no such row), which the key holds besides `reads`, read together
       */
      withRow?: { kind: ContentKind; read: (db: Db, params: unknown) => Promise<{ versions: KindVersions; row: string | null }> };
    };
  }
  interface FastifyRequest {
    /** set on an anonymous GET of a cached route: its address and the versions it read, as the cache key */
    publicCacheKey: string | null;
    /** answered from the cache, not to be stored again */
    publicCacheHit: boolean;
    /** the kinds' versions its key was made of, for the route's memo (content-memo.ts): null when not a cached read */
    contentVersions: KindVersions | null;
  }
  interface FastifyInstance {
    /** GET routes whose anonymous answers may be kept (the tests walk them) */
    publicCacheRoutes: string[];
  }
}

/**
 * What caches may do with an anonymous public read. A browser asks again every time (a 304 when
 * nothing changed costs a few bytes), so a student sees a withdrawn licence or a closed offer at
 * once; a CDN (s-maxage) keeps it 30 s and absorbs repeats.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30';
/** An answer may depend on the clock (upcoming events, open scholarships, a licence that lapses today): a kept copy is computed again after a minute. */
export const ENTRY_TTL_MS = 60_000;
/** a kept answer's bookkeeping besides its text and key, in bytes (roughly) */
const ENTRY_OVERHEAD = 200;

interface Entry {
  body: string;
  etag: string;
  type: string;
}

/** Serialized answers by address and versions, least recently used out first once they hold `maxBytes`. */
export function answerCache(maxBytes: number): LRUCache<string, Entry> | null {
  if (maxBytes <= 0) return null;
  return new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (entry, key) => Buffer.byteLength(entry.body) + key.length + ENTRY_OVERHEAD,
    ttl: ENTRY_TTL_MS,
  });
}

/**
 * The answer's versions, address and text: the same while nothing it reads is written, and, since
 * the text is in it, the same again when the answer is computed anew (after a minute) unchanged.
 */
const etagOf = (key: string, body: string) => `"${createHash('sha1').update(key).update('\u0000').update(body).digest('base64url')}"`;

export const etagMatches = (request: FastifyRequest, etag: string) =>
  (request.headers['if-none-match'] ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');

function publicHeaders(reply: FastifyReply, etag: string) {
  const vary = reply.getHeader('vary');
  return reply
    .header('etag', etag)
    .header('cache-control', PUBLIC_CACHE_CONTROL)
    .header('vary', vary ? `${String(vary)}, Authorization` : 'Authorization');
}

/** A route may be cached only when anyone may read it: a misdeclared private route must not start. */
function checkRoute(app: FastifyInstance, method: string | string[], url: string, config: { access?: unknown; publicCache?: unknown }) {
  if (!config.publicCache || ![method].flat().includes('GET')) return;
  if (config.access !== 'public' && config.access !== 'optional') throw new Error(`GET ${url} is cached but not public`);
  app.publicCacheRoutes.push(url);
}

/**
 * Anonymous GETs of public reads (lists, details, dropdowns, facets, the forum, settings): an ETag
 * from the versions of the kinds the answer reads, its address and text; 304 on If-None-Match;
 * `Cache-Control: public` so a browser or CDN keeps it; and a copy kept here, bounded in bytes.
 * The versions are read from the database on every request (one tiny statement, shared by the
 * requests that wait at the same time), so a write that returned, on any instance, is seen by the
 * next read. A caller with a token is personal: never cached, never answered from the cache
 * (app.ts says no-store).
 */
async function publicCache(app: FastifyInstance) {
  const store = answerCache(app.config.publicCacheMb * 1024 * 1024);
  app.decorate('publicCacheRoutes', []);
  app.decorateRequest('publicCacheKey', null);
  app.decorateRequest('publicCacheHit', false);
  app.decorateRequest('contentVersions', null);
  app.addHook('onRoute', (route) => checkRoute(app, route.method, route.url, route.config ?? {}));

  app.addHook('onRequest', async (request, reply) => {
    const cached = request.routeOptions.config.publicCache;
    if (!cached || request.method !== 'GET' || request.headers.authorization !== undefined) return;
    const { versions, row } = cached.withRow
      ? await cached.withRow.read(app.db, request.params)
      : { versions: await readKindVersions(app.db), row: undefined };
    const key = `${request.url}\u0000${versionStamp(versions, cached.reads)}${row === undefined ? '' : `,row.${row}`}`;
    request.publicCacheKey = key;
    request.contentVersions = versions;
    const hit = store?.get(key);
    if (!hit) return;
    request.publicCacheHit = true;
    publicHeaders(reply, hit.etag);
    if (etagMatches(request, hit.etag)) return reply.code(304).send();
    return reply.type(hit.type).send(hit.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.publicCacheKey;
    if (!key || request.publicCacheHit || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = etagOf(key, payload);
    store?.set(key, { body: payload, etag, type: String(reply.getHeader('content-type')) });
    publicHeaders(reply, etag);
    if (!etagMatches(request, etag)) return payload;
    reply.code(304);
    return null;
  });
}

export default fp(publicCache, { name: 'public-cache' });
