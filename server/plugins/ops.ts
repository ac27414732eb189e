import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { HealthReady } from '../../src/lib/contract/health.ts';
import { checkReadiness } from '../ops/health.ts';
import { createMetrics, type Metrics } from '../ops/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the readiness checks (GET /api/health/ready) */
    readiness: () => Promise<HealthReady>;
    metrics: Metrics;
    /** where METRICS_PORT serves the metrics, once listening (null without it) */
    metricsAddress: () => AddressInfo | null;
  }
}

/** Readiness probes arriving together, or within this long of the last, share one run: a flood of probes writes no flood of files. */
export const READINESS_REUSE_MS = 1_000;

function sharedReadiness(run: () => Promise<HealthReady>) {
  let last: { at: number; result: Promise<HealthReady> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= READINESS_REUSE_MS) last = { at: now, result: run() };
    return last.result;
  };
}

/**
 * METRICS_PORT: the metrics on a port of their own, without auth, for a scraper on a private network
 * (the API's /api/metrics wants an admin's token).
 */
function metricsServer(app: FastifyInstance, port: number) {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    app.metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': app.metrics.contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be collected.\n');
      },
    );
  });
  app.addHook('onReady', () => new Promise<void>((resolve) => server.listen(port, app.config.host, resolve)));
  app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
  return () => (server.listening ? (server.address() as AddressInfo) : null);
}

/** Health checks and metrics: what a load balancer, an orchestrator and Prometheus ask an instance. */
export default fp(async function opsPlugin(app: FastifyInstance, options: { redis?: Redis }) {
  app.decorate(
    'readiness',
    sharedReadiness(() =>
      checkReadiness({
        db: app.db,
        storage: app.storage,
        privateStorage: app.privateStorage,
        redis: options.redis,
        siteStatus: app.siteStatus,
        log: (check, err) => app.log.warn({ err, check }, `readiness check ${check} failed`),
      }),
    ),
  );
  app.decorate('metrics', createMetrics(app.db));
  app.addHook('onResponse', async (request, reply) => app.metrics.observe(request, reply));
  const port = app.config.metricsPort;
  app.decorate('metricsAddress', port === undefined ? () => null : metricsServer(app, port));
});
