/**
 * `npm run bench:mixed`: reads while people write, as `npm start` runs it (API, rebuild runner and
 * site in one process), on PGlite and, when TEST_DATABASE_URL is set, on the PostgreSQL server.
 *
 * An open-loop load at a fixed rate (MIXED_RATE, default 100 requests a second, for MIXED_SECONDS,
 * default 60): each request is sent at its scheduled time whether or not earlier ones answered,
 * and its latency counts from that time. The mix of issue 25: 40% reads (API lists, a detail,
 * static pages), 20% pageviews, 15% applications, 12% inquiries, 8% forum replies, 5% forum
 * questions; callers spread over addresses (X-Forwarded-For, TRUST_PROXY=1) and 60 students, so
 * the rate limits refuse nothing a crowd would be allowed. Afterwards every acknowledged write is
 * looked for in the database. Writes bench/results/mixed.json: p50/p95/p99 per kind and per read
 * path, the rebuilds that ran, and the machine's load average before and after.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../server/db/index.ts';
import { openLoop } from './open-loop.ts';
import { consultancyApplications, forumQuestions, forumReplies, inquiries, pageviews } from '../server/db/schema/index.ts';
import { PROJECT_ROOT } from '../server/site/rebuild.ts';
import { scratchDatabase } from '../tests/api/helpers.ts';

const RATE = Number(process.env.MIXED_RATE ?? 100);
const SECONDS = Number(process.env.MIXED_SECONDS ?? 60);
const STUDENTS = 60;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';
/** the students' (the demo password is too short for a new account) */
const STUDENT_PASSWORD = 'bench-mixed-pass-9';
const tsx = path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

type Kind = 'read' | 'pageview' | 'application' | 'inquiry' | 'reply' | 'question';
const MIX: [Kind, number][] = [
  ['read', 40],
  ['pageview', 20],
  ['application', 15],
  ['inquiry', 12],
  ['reply', 8],
  ['question', 5],
];
const READS = ['/', '/consultancy/', '/forum/', '/api/consultancy/', '/api/university/', '/api/scholarship/', '/api/forum/questions/'];
const WORDS = 'visa ielts sydney tokyo nursing loan deadline hostel scholarship interview embassy bank intake toefl canada japan'.split(
  ' ',
);

interface Sample {
  kind: Kind;
  path: string;
  ms: number;
  status: number;
}
interface Written {
  table: 'pageview' | 'application' | 'inquiry' | 'reply' | 'question';
  marker: string;
}

const percentile = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]! : null;
const summary = (xs: number[]) => ({ n: xs.length, p50: percentile(xs, 50), p95: percentile(xs, 95), p99: percentile(xs, 99) });
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
const address = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const words = (n: number) => Array.from({ length: n }, () => WORDS[crypto.randomInt(WORDS.length)]).join(' ');
const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

/** `npm start` on a fresh data directory (and database): answers its address, its log so far, and a stop. */
async function startServer(databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mixed-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    TRUST_PROXY: '1',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [tsx, 'server/start.ts'], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { log: '' };
  child.stdout!.on('data', (chunk: Buffer) => (out.log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out.log += chunk.toString()));
  const started = Date.now();
  while (!/site built in/.test(out.log)) {
    if (Date.now() - started > 600_000 || child.exitCode !== null)
      throw new Error(`the server did not build the site:\n${out.log.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  };
  return { base: `http://127.0.0.1:${port}`, dataDir, out, stop };
}

/** Sends JSON (or a form) from a fresh address; answers the status and the parsed body. */
async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'x-forwarded-for': address() };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(base + url, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** Students who write in the forum (made by the admin), the ids the writes name. */
async function prepare(base: string) {
  const login = async (email: string, password = PASSWORD) =>
    String((await call(base, 'POST', '/api/auth/login/', { email, password })).json().access);
  const admin = await login('admin@example.com');
  const students: string[] = [];
  const tag = crypto.randomBytes(3).toString('hex');
  for (let i = 0; i < STUDENTS; i++) {
    const email = `bench-${tag}-${i}@example.com`;
    const made = await call(
      base,
      'POST',
      '/api/auth/users/create/',
      { email, password: STUDENT_PASSWORD, role: 'student', first_name: 'Bench', last_name: `Student ${i}` },
      admin,
    );
    if (made.status !== 201) throw new Error(`could not make a student: ${made.status} ${JSON.stringify(made.json())}`);
    students.push(await login(email, STUDENT_PASSWORD));
  }
  const first = async (url: string) => ((await call(base, 'GET', url)).json().results as { id: number }[]).map((r) => r.id);
  return {
    students,
    consultancies: await first('/api/consultancy/?page_size=20'),
    categories: await first('/api/forum/categories/'),
    questions: await first('/api/forum/questions/?page_size=20'),
    detail: `/api/consultancy/${(await first('/api/consultancy/?page_size=1'))[0]}/`,
  };
}

type Setup = Awaited<ReturnType<typeof prepare>>;

/** One request of `kind`: answers its path (for reads) and, for a write, what to look for afterwards. */
function request(
  base: string,
  kind: Kind,
  i: number,
  setup: Setup,
): { path: string; send: () => Promise<{ status: number; written?: Written }> } {
  const marker = `m${i}x${crypto.randomBytes(4).toString('hex')}`;
  const pick = <T>(xs: T[]) => xs[crypto.randomInt(xs.length)]!;
  const student = setup.students[i % setup.students.length]!;
  const wrote = (table: Written['table'], status: number) => ({ status, written: status < 300 ? { table, marker } : undefined });
  switch (kind) {
    case 'read': {
      const url = pick([...READS, setup.detail, '/api/course/?search=mba']);
      const send = async () => {
        const res = await fetch(base + url, { headers: { 'x-forwarded-for': address() } });
        await res.arrayBuffer();
        return { status: res.status };
      };
      return { path: url, send };
    }
    case 'pageview':
      return {
        path: 'POST /api/analytics/pageview/',
        send: async () =>
          wrote('pageview', (await call(base, 'POST', '/api/analytics/pageview/', { session_id: marker, path: '/consultancy/' })).status),
      };
    case 'inquiry': {
      const id = pick(setup.consultancies);
      const body = {
        name: 'Bench Student',
        email: `${marker}@example.com`,
        phone: '9841000000',
        message: marker,
        entity_type: 'consultancy',
        entity_id: id,
        consultancy: id,
      };
      return {
        path: 'POST /api/inquiry/submit/',
        send: async () => wrote('inquiry', (await call(base, 'POST', '/api/inquiry/submit/', body)).status),
      };
    }
    case 'application': {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        consultancy: String(pick(setup.consultancies)),
        full_name: 'Bench Applicant',
        email: `${marker}@example.com`,
        phone: '9841000000',
        message: marker,
      }))
        form.set(k, v);
      return {
        path: 'POST /api/consultancy-application/submit/',
        send: async () => wrote('application', (await call(base, 'POST', '/api/consultancy-application/submit/', form)).status),
      };
    }
    case 'reply': {
      const url = `/api/forum/questions/${pick(setup.questions)}/reply/`;
      return {
        path: 'POST /api/forum/questions/:id/reply/',
        send: async () => wrote('reply', (await call(base, 'POST', url, { body: `${marker} ${words(10)}` }, student)).status),
      };
    }
    case 'question': {
      const body = { title: `${words(4)} ${marker}?`, body: `${marker} ${words(12)}`, category: pick(setup.categories) };
      return {
        path: 'POST /api/forum/questions/',
        send: async () => wrote('question', (await call(base, 'POST', '/api/forum/questions/', body, student)).status),
      };
    }
  }
}

/** The kinds in the mix's proportions, shuffled: the same share of each in every second. */
function schedule(total: number): Kind[] {
  const kinds = Array.from({ length: total }, (_, i) => {
    let slot = (i * 100) / total;
    for (const [kind, share] of MIX) if ((slot -= share) < 0) return kind;
    return 'read' as Kind;
  });
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  return kinds;
}

/** Sends every request at its time (open loop); answers the samples and the acknowledged writes. */
async function run(base: string, setup: Setup) {
  const kinds = schedule(RATE * SECONDS);
  const requests = kinds.map((kind, i) => request(base, kind, i, setup));
  const answers = await openLoop(kinds.length, RATE, (i) => requests[i]!.send());
  const samples: Sample[] = [];
  const written: Written[] = [];
  /** requests that got no answer, by why (a connect timeout: the server's event loop was too busy to accept) */
  const failures: Record<string, number> = {};
  answers.forEach(({ ms, result }, i) => {
    if (result instanceof Error) {
      const why = (result as Error & { cause?: { code?: string } }).cause?.code ?? result.message;
      failures[why] = (failures[why] ?? 0) + 1;
    } else if (result.written) written.push(result.written);
    samples.push({ kind: kinds[i]!, path: requests[i]!.path, ms, status: result instanceof Error ? 0 : result.status });
  });
  return { samples, written, failures };
}

/** Looks for every acknowledged write in the database once the server stopped: answers those missing. */
async function missing(written: Written[], database: { url?: string; pgliteDir?: string }) {
  const db = await openDatabase(database);
  try {
    const found = new Set<string>();
    const markers = (table: Written['table']) => written.filter((w) => w.table === table).map((w) => w.marker);
    const add = (rows: { m: string | null }[]) => rows.forEach((r) => r.m && found.add(r.m.split(/[ ?]/)[0]!));
    add(
      await db.db
        .select({ m: pageviews.session_id })
        .from(pageviews)
        .where(inArray(pageviews.session_id, markers('pageview'))),
    );
    add(
      await db.db
        .select({ m: inquiries.message })
        .from(inquiries)
        .where(inArray(inquiries.message, markers('inquiry'))),
    );
    add(
      await db.db
        .select({ m: consultancyApplications.message })
        .from(consultancyApplications)
        .where(inArray(consultancyApplications.message, markers('application'))),
    );
    add(await db.db.select({ m: forumReplies.body }).from(forumReplies));
    add(await db.db.select({ m: forumQuestions.body }).from(forumQuestions));
    return written.filter((w) => !found.has(w.marker)).length;
  } finally {
    await db.close();
  }
}

function report(samples: Sample[]) {
  const by = <K extends string>(key: (s: Sample) => K) => {
    const groups: Record<string, number[]> = {};
    for (const s of samples) (groups[key(s)] ??= []).push(Math.round(s.ms));
    return Object.fromEntries(Object.entries(groups).map(([k, xs]) => [k, summary(xs)]));
  };
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const reads = samples.filter((s) => s.kind === 'read').map((s) => Math.round(s.ms));
  return {
    all: summary(samples.map((s) => Math.round(s.ms))),
    reads: summary(reads),
    per_kind: by((s) => s.kind),
    per_read_path: by((s) => (s.kind === 'read' ? s.path : 'writes')),
    statuses,
  };
}

async function engine(name: 'pglite' | 'postgres') {
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (name === 'postgres') {
    const scratch = await scratchDatabase('bench_mixed');
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  console.log(`${name}: starting the server and waiting for the first build…`);
  const server = await startServer(databaseUrl);
  try {
    const setup = await prepare(server.base);
    const loadBefore = load();
    const builtBefore = (server.out.log.match(/site (re)?built/g) ?? []).length;
    console.log(`${name}: ${RATE} requests a second for ${SECONDS} s…`);
    const { samples, written, failures } = await run(server.base, setup);
    const rebuilds = (server.out.log.match(/site (re)?built/g) ?? []).length - builtBefore;
    const loadAfter = load();
    await server.stop();
    const lost = await missing(written, databaseUrl ? { url: databaseUrl } : { pgliteDir: path.join(server.dataDir, 'pg') });
    // what the server logged as errors while loaded (a 500's cause)
    const errors = server.out.log
      .split('\n')
      .filter((line) => /"level":50|Error:/.test(line))
      .slice(0, 5);
    const result = {
      server_errors: errors,
      ...report(samples),
      failures,
      writes_acknowledged: written.length,
      writes_missing: lost,
      rebuilds,
      load_before: loadBefore,
      load_after: loadAfter,
    };
    console.log(name, JSON.stringify({ all: result.all, reads: result.reads, statuses: result.statuses, failures, lost, rebuilds }));
    return result;
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    await drop();
  }
}

const engines = (process.env.MIXED_ENGINES ?? (process.env.TEST_DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',') as (
  'pglite' | 'postgres'
)[];
const results: Record<string, unknown> = {};
for (const name of engines) results[name] = await engine(name);
const file = path.join(PROJECT_ROOT, 'bench', 'results', 'mixed.json');
const out = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
  load: { rate_per_s: RATE, seconds: SECONDS, mix: Object.fromEntries(MIX), open_loop: true, latency_from: 'the scheduled send time' },
  note: process.env.MIXED_NOTE ?? '',
  results,
};
fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`→ ${path.relative(PROJECT_ROOT, file)}`);
