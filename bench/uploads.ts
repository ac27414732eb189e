/**
 * `npm run bench:uploads`: what hostile image uploads cost everyone else.
 *
 * Starts the API (PGlite with the demo content, in a child process, as `npm start` runs it), then
 * measures the latency of an ordinary public call (GET /api/destination/, 4 at a time) for a while
 * alone and a while during four attackers, each sending application forms as fast as they can
 * from a new address every time (TRUST_PROXY=1, X-Forwarded-For), so that the per-address limit on
 * submissions does not stop them and only the pixel budgets and the decode limit are measured:
 * - `bombs`: twenty 7000x7000 1-bit PNGs of 6 KB each per form (refused from their headers);
 * - `budget`: real images just inside the per-request budget (twenty 2236x2236 PNGs, 100 MP), the
 *   most decoding one anonymous form may ask for.
 * Writes bench/results/uploads.json.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { MAX_REQUEST_PIXELS } from '../server/uploads.ts';
import { PROJECT_ROOT } from '../server/site/rebuild.ts';
import { multipart, pngHeaderOnly } from '../tests/api/helpers.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    out: { type: 'string', default: path.join(PROJECT_ROOT, 'bench/results/uploads.json') },
  },
});
const SECONDS = Number(values.seconds);
const ATTACKERS = 4;

async function startApi(): Promise<{ base: string; stop: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  const siteDir = path.join(dataDir, 'site');
  fs.mkdirSync(siteDir);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'tests/e2e/setup-server.ts')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, SITE_DIR: siteDir, PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'warn', TRUST_PROXY: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/READY (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: sorted.length,
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    max_ms: round(sorted.at(-1)!),
  };
};

/** Ordinary calls, 4 at a time, until `until`; their latencies. */
async function ordinaryCalls(base: string, until: number): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const res = await fetch(`${base}/api/destination/`);
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

let address = 0;
/** One attacker: forms as fast as the server answers them, each from a new address. */
async function attacker(
  base: string,
  body: { payload: Buffer; headers: Record<string, string> },
  until: number,
  statuses: Record<number, number>,
  durations: number[],
) {
  while (Date.now() < until) {
    address += 1;
    const started = performance.now();
    const res = await fetch(`${base}/api/consultancy-application/submit/`, {
      method: 'POST',
      body: new Uint8Array(body.payload),
      headers: { ...body.headers, 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
    });
    await res.arrayBuffer();
    durations.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
}

async function scenario(base: string, name: string, body: { payload: Buffer; headers: Record<string, string> } | null) {
  const until = Date.now() + SECONDS * 1000;
  const statuses: Record<number, number> = {};
  const durations: number[] = [];
  const [latencies] = await Promise.all([
    ordinaryCalls(base, until),
    ...(body ? Array.from({ length: ATTACKERS }, () => attacker(base, body, until, statuses, durations)) : []),
  ]);
  const result = { ordinary: summary(latencies), ...(body ? { hostile: { ...summary(durations), statuses } } : {}) };
  console.log(name, JSON.stringify(result));
  return result;
}

const api = await startApi();
try {
  const [consultancy] = ((await (await fetch(`${api.base}/api/consultancy/?page_size=1`)).json()) as { results: { id: number }[] }).results;
  const fields = {
    consultancy: String(consultancy!.id),
    full_name: 'Bench Mark',
    email: 'bench@example.com',
    phone: '9800000000',
    preferred_intake: 'February 2027',
  };
  const side = Math.floor(Math.sqrt(MAX_REQUEST_PIXELS / 20));
  const real = await sharp({ create: { width: side, height: side, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png({ palette: true, colours: 2 })
    .toBuffer();
  const bombs = multipart(
    fields,
    Array.from({ length: 20 }, (_, i) => ({
      field: 'documents',
      filename: `bomb-${i}.png`,
      type: 'image/png',
      data: pngHeaderOnly(7000, 7000),
    })),
  );
  const budget = multipart(
    fields,
    Array.from({ length: 20 }, (_, i) => ({ field: 'documents', filename: `scan-${i}.png`, type: 'image/png', data: real })),
  );
  await scenario(api.base, 'warm-up', null);
  const results = {
    when: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`.trim(),
    seconds_per_scenario: SECONDS,
    attackers: ATTACKERS,
    alone: await scenario(api.base, 'alone', null),
    bombs: {
      file: `7000x7000 1-bit PNG, ${pngHeaderOnly(7000, 7000).length} B, 20 per form`,
      ...(await scenario(api.base, 'bombs', bombs)),
    },
    budget: {
      file: `${side}x${side} PNG, ${real.length} B, 20 per form (${((20 * side * side) / 1e6).toFixed(0)} MP)`,
      ...(await scenario(api.base, 'budget', budget)),
    },
  };
  fs.writeFileSync(values.out!, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${values.out}`);
} finally {
  api.stop();
}
