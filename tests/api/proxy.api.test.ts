import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { buildTestApp, engines, freshIp, type TestApp } from './helpers.ts';

describe('TRUST_PROXY', () => {
  it('trusts no forwarded header unless set, else a hop count or a list of proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16 ,' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });
});

describe.each(engines)('client address and per-address limits on %s', (engine) => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.close();
  });

  /** The API on the same database with TRUST_PROXY as given, plus a route that shows request.ip. */
  async function apiWith(trustProxy: string | undefined) {
    const config = { ...t.app.config, trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy };
    const app = await buildApp({
      config,
      database: t.database,
      storage: t.app.storage,
      privateStorage: t.privateStorage,
      jwtSecret: 'test-secret-'.padEnd(40, 'x'),
    });
    app.get('/whoami', (request) => ({ ip: request.ip }));
    await app.ready();
    apps.push(app);
    return app;
  }
  const ipSeenBy = async (app: FastifyInstance, remoteAddress: string, forwardedFor: string) =>
    (await app.inject({ url: '/whoami', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } })).json().ip;
  /** Status codes of 31 failed logins (the per-address limit is 30), each through `forwardedFor(i)`. */
  const failedLogins = async (app: FastifyInstance, remoteAddress: string, forwardedFor: (i: number) => string) => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: `nobody-${i}@example.com`, password: 'wrong-password' },
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
      codes.push(res.statusCode);
    }
    return codes;
  };

  it('by default ignores X-Forwarded-For: the address is the peer', async () => {
    const app = await apiWith(undefined);
    expect(await ipSeenBy(app, '10.1.2.3', '203.0.113.7')).toBe('10.1.2.3');
  });

  it('by default a new X-Forwarded-For on each failed login does not escape the per-address limit', async () => {
    const codes = await failedLogins(t.app, freshIp(), (i) => `198.51.100.${i + 1}`);
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('with a hop count, takes the address the nearest proxy saw, so limits apply per client', async () => {
    const app = await apiWith('1');
    expect(await ipSeenBy(app, '10.0.0.1', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    const proxy = freshIp();
    const codes = await failedLogins(app, proxy, (i) => `203.0.113.${i + 1}`);
    expect(codes.every((c) => c === 401)).toBe(true);
    expect((await failedLogins(app, proxy, () => '203.0.113.200'))[30]).toBe(429);
  });

  it('with a list of proxies, believes the header only from those', async () => {
    const app = await apiWith('10.0.0.1, 192.168.0.0/16');
    expect(await ipSeenBy(app, '10.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeenBy(app, '192.168.4.5', '203.0.113.8')).toBe('203.0.113.8');
    expect(await ipSeenBy(app, '10.0.0.1', '203.0.113.9, 192.168.1.1')).toBe('203.0.113.9');
    expect(await ipSeenBy(app, '10.0.0.2', '203.0.113.7')).toBe('10.0.0.2');
  });
});
