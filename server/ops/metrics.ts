import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { OUTBOX_STATUSES } from '../../src/lib/contract/outbox.ts';
import type { Db } from '../db/index.ts';
import { rowsOf } from '../db/index.ts';
import { onRebuild } from '../site/scheduler.ts';

let processRegistry: Registry | undefined;
let frontAnswers: (() => Record<string, number>) | undefined;

/** npm start on PGlite: the front thread's count of what it answered itself (server/front/tally.ts), read at each scrape. */
export function countFrontAnswers(read: () => Record<string, number>) {
  frontAnswers = read;
}

/**
 * What belongs to the process rather than to an app: Node's own series and the site builds of the
 * rebuild runner. Made once per process (their event-loop and GC monitors are never stopped).
 */
function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const rebuilds = new Histogram({
    name: 'site_rebuild_duration_seconds',
    help: 'Site builds of this process, by mode (full, incremental, hook) and outcome',
    labelNames: ['mode', 'status'] as const,
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
    registers: [registry],
  });
  new Counter({
    name: 'front_answers_total',
    help: 'Requests the front thread of npm start on the embedded database answered itself, never reaching the API: page (a site file), answer (a kept public read), not_modified',
    labelNames: ['what'] as const,
    registers: [registry],
    collect() {
      if (!frontAnswers) return;
      this.reset();
      for (const [what, count] of Object.entries(frontAnswers())) this.inc({ what }, count);
    },
  });
  onRebuild((result) => {
    if (result.ms === undefined) return;
    rebuilds.observe({ mode: result.mode ?? (result.status === 'hooked' ? 'hook' : 'none'), status: result.status }, result.ms / 1000);
  });
  return (processRegistry = registry);
}

/**
 * The Prometheus metrics of one API instance: its requests in a registry of the app's own (two apps
 * in one process, as in tests, never count each other's), the process's series beside them.
 * Requests are labelled by route pattern, never by the address asked (ids and slugs would make a
 * series per row); what matched no route is `unmatched`.
 */
export function createMetrics(db: Db) {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  outboxGauges(registry, db);
  const all = Registry.merge([processMetrics(), registry]);

  return {
    contentType: all.contentType,
    /** the exposition text of every series, the outbox read from the database now */
    text: () => all.metrics(),
    /** onResponse: one observation per answered request */
    observe(request: FastifyRequest, reply: FastifyReply) {
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
    },
  };
}

/** The outbox as the database holds it, read at each scrape: shared by all instances, so any one's scrape tells it. */
function outboxGauges(registry: Registry, db: Db) {
  const state = async () =>
    rowsOf<{ status: string; count: number; oldest_seconds: number | null }>(
      await db.execute(sql`SELECT status, count(*)::int AS count,
        extract(epoch FROM now() - min(created_at))::float8 AS oldest_seconds
        FROM outbox_messages GROUP BY status`),
    );
  new Gauge({
    name: 'outbox_messages',
    help: 'Outbox messages by status: pending is the depth still to send, failed the ones given up on',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await state();
      for (const status of OUTBOX_STATUSES) this.set({ status }, rows.find((r) => r.status === status)?.count ?? 0);
    },
  });
  new Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest message still waiting to be sent (0 when none waits)',
    registers: [registry],
    async collect() {
      const rows = await state();
      this.set(rows.find((r) => r.status === 'pending')?.oldest_seconds ?? 0);
    },
  });
  new Gauge({
    name: 'outbox_retrying_messages',
    help: 'Pending messages whose delivery failed at least once (being retried)',
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ count: number }>(
        await db.execute(sql`SELECT count(*)::int AS count FROM outbox_messages WHERE status = 'pending' AND attempts > 0`),
      );
      this.set(row?.count ?? 0);
    },
  });
}

export type Metrics = ReturnType<typeof createMetrics>;
