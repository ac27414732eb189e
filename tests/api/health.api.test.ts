import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { localStorage } from '../../server/storage/index.ts';
import { buildTestApp, closedPort, engines, type TestApp } from './helpers.ts';

const checkOf = (body: { checks: { name: string; status: string; detail: string }[] }, name: string) =>
  body.checks.find((c) => c.name === name);

describe.each(engines)('health probes on %s', (engine) => {
  let t: TestApp;
  const extra: FastifyInstance[] = [];
  /** Another app on the test's database, with some parts swapped (a broken store, Redis, a rebuild runner). */
  const variant = async (options: Partial<AppOptions>) => {
    const app = await buildApp({
      config: { ...t.app.config, outbox: { ...t.app.config.outbox, worker: false } },
      database: t.database,
      storage: t.app.storage,
      privateStorage: t.privateStorage,
      jwtSecret: 'test-secret-'.padEnd(40, 'x'),
      ...options,
    });
    await app.ready();
    extra.push(app);
    return app;
  };
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    for (const app of extra) await app.close();
    await t?.close();
  });

  it('live: 200 while the process answers, public and never cached', async () => {
    const res = await t.app.inject({ url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('ready: 200 naming each check; Redis and the site skipped when not configured here', async () => {
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.checks.map((c: { name: string }) => c.name)).toEqual(['database', 'storage', 'private_storage', 'redis', 'site']);
    expect(checkOf(body, 'database')!.status).toBe('ok');
    expect(checkOf(body, 'storage')!.status).toBe('ok');
    expect(checkOf(body, 'private_storage')!.status).toBe('ok');
    expect(checkOf(body, 'redis')).toMatchObject({ status: 'skipped', detail: 'REDIS_URL is not set' });
    expect(checkOf(body, 'site')!.status).toBe('skipped');
    // the probe's file is gone again: probes leave nothing behind in the stores
    const files = (dir: string): string[] =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { recursive: true, withFileTypes: true })
            .filter((d) => d.isFile())
            .map((d) => d.name)
        : [];
    expect(files(t.privateDir)).toEqual([]);
  });

  it('ready: 503 when the uploads cannot be written, naming the failing check', async () => {
    // a file where the uploads folder should be: no folder can be made in it, whoever runs the test (root too)
    const blocked = path.join(t.uploadsDir, '..', 'not-a-folder');
    fs.writeFileSync(blocked, 'x');
    const app = await variant({ storage: localStorage(path.join(blocked, 'uploads'), '/media') });
    const res = await app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.status).toBe('failed');
    expect(checkOf(body, 'storage')!.status).toBe('failed');
    // the code of the error, never its message: the answer is public, and the message names the folder
    expect(checkOf(body, 'storage')!.detail).toBe('ENOTDIR (the server log has the details)');
    expect(res.body).not.toContain(blocked);
    expect(checkOf(body, 'database')!.status).toBe('ok');
    // the process still answers: live says so while ready does not
    expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('ready: 503 when Redis is configured but unreachable', async () => {
    const redis = new Redis(`redis://127.0.0.1:${await closedPort()}`, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    try {
      const app = await variant({ redis });
      const res = await app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(checkOf(res.json(), 'redis')!.status).toBe('failed');
    } finally {
      redis.disconnect();
    }
  });

  it('ready: 200 with a reachable Redis', async () => {
    const redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    try {
      const app = await variant({ redis });
      const res = await app.inject({ url: '/api/health/ready' });
      expect(checkOf(res.json(), 'redis')!.status).toBe('ok');
      expect(res.statusCode).toBe(200);
    } finally {
      redis.disconnect();
    }
  });

  it('ready: 503 until the rebuild runner of this process has a live build, 200 once it has', async () => {
    let live: number | null = null;
    const app = await variant({ siteStatus: () => ({ live_version: live, live_at: null, building: true, pending: false }) });
    const before = await app.inject({ url: '/api/health/ready' });
    expect(before.statusCode).toBe(503);
    expect(checkOf(before.json(), 'site')).toMatchObject({ status: 'failed', detail: 'the site has not been built yet' });
    live = 1;
    await new Promise((resolve) => setTimeout(resolve, 1_050)); // past the reuse window of a readiness result
    const after = await app.inject({ url: '/api/health/ready' });
    expect(after.statusCode).toBe(200);
    expect(checkOf(after.json(), 'site')!.status).toBe('ok');
  });
});
