import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { buildTestApp, closedPort, engines, freshIp, type TestApp } from './helpers.ts';

describe.each(engines)('rate limits with Redis down on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  let redis: Redis;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    // the client options of server/bootstrap.ts; lazyConnect only so the outage shows after the log spy is in place
    redis = new Redis(`redis://127.0.0.1:${await closedPort()}`, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    app = await buildApp({
      config: t.app.config,
      database: t.database,
      storage: t.app.storage,
      privateStorage: t.privateStorage,
      jwtSecret: 'test-secret-'.padEnd(40, 'x'),
      redis,
    });
    await app.ready();
  });
  afterAll(async () => {
    redis.disconnect();
    await app.close();
    await t.close();
  });

  it('lets requests through unlimited instead of failing, and logs the outage once', async () => {
    const logged = vi.spyOn(app.log, 'error');
    const remoteAddress = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: `nobody-${i}@example.com`, password: 'wrong-password' },
        remoteAddress,
      });
      codes.push(res.statusCode);
    }
    expect(codes.every((c) => c === 401)).toBe(true);
    const missing = await app.inject({ url: '/api/no-such-route/', remoteAddress });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBeDefined();
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
