import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { Scheduler } from '../../server/site/scheduler.ts';
import { buildTestApp, engines, expectErrorShape, tokenFor, type TestApp } from './helpers.ts';

/** A port free right now, for METRICS_PORT. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The value of one series in Prometheus text, by its name and labels as written. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe.each(engines)('metrics on %s', (engine) => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = (await tokenFor(t, 'admin')).auth;
    // two messages waiting (the oldest ten minutes) and one given up on; none due, so the worker leaves them
    await t.database.db
      .execute(sql`INSERT INTO outbox_messages (key, "to", subject, text, html, status, attempts, next_attempt_at, created_at) VALUES
      ('m-old', 'a@example.com', 's', 't', 'h', 'pending', 2, now() + interval '1 hour', now() - interval '10 minutes'),
      ('m-new', 'b@example.com', 's', 't', 'h', 'pending', 0, now() + interval '1 hour', now()),
      ('m-failed', 'c@example.com', 's', 't', 'h', 'failed', 8, now(), now())`);
  });
  afterAll(() => t?.close());

  it('an anonymous caller gets 401, a signed-in non-admin 403', async () => {
    const anonymous = await t.app.inject({ url: '/api/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expectErrorShape(anonymous.json());
    const student = await tokenFor(t, 'student');
    expect((await t.app.inject({ url: '/api/metrics', headers: student.auth })).statusCode).toBe(403);
  });

  it('an admin gets Prometheus text with requests by route pattern and status, latency, the outbox and rebuilds', async () => {
    // requests to count: a detail by its pattern (never the address with its id), and a miss
    await t.app.inject({ url: '/api/destination/999999/' });
    await t.app.inject({ url: '/api/destination/999998/' });
    await t.app.inject({ url: '/api/no-such-thing/' });
    // a build finished in this process: the scheduler reports every result (builds are the process's, counted from here)
    const builds = async () => {
      const text = (await t.app.inject({ url: '/api/metrics', headers: admin })).body;
      const series = 'site_rebuild_duration_seconds_%{mode="incremental",status="built"}';
      return { sum: sample(text, series.replace('%', 'sum')) ?? 0, count: sample(text, series.replace('%', 'count')) ?? 0 };
    };
    const before = await builds();
    const scheduler = new Scheduler({
      readVersion: async () => 7,
      builtVersion: () => null,
      lastStart: () => 0,
      build: async (version) => ({ status: 'built', mode: 'incremental', version, ms: 1_500 }),
      debounceMs: 0,
      maxAgeMs: 1,
      pollMs: 1_000,
      now: Date.now,
      log: () => {},
    });
    await scheduler.check(true);

    const res = await t.app.inject({ url: '/api/metrics', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(sample(text, 'http_requests_total{method="GET",route="/api/destination/:id/",status="404"}')).toBe(2);
    expect(text).not.toMatch(/route="[^"]*999999/);
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/destination/:id/",status="404"}')).toBe(2);
    const after = await builds();
    expect(after.sum - before.sum).toBe(1.5);
    expect(after.count - before.count).toBe(1);
    expect(sample(text, 'outbox_messages{status="pending"}')).toBe(2);
    expect(sample(text, 'outbox_messages{status="failed"}')).toBe(1);
    expect(sample(text, 'outbox_retrying_messages')).toBe(1);
    const age = sample(text, 'outbox_oldest_pending_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(700);
    // the process's own series too (memory, CPU, event loop)
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('METRICS_PORT serves them on a port of their own, for a scraper on a private network', async () => {
    const port = await freePort();
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({
        config: { ...t.app.config, host: '127.0.0.1', metricsPort: port, outbox: { ...t.app.config.outbox, worker: false } },
        database: t.database,
        storage: t.app.storage,
        privateStorage: t.privateStorage,
        jwtSecret: 'test-secret-'.padEnd(40, 'x'),
      });
      await app.ready();
      expect(app.metricsAddress()?.port).toBe(port);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(sample(await res.text(), 'outbox_messages{status="pending"}')).toBe(2);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await app?.close();
    }
    // closed with the app
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
