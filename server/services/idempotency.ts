import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { conflict, HttpError } from '../errors.ts';

/** How long a key is remembered (the queue on the phone sends within that, or the student sees it failed). */
export const KEY_TTL = '24 hours';
export const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** A first request still "running" after this never finished (its connection or process died): its key is free again. */
export const PENDING_TTL = '2 minutes';

export interface StoredAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * Takes the key for this request: null when it is new (the request runs, then `remember` keeps its
 * answer), else the first request's answer. A key kept longer than KEY_TTL counts as new.
 */
export async function claimKey(db: Db, key: string, request: string): Promise<StoredAnswer | null> {
  await db
    .delete(idempotencyKeys)
    .where(
      or(
        lt(idempotencyKeys.created_at, sql`now() - ${KEY_TTL}::interval`),
        and(eq(idempotencyKeys.status, 0), lt(idempotencyKeys.created_at, sql`now() - ${PENDING_TTL}::interval`)),
      ),
    );
  const taken = await db.insert(idempotencyKeys).values({ key, request }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (taken.length) return null;
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  if (!row) return claimKey(db, key, request);
  if (row.request !== request) throw new HttpError(422, 'This Idempotency-Key was used for another request.');
  if (row.status === 0) throw conflict('The first request with this Idempotency-Key is still being handled: try again shortly.');
  return { status: row.status, contentType: row.content_type, body: row.body };
}

/**
 * Keeps the first successful answer. A refusal or failure frees the key instead, so a retry runs
 * the request again (a 429 or a 503 must not be the answer for 24 h; a 400 is simply given again).
 */
export async function rememberAnswer(db: Db, key: string, answer: StoredAnswer) {
  if (answer.status >= 400) {
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, 0)));
    return;
  }
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, content_type: answer.contentType.slice(0, 100), body: answer.body })
    .where(eq(idempotencyKeys.key, key));
}
