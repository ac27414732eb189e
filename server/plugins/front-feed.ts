import { Readable, Transform } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { readKindVersions, versionWrites, type KindVersions } from '../content-version.ts';
import type { PostedAnswer } from '../front/front-answers.ts';

/** What the API tells the front thread of `npm start` on PGlite (server/front). */
export interface FrontFeed {
  /** an anonymous public read, as it is sent */
  answer(answer: PostedAnswer): void;
  /** every kind's version, read after a write of this process committed */
  versions(versions: KindVersions): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** versionWrites() when the request came in: another value at its answer means a write happened meanwhile */
    versionWritesAtStart: number;
  }
}

/** `stream` as it is, and its bytes to `whole` once it ended (never when it failed). */
function gathered(stream: Readable, whole: (body: Buffer) => void): Readable {
  const chunks: Buffer[] = [];
  const through = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      chunks.push(chunk);
      next(null, chunk);
    },
    flush(next) {
      whole(Buffer.concat(chunks));
      next();
    },
  });
  stream.on('error', (err) => through.destroy(err));
  return stream.pipe(through);
}

/**
 * Set by the front on every request it passes: only those answers are posted. The site's renderer and the commands beside a running server ask the back directly, and
 * their copies (a whole build's data, under an Accept-Encoding no browser sends) would only be
 * cloned across the threads and push the visitors' copies out of the front's memory.
 */
export const VIA_FRONT = 'x-via-front';

/** Writes made outside requests (the outbox's scheduled notices) reach the front within two of this. */
const OUTSIDE_WRITES_MS = 1000;

/**
 * Feeds the front: each public read's answer as it leaves (after compression: a route-level
 * onSend, added after @fastify/compress's), and the kinds' versions once a write committed,
 * before the write's own answer leaves, so a read sent after it is never answered from an older copy.
 */
async function frontFeed(app: FastifyInstance, { feed }: { feed: FrontFeed }) {
  const publish = async () => feed.versions(await readKindVersions(app.db));
  app.decorateRequest('versionWritesAtStart', 0);
  app.addHook('onReady', publish);
  app.addHook('onRequest', async (request) => {
    request.versionWritesAtStart = versionWrites();
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (versionWrites() !== request.versionWritesAtStart) await publish();
    return payload;
  });
  // Writes outside requests, and any whose transaction commits after its answer: read again at the
  // tick that counts a write and at the next, by when it has committed.
  let counted = versionWrites();
  let countedBefore = false;
  const timer = setInterval(() => {
    const changed = versionWrites() !== counted;
    if (changed || countedBefore) publish().catch((err: unknown) => app.log.warn({ err }, 'could not read the versions for the front'));
    countedBefore = changed;
    counted = versionWrites();
  }, OUTSIDE_WRITES_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.addHook('onRoute', (route) => {
    const cached = route.config?.publicCache;
    if (!cached || ![route.method].flat().includes('GET')) return;
    const kinds = cached.withRow ? [...cached.reads, cached.withRow.kind] : cached.reads;
    const post: onSendHookHandler = (request, reply, payload, done) => {
      const versions = request.contentVersions;
      if (!request.publicCacheKey || !versions || reply.statusCode !== 200 || request.headers[VIA_FRONT] === undefined)
        return done(null, payload);
      const send = (body: Buffer) =>
        feed.answer({
          url: request.url,
          acceptEncoding: request.headers['accept-encoding'] ?? '',
          depends: kinds.map((kind) => [kind, versions.get(kind) ?? 0]),
          headers: Object.entries(reply.getHeaders()).map(([name, value]) => [name, Array.isArray(value) ? value : String(value)]),
          body,
          etag: String(reply.getHeader('etag')),
          madeAt: Date.now(),
        });
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) send(typeof payload === 'string' ? Buffer.from(payload) : payload);
      // compression streams an answer above its sync threshold (8 KB on two cores), with readable-stream's
      // classes (not node:stream's): its bytes are gathered as they go out
      else if (typeof (payload as Readable | null)?.pipe === 'function') return done(null, gathered(payload as Readable, send));
      done(null, payload);
    };
    route.onSend = [...[route.onSend ?? []].flat(), post];
  });
}

export default fp(frontFeed, { name: 'front-feed' });
