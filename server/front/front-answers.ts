import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ContentKind } from '../content-version.ts';
import { ENTRY_TTL_MS, etagMatches } from '../plugins/public-cache.ts';
import type { KindBoard } from './kind-board.ts';

/**
 * An anonymous public read as the API sent it (after compression), posted by the back thread for
 * the front to send again while the kinds it read are unchanged.
 */
export interface PostedAnswer {
  url: string;
  /** the caller's Accept-Encoding, which chose `body`'s encoding */
  acceptEncoding: string;
  /** the kinds the answer read, at the versions it was made from (a detail's own kind included) */
  depends: [ContentKind, number][];
  headers: [string, string | string[]][];
  body: Uint8Array;
  etag: string;
  /** when the API made it (Date.now()): it is kept as long as the API keeps its copy */
  madeAt: number;
}

/** Fastify sets these for the answer it sends; the rest of a posted answer's headers are sent as they were. */
const OWN_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
/** the bookkeeping of a kept answer besides its bytes and key, in bytes (roughly) */
const ENTRY_OVERHEAD = 400;

const keyOf = (url: string, acceptEncoding: string) => `${url}\u0000${acceptEncoding}`;

/**
 * The front thread's copies of the API's anonymous public reads, by address and Accept-Encoding,
 * bounded in bytes. A copy is sent only while every kind it read is at the version it was made
 * from (the KindBoard): a write that returned has raised its kinds, so the next read after it goes
 * to the API. Nothing here reads the database, so these answers never wait behind it.
 */
export class FrontAnswers {
  private readonly kept: LRUCache<string, PostedAnswer> | null;
  private readonly board: KindBoard;

  constructor(board: KindBoard, maxBytes: number) {
    this.board = board;
    this.kept =
      maxBytes > 0
        ? new LRUCache({ maxSize: maxBytes, sizeCalculation: (answer, key) => answer.body.byteLength + key.length + ENTRY_OVERHEAD })
        : null;
  }

  keep(answer: PostedAnswer) {
    const ttl = ENTRY_TTL_MS - (Date.now() - answer.madeAt);
    if (ttl > 0 && this.board.holds(answer.depends)) this.kept?.set(keyOf(answer.url, answer.acceptEncoding), answer, { ttl });
  }

  /** Sends the kept copy of an anonymous GET while its kinds are unchanged (a 304 when the caller has it); false: the API is to answer. */
  send(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'GET' || request.headers.authorization !== undefined || !this.kept) return false;
    const key = keyOf(request.url, request.headers['accept-encoding'] ?? '');
    const answer = this.kept.get(key);
    if (!answer) return false;
    if (!this.board.holds(answer.depends)) {
      this.kept.delete(key);
      return false;
    }
    for (const [name, value] of answer.headers) if (!OWN_HEADERS.has(name)) reply.header(name, value);
    if (etagMatches(request, answer.etag)) {
      reply.removeHeader('content-encoding');
      reply.removeHeader('content-type');
      void reply.code(304).send();
    } else void reply.send(Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength));
    return true;
  }
}
