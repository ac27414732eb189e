/**
 * `npm run bench:live [-- --scale 4500] [-- --writes 20]`: how long an admin's change takes to be
 * live on the public site, as `npm start` runs it (API, rebuild runner and site in one process).
 *
 * Starts `server/start.ts` on a fresh DATA_DIR (the demo content, plus `--scale N` consultancies and
 * courses for a ~16k-page site), waits for the first build, then makes `--writes` changes through
 * the API as an admin, alternating an update (a consultancy's phone, on its page) and a create (a new
 * destination, a new page), one after the other. For each it measures the time from the write's
 * response to the public page serving the changed text (polled every 50 ms). Writes
 * bench/results/live.json (or live-<scale>.json).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../server/site/rebuild.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '0' },
    writes: { type: 'string', default: '20' },
    keep: { type: 'boolean', default: false },
  },
});
const scale = Number(values.scale);
const writes = Number(values.writes);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-'));
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
const tsx = path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

if (scale > 0) {
  console.log(`seeding the demo content plus ${scale} consultancies and courses…`);
  const r = spawnSync(process.execPath, [tsx, 'server/db/seed/cli.ts', '--scale', String(scale)], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('seed failed');
}

const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [tsx, 'server/start.ts'], {
  cwd: PROJECT_ROOT,
  env: { ...env, PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let log = '';
server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));

const until = async (what: string, test: () => Promise<boolean>, timeoutMs: number, everyMs = 50) => {
  const started = performance.now();
  while (!(await test().catch(() => false))) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return performance.now() - started;
};
const page = async (pagePath: string) => {
  const res = await fetch(base + pagePath);
  return res.ok ? res.text() : '';
};
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

try {
  const firstBuildMs = await until('the first build', async () => /site built in/.test(log), 600_000, 200);
  const login = (await (
    await fetch(`${base}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: process.env.DEMO_PASSWORD ?? 'demo1234' }),
    })
  ).json()) as { access: string };
  const auth = { Authorization: `Bearer ${login.access}` };
  const [consultancy] = (
    (await (await fetch(`${base}/api/consultancy/?page_size=1`)).json()) as { results: { id: number; slug: string }[] }
  ).results;

  const samples: { kind: 'update' | 'create'; ms: number }[] = [];
  for (let i = 0; i < writes; i++) {
    const tag = `${Date.now().toString(36)}${i}`;
    let check: () => Promise<boolean>;
    let kind: 'update' | 'create';
    if (i % 2 === 0) {
      kind = 'update';
      const phone = `98${String(Date.now() % 100_000_000).padStart(8, '0')}`;
      const form = new FormData();
      form.set('phone', phone);
      const res = await fetch(`${base}/api/consultancy/${consultancy!.id}/update/`, { method: 'PATCH', headers: auth, body: form });
      if (!res.ok) throw new Error(`update failed: ${res.status} ${await res.text()}`);
      check = async () => (await page(`/consultancy/${consultancy!.slug}/`)).includes(phone);
    } else {
      kind = 'create';
      const form = new FormData();
      form.set('name', `Live probe ${tag}`);
      const res = await fetch(`${base}/api/destination/create/`, { method: 'POST', headers: auth, body: form });
      if (!res.ok) throw new Error(`create failed: ${res.status} ${await res.text()}`);
      const { slug } = (await res.json()) as { slug: string };
      check = async () => (await page(`/destination/${slug}/`)).includes(`Live probe ${tag}`);
    }
    const ms = Math.round(await until(`write ${i + 1} to be live`, check, 120_000));
    samples.push({ kind, ms });
    console.log(`${kind} ${i + 1}/${writes}: live after ${ms} ms`);
  }
  const all = samples.map((s) => s.ms);
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    dataset: scale > 0 ? `demo + ${scale} consultancies and ${scale} courses` : 'demo',
    first_build_ms: Math.round(firstBuildMs),
    writes: samples.length,
    write_to_visible_ms: { median: percentile(all, 50), p95: percentile(all, 95), max: Math.max(...all) },
    goal: scale > 0 ? 'p95 at most 15 000 ms at 16k pages' : 'p95 at most 5 000 ms at the demo size',
    samples,
  };
  const file = path.join(PROJECT_ROOT, 'bench', 'results', scale > 0 ? `live-${scale}.json` : 'live.json');
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result.write_to_visible_ms), `→ ${path.relative(PROJECT_ROOT, file)}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  if (!values.keep) fs.rmSync(dataDir, { recursive: true, force: true });
}
