import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { HealthCheck, HealthReady } from '../../src/lib/contract/health.ts';
import type { Db } from '../db/index.ts';
import type { Storage } from '../storage/index.ts';

export interface ReadinessDeps {
  db: Db;
  storage: Storage;
  privateStorage: Storage;
  /** only when REDIS_URL is set */
  redis?: Redis;
  /** the rebuild runner's status; null when this process has none (start:api, a CDN-built site) */
  siteStatus: () => { live_version: number | null } | null;
  /** where a failing check's error goes whole (the answer is public: it names only the error's code) */
  log: (check: HealthCheck['name'], error: unknown) => void;
}

/** A probe that hangs (a stalled database, a black-holed bucket) is a failure, not a hung probe. */
export const CHECK_TIMEOUT_MS = 2_000;

type Outcome = { status: 'ok' } | { status: 'failed' | 'skipped'; detail: string };

/** An error as the public answer says it: its code (ENOTDIR, ECONNREFUSED, NoSuchBucket), never paths, hosts or stacks. */
const publicDetail = (error: unknown) => {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return `${typeof code === 'string' ? code : typeof name === 'string' ? name : 'Error'} (the server log has the details)`;
};

async function timed(name: HealthCheck['name'], run: () => Promise<Outcome>, log: ReadinessDeps['log']): Promise<HealthCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'failed', detail: `no answer within ${CHECK_TIMEOUT_MS} ms` }), CHECK_TIMEOUT_MS);
  });
  const outcome = await Promise.race([
    run().catch((error: unknown): Outcome => {
      log(name, error);
      return { status: 'failed', detail: publicDetail(error) };
    }),
    timeout,
  ]);
  clearTimeout(timer);
  const ms = Math.round((performance.now() - started) * 10) / 10;
  return { name, status: outcome.status, detail: outcome.status === 'ok' ? '' : outcome.detail, ms };
}

/**
 * A store is ready when a file goes in, comes back the same and goes away. The bytes are unique to
 * the probe, so two instances probing one bucket never remove each other's file or a real one.
 */
async function probeStorage(storage: Storage): Promise<Outcome> {
  const data = Buffer.from(`health probe ${process.pid} ${crypto.randomUUID()}\n`);
  const ref = await storage.put(data, 'txt', 'text/plain');
  try {
    const back = await storage.read(ref);
    return back?.equals(data) ? { status: 'ok' } : { status: 'failed', detail: 'a file written could not be read back' };
  } finally {
    await storage.remove(ref);
  }
}

function siteBuilt(siteStatus: ReadinessDeps['siteStatus']): Outcome {
  const status = siteStatus();
  if (!status) return { status: 'skipped', detail: 'no rebuild runner in this process (the site is built elsewhere)' };
  return status.live_version === null ? { status: 'failed', detail: 'the site has not been built yet' } : { status: 'ok' };
}

/** Every readiness check, run side by side; ready when none failed. */
export async function checkReadiness(deps: ReadinessDeps): Promise<HealthReady> {
  const { redis, log } = deps;
  const checks = await Promise.all([
    timed(
      'database',
      async () => {
        await deps.db.execute(sql`SELECT 1`);
        return { status: 'ok' };
      },
      log,
    ),
    timed('storage', () => probeStorage(deps.storage), log),
    timed('private_storage', () => probeStorage(deps.privateStorage), log),
    timed(
      'redis',
      async () => {
        if (!redis) return { status: 'skipped', detail: 'REDIS_URL is not set' };
        await redis.ping();
        return { status: 'ok' };
      },
      log,
    ),
    timed('site', async () => siteBuilt(deps.siteStatus), log),
  ]);
  return { status: checks.some((c) => c.status === 'failed') ? 'failed' : 'ok', checks };
}
