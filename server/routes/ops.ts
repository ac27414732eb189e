import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthLive, healthReady, metricsText } from '../../src/lib/contract/health.ts';

const tags = ['operations'];

/**
 * The probes and the metrics. Their addresses are the ones probes and scrapers conventionally ask
 * (no trailing slash). A probe's answer is about this instance now: never cached anywhere.
 */
export default async function opsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/health/live', { schema: { tags, response: { 200: healthLive } }, config: { access: 'public' } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, uptime_seconds: Math.round(process.uptime()) };
  });

  app.get(
    '/health/ready',
    { schema: { tags, response: { 200: healthReady, 503: healthReady } }, config: { access: 'public' } },
    async (_request, reply) => {
      const result = await app.readiness();
      void reply.header('cache-control', 'no-store').code(result.status === 'ok' ? 200 : 503);
      return result;
    },
  );

  app.get('/metrics', { schema: { tags, response: { 200: metricsText } }, config: { access: ['admin'] } }, async (_request, reply) => {
    const text = await app.metrics.text();
    void reply.type(app.metrics.contentType);
    return text;
  });
}
