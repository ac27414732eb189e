import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/site/rebuild.ts';
import { multipart, samplePdf, scratchDatabase } from './helpers.ts';
import { startInbox, type Inbox } from './inbox.ts';

/**
 * Two `npm start` servers (the command a container runs) on one PostgreSQL database, one Redis and
 * one S3-compatible store (s3rver), sharing SITE_DIR, behind a round-robin proxy: what the README
 * promises for running at scale. Each step of the journey is served by the other instance than the
 * step before it, and the proxy says which one answered.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const runs = Boolean(process.env.TEST_DATABASE_URL && redisUrl);
const JWT_SECRET = crypto.randomBytes(32).toString('hex');
const BUCKET = 'uploads';

interface Instance {
  name: 'a' | 'b';
  port: number;
  child: ChildProcess;
  output: () => string;
}

/** Resolves once `check` answers true; fails with what the instances printed. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms: number, instances: Instance[]) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen within ${ms / 1000} s:\n${instances.map((i) => `--- ${i.name}\n${i.output()}`).join('\n')}`);
}

/** A proxy that sends each request to the next instance in turn and says which one answered (x-served-by). */
function roundRobin(instances: Instance[]) {
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = instances[next++ % instances.length]!;
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': target.name });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!runs)(
  'two instances behind a round-robin proxy',
  () => {
    const instances: Instance[] = [];
    let work: string;
    let s3: S3rver;
    let inbox: Inbox;
    let proxy: ReturnType<typeof roundRobin>;
    let base: string;
    let dropDatabase = async () => {};
    const direct = (instance: Instance, url: string, init?: RequestInit) => fetch(`http://127.0.0.1:${instance.port}${url}`, init);
    let lastServedBy = '';
    /** Through the proxy, which must have sent it to the other instance than the request before. */
    async function viaProxy(url: string, init?: RequestInit) {
      const response = await fetch(`${base}${url}`, init);
      const servedBy = response.headers.get('x-served-by') ?? '';
      expect(servedBy, `${init?.method ?? 'GET'} ${url}`).not.toBe(lastServedBy);
      lastServedBy = servedBy;
      return Object.assign(response, { servedBy });
    }
    const builds = (version: number) =>
      instances
        .flatMap((i) => i.output().split('\n'))
        .filter((line) => /site (re)?built.*\(content version (\d+)\)/.test(line) && line.includes(`content version ${version})`));

    beforeAll(async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'two-instances-'));
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: path.join(work, 's3'),
        configureBuckets: [{ name: BUCKET }],
      });
      const { port: s3Port } = await s3.run();
      inbox = await startInbox();
      const database = await scratchDatabase('two_instances');
      dropDatabase = database.drop;
      const redisDb = `${redisUrl!.replace(/\/\d*$/, '')}/9`;
      const redis = new Redis(redisDb);
      await redis.flushdb();
      redis.disconnect();

      const ports = await Promise.all([0, 1].map(() => freePort()));
      for (const [n, name] of (['a', 'b'] as const).entries()) {
        let output = '';
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
          cwd: PROJECT_ROOT,
          env: {
            ...process.env,
            NODE_ENV: 'development',
            PORT: String(ports[n]),
            HOST: '127.0.0.1',
            DATA_DIR: path.join(work, `data-${name}`),
            SITE_DIR: path.join(work, 'site'),
            DATABASE_URL: database.url,
            DATABASE_POOL_SIZE: '4',
            REDIS_URL: redisDb,
            JWT_SECRET,
            S3_BUCKET: BUCKET,
            S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
            S3_REGION: 'us-east-1',
            S3_ACCESS_KEY_ID: 'S3RVER',
            S3_SECRET_ACCESS_KEY: 'S3RVER',
            MEDIA_BASE_URL: `http://127.0.0.1:${s3Port}/${BUCKET}`,
            SMTP_URL: inbox.url,
            OUTBOX_POLL_MS: '200',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        instances.push({ name, port: ports[n]!, child, output: () => output });
      }
      // both started together: one migrates and seeds while the other waits, one builds the site
      const ready = (i: Instance) => direct(i, '/api/health/ready').then((r) => r.ok);
      await until(
        'both instances ready (migrated, seeded, the site built)',
        async () => (await ready(instances[0]!)) && (await ready(instances[1]!)),
        480_000,
        instances,
      );
      proxy = roundRobin(instances);
      base = `http://127.0.0.1:${await proxy.listen()}`;
    }, 540_000);

    afterAll(async () => {
      for (const instance of instances) instance.child.kill('SIGTERM');
      await Promise.all(
        instances.map((i) => new Promise((resolve) => (i.child.exitCode !== null ? resolve(null) : i.child.once('exit', resolve)))),
      );
      await proxy?.close();
      await inbox?.close();
      await s3?.close();
      await dropDatabase();
      fs.rmSync(work, { recursive: true, force: true });
    });

    const json = (body: unknown): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    it('built the first site once between them, and both serve it', async () => {
      const { content_version } = (await (await direct(instances[0]!, '/api/site/version/')).json()) as { content_version: number };
      expect(builds(content_version)).toHaveLength(1);
      for (const instance of instances) expect((await direct(instance, '/forum/')).status).toBe(200);
    });

    it('a sign-in on one is refreshed on the other, and the new access token works on the first', async () => {
      const login = await viaProxy('/api/auth/login/', json({ email: 'admin@example.com', password: 'demo1234' }));
      expect(login.status).toBe(200);
      const { refresh } = (await login.json()) as { refresh: string };
      const refreshed = await viaProxy('/api/auth/refresh/', json({ refresh }));
      expect(refreshed.status).toBe(200);
      const { access } = (await refreshed.json()) as { access: string };
      const me = await viaProxy('/api/auth/me/', { headers: { authorization: `Bearer ${access}` } });
      expect(me.status).toBe(200);
      expect(me.servedBy).toBe(login.servedBy);
    });

    it('counts rate limits across both: the eleventh failed sign-in for one address is refused, wherever it lands', async () => {
      const attempt = (n: number) => viaProxy('/api/auth/login/', json({ email: 'nobody@example.com', password: `wrong-${n}` }));
      // each instance has seen five: alone, neither would refuse the eleventh
      for (let n = 1; n <= 10; n++) expect((await attempt(n)).status).toBe(401);
      expect((await attempt(11)).status).toBe(429);
    });

    it('sends a mail queued on one instance once, though both run the outbox', async () => {
      const asked = await viaProxy('/api/auth/password-reset/', json({ email: 'admin@example.com' }));
      expect(asked.status).toBeLessThan(300);
      const mail = await inbox.next('admin@example.com');
      // both workers poll every 200 ms: a second delivery would come within a few polls
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(inbox.all.filter((m) => m.key === mail.key)).toHaveLength(1);
    });

    it('a content write on one is read at once on the other, and makes one site build that both serve', async () => {
      const [a, b] = instances as [Instance, Instance];
      const admin = await signIn(a);
      const list = (await (await direct(b, '/api/consultancy/?page_size=1')).json()) as { results: { id: number; slug: string }[] };
      const { id, slug } = list.results[0]!;
      const before = await direct(b, `/api/consultancy/${id}/`);
      const etag = before.headers.get('etag')!;
      const phone = `98${crypto.randomInt(10_000_000, 99_999_999)}`;
      const form = multipart({ phone });
      const updated = await direct(a, `/api/consultancy/${id}/update/`, {
        method: 'PATCH',
        headers: { ...admin, ...form.headers },
        body: form.payload,
      });
      expect(updated.status, await updated.clone().text()).toBe(200);

      const after = await direct(b, `/api/consultancy/${id}/`, { headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      expect(((await after.json()) as { phone: string }).phone).toBe(phone);

      const { content_version } = (await (await direct(a, '/api/site/version/')).json()) as { content_version: number };
      const serves = async (i: Instance) =>
        ((await (await direct(i, '/api/site/version/')).json()) as { live_version: number }).live_version === content_version;
      await until('both instances serving the new build', async () => (await serves(a)) && (await serves(b)), 120_000, instances);
      for (const instance of instances) expect(await (await direct(instance, `/consultancy/${slug}/`)).text()).toContain(phone);
      // the other instance's poll sees the same version; it finds the build made and builds nothing
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(builds(content_version)).toHaveLength(1);
    });

    it('a document uploaded through one is read through the other, from the shared store', async () => {
      const [a, b] = instances as [Instance, Instance];
      const list = (await (await direct(a, '/api/consultancy/?page_size=1')).json()) as { results: { id: number }[] };
      const form = multipart(
        { consultancy: String(list.results[0]!.id), full_name: 'Sita Gurung', email: 'sita.gurung@example.com', phone: '9812345678' },
        [{ field: 'documents', filename: 'transcript.pdf', type: 'application/pdf', data: samplePdf }],
      );
      const submitted = await direct(a, '/api/consultancy-application/submit/', {
        method: 'POST',
        headers: form.headers,
        body: form.payload,
      });
      expect(submitted.status, await submitted.clone().text()).toBe(201);
      const { tracking_code } = (await submitted.json()) as { tracking_code: string };

      const admin = await signIn(b);
      const applications = (await (await direct(b, '/api/consultancy-application/admin/?page_size=50', { headers: admin })).json()) as {
        results: { tracking_code: string; documents: { url: string }[] }[];
      };
      const document = applications.results.find((r) => r.tracking_code === tracking_code)!.documents[0]!;
      const file = await direct(b, document.url.replace(/^.*?\/api\//, '/api/'), { headers: admin });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(samplePdf)).toBe(true);
    });

    async function signIn(instance: Instance) {
      const login = await direct(instance, '/api/auth/login/', json({ email: 'admin@example.com', password: 'demo1234' }));
      expect(login.status).toBe(200);
      return { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
    }
  },
  600_000,
);

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = http.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
