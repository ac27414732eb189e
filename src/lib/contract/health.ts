import { z } from 'zod';

/** What the health probes answer (GET /api/health/live and /api/health/ready): machines read them, people debug with them. */
export const HEALTH_CHECKS = ['database', 'storage', 'private_storage', 'redis', 'site'] as const;

export const healthCheck = z.object({
  name: z.enum(HEALTH_CHECKS),
  /** skipped: not configured here (no Redis; no rebuild runner in this process) */
  status: z.enum(['ok', 'failed', 'skipped']),
  /** why it failed or was skipped, in a sentence; empty when ok */
  detail: z.string(),
  ms: z.number(),
});

export const healthLive = z.object({ status: z.literal('ok'), uptime_seconds: z.number() });

export const healthReady = z.object({ status: z.enum(['ok', 'failed']), checks: z.array(healthCheck) });

export type HealthCheck = z.infer<typeof healthCheck>;
export type HealthReady = z.infer<typeof healthReady>;

/** The Prometheus text exposition format (GET /api/metrics). */
export const metricsText = z.string().describe('Prometheus text exposition format 0.0.4');
