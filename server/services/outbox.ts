import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { outboxMessages } from '../db/schema/index.ts';
import { OUTBOX_STATUSES } from '../../src/lib/contract/outbox.ts';
import { conflict, notFound } from '../errors.ts';
import type { Mail, Transport } from '../mail.ts';
import { containsAny, pageQuery, pageWindow } from './paging.ts';
import type { Runner } from './tx.ts';

/**
 * Writes messages into the outbox. Called with the transaction of the event that causes them, so
 * a message exists exactly when its event was committed; a key already there is left alone, so an
 * event replayed (a retried request) never queues its message twice.
 */
export async function enqueue(db: Runner, ...mails: Mail[]) {
  if (!mails.length) return;
  await db.insert(outboxMessages).values(mails).onConflictDoNothing({ target: outboxMessages.key });
}

export interface WorkerSettings {
  pollMs: number;
  leaseSeconds: number;
  retrySeconds: number;
  maxAttempts: number;
  /** messages claimed at once */
  batch?: number;
}

/** Seconds before attempt n+1 after n failed ones: doubling from retrySeconds, at most an hour. */
export const backoffSeconds = (attempts: number, retrySeconds: number) => Math.min(3600, retrySeconds * 2 ** Math.max(0, attempts - 1));

/** An SMTP server's 5xx answer is final (no such mailbox...): retrying cannot help. */
const permanent = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * One round: claims the due messages, delivers them one by one, and records each outcome. The
 * claim is one short statement (FOR UPDATE SKIP LOCKED: workers of several API instances take
 * different rows; PGlite's single connection is held only for it) that stamps a lease; delivery
 * happens outside any transaction; the outcome is written only while the claim is still ours.
 * A worker killed mid-delivery leaves its rows claimed: once the lease runs out another worker
 * takes them again (at least once), and the Message-ID from the key lets the receiver drop a repeat.
 */
export async function deliverDue(
  db: Runner,
  transport: Transport,
  settings: WorkerSettings,
  log: (err: unknown, key: string) => void = () => {},
  /** the worker is stopping: what is not begun yet is handed back at once rather than held until its lease runs out */
  stopping: () => boolean = () => false,
) {
  const claim = crypto.randomUUID();
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'pending'),
        lte(outboxMessages.next_attempt_at, sql`now()`),
        or(isNull(outboxMessages.lease_until), lt(outboxMessages.lease_until, sql`now()`)),
      ),
    )
    .orderBy(asc(outboxMessages.next_attempt_at), asc(outboxMessages.id))
    .limit(settings.batch ?? 10)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outboxMessages)
    .set({
      claim_id: claim,
      lease_until: sql`now() + make_interval(secs => ${settings.leaseSeconds})`,
      attempts: sql`${outboxMessages.attempts} + 1`,
      updated_at: sql`now()`,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
  // a delivery takes at most half the lease (see the SMTP timeouts in mail.ts): one is begun only
  // while it can end before the lease does, so no other worker can take a message still being sent
  const lastStart = Date.now() + (settings.leaseSeconds * 1000) / 2;
  const queue = claimed.sort((a, b) => a.id - b.id);
  for (const [i, message] of queue.entries()) {
    const ours = and(eq(outboxMessages.id, message.id), eq(outboxMessages.claim_id, claim));
    if (Date.now() > lastStart || stopping()) {
      // handed back untried, for this or another worker's next round
      const rest = queue.slice(i).map((m) => m.id);
      await db
        .update(outboxMessages)
        .set({ claim_id: null, lease_until: null, attempts: sql`${outboxMessages.attempts} - 1` })
        .where(and(inArray(outboxMessages.id, rest), eq(outboxMessages.claim_id, claim)));
      break;
    }
    try {
      const status = await transport.deliver(message);
      await db
        .update(outboxMessages)
        .set({ status, sent_at: sql`now()`, claim_id: null, lease_until: null, last_error: '', updated_at: sql`now()` })
        .where(ours);
    } catch (err) {
      log(err, message.key);
      const giveUp = permanent(err) || message.attempts >= settings.maxAttempts;
      const error = String((err as Error).message ?? err).slice(0, 2000);
      await db
        .update(outboxMessages)
        .set({
          status: giveUp ? 'failed' : 'pending',
          next_attempt_at: sql`now() + make_interval(secs => ${backoffSeconds(message.attempts, settings.retrySeconds)})`,
          claim_id: null,
          lease_until: null,
          last_error: error,
          updated_at: sql`now()`,
        })
        .where(ours);
    }
  }
  return claimed.length;
}

export interface Worker {
  /** a message was just committed: look now rather than at the next poll */
  kick(): void;
  stop(): Promise<void>;
}

/** How long a stopping worker waits for the delivery in flight (a process manager kills after about 10 s). */
const STOP_WAIT_MS = 5000;

/** How often a worker runs its sweep (messages no request causes: deadlines passing). */
export const SWEEP_MS = 10 * 60 * 1000;

/**
 * The loop every API instance runs: a round, then a pause of pollMs unless kicked or there was
 * work; every SWEEP_MS, first the sweep, which writes the messages of events no request causes.
 */
export function startWorker(app: FastifyInstance, transport: Transport, settings: WorkerSettings, sweep?: () => Promise<unknown>): Worker {
  let stopped = false;
  let lastSweep = 0;
  let wake: (() => void) | undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, settings.pollMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopped) {
      let busy = 0;
      try {
        if (sweep && Date.now() - lastSweep >= SWEEP_MS) {
          lastSweep = Date.now();
          await sweep();
        }
        busy = await deliverDue(
          app.db,
          transport,
          settings,
          (err, key) => app.log.warn({ err, key }, 'a message could not be delivered; it will be retried'),
          () => stopped,
        );
      } catch (err) {
        if (!stopped) app.log.error({ err }, 'the outbox worker could not read the outbox');
      }
      if (!busy && !stopped) await pause();
    }
  })();
  return {
    kick: () => wake?.(),
    /**
     * Lets a delivery in flight finish (at most STOP_WAIT_MS) and hands the rest of the batch back,
     * so another worker takes it at once; then closes the transport, which ends a delivery still
     * hanging: that one is retried once its lease runs out.
     */
    async stop() {
      stopped = true;
      wake?.();
      const waited = (ms: number) => Promise.race([loop, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
      await waited(STOP_WAIT_MS);
      transport.close();
      await waited(1000);
    },
  };
}

export const outboxQuery = z.strictObject({
  ...pageQuery,
  status: z.enum(OUTBOX_STATUSES, { error: `Use one of: ${OUTBOX_STATUSES.join(', ')}` }).optional(),
});

const listColumns = {
  id: outboxMessages.id,
  key: outboxMessages.key,
  to: outboxMessages.to,
  subject: outboxMessages.subject,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  next_attempt_at: outboxMessages.next_attempt_at,
  last_error: outboxMessages.last_error,
  sent_at: outboxMessages.sent_at,
  created_at: outboxMessages.created_at,
};

/** The admins' view of the outbox, newest first: what went to whom, and what failed and why. */
export async function listOutbox(db: Runner, q: z.infer<typeof outboxQuery>) {
  const where = and(
    q.status ? eq(outboxMessages.status, q.status) : undefined,
    q.search ? containsAny(q.search, [outboxMessages.to, outboxMessages.subject]) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(outboxMessages).where(where);
  const { limit, offset } = pageWindow(q);
  const results = await db
    .select(listColumns)
    .from(outboxMessages)
    .where(where)
    .orderBy(desc(outboxMessages.created_at), desc(outboxMessages.id))
    .limit(limit)
    .offset(offset);
  return { count: total!.n, results };
}

export async function getOutboxMessage(db: Runner, id: number) {
  const [row] = await db
    .select({ ...listColumns, text: outboxMessages.text, html: outboxMessages.html })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id));
  if (!row) throw notFound('Message not found.');
  return row;
}

/** A failed message goes back in line at once, with its attempts counted afresh. */
export async function retryOutboxMessage(db: Runner, id: number) {
  const [row] = await db
    .update(outboxMessages)
    .set({ status: 'pending', attempts: 0, next_attempt_at: sql`now()`, claim_id: null, lease_until: null, updated_at: sql`now()` })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'failed')))
    .returning({ id: outboxMessages.id });
  if (!row) {
    await getOutboxMessage(db, id);
    throw conflict('Only a failed message can be retried.');
  }
  return getOutboxMessage(db, id);
}
