/**
 * `npm run bench:api`: the public read API against a bare node:http handler running the same SQL.
 *
 *   npm run bench:api [-- --scale 100000 --connections 10 --warmup 5 --duration 10 --rounds 3]
 *
 * 1. Database: BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL → the database `bench_api` on
 *    that server (created when missing); none → PGlite in bench/tmp/pglite. The scale dataset is
 *    loaded once (skipped when the table already holds --scale rows), then VACUUM ANALYZE.
 * 2. The API (buildApp, logger off) and the bare handler (bench/servers.ts) each start in their
 *    own child process, so neither shares an event loop with autocannon (which runs here).
 * 3. Every scenario: warm-up on both, then --rounds rounds on both, alternating which goes first.
 * 4. Prints the medians and the api/bare ratios; writes bench/results/api.json and the query
 *    plans of every scenario's statements to bench/results/api-explain.txt.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../server/db/index.ts';
import { serverEntity } from '../server/entities/registry.ts';
import { localStorage } from '../server/storage/index.ts';
import { databaseExec, postgresExec, type ServerOptions } from './servers.ts';
import { openLoop } from './open-loop.ts';
import { consultancySearches, courseSearches, siteSearches } from './search-queries.ts';
import { detailShape, fill, listShape, type Template } from './shapes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '5' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    pool: { type: 'string', default: '10' },
    /** comma-separated search terms (default: real words from the data and a typo) */
    search: { type: 'string', default: 'kathmandu,kathmadu,pokhara,everest,australia,sydney' },
    /** terms that match few rows (about 2%), for the search-narrow scenario */
    'search-narrow': { type: 'string', default: 'sakura,oxfrd,sagarmatha,sydney' },
    /** requests per round of a varied-search scenario (search-courses, search-consultancies, search-site); the warm-up asks a third as many; every request is a new query */
    'varied-requests': { type: 'string', default: '3000' },
    /** varied searches are also sent at this fixed rate, one every 1/rate s in an open loop (bench/open-loop.ts): the wait of a student when the server is not saturated */
    'search-pace': { type: 'string', default: '20' },
    /** requests per paced round (at 20 a second, 600 take 30 s) */
    'paced-requests': { type: 'string', default: '600' },
    /** only these scenarios (comma-separated names) */
    only: { type: 'string' },
    /** bare handler without prepared statements (as drizzle runs them) */
    'bare-unprepared': { type: 'boolean', default: false },
    /** bare handler: allow generic plans for its prepared statements (default: force_custom_plan, as the API plans) */
    'bare-generic-plans': { type: 'boolean', default: false },
    /** experiment: the API with every statement prepared (see bench/servers.ts) */
    out: { type: 'string', default: path.join(here, 'results', 'api.json') },
    /** database created on the configured server */
    'db-name': { type: 'string', default: 'bench_api' },
  },
});

const SCALE = Number(args.scale);
const CONNECTIONS = Number(args.connections);
const WARMUP = Number(args.warmup);
const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const POOL = Number(args.pool);
const ENTITY = 'consultancy';
const terms = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const SEARCH_TERMS = terms(args.search!);
const NARROW_TERMS = terms(args['search-narrow']!);
/** The goals hold at this many rows. */
const GOAL_ROWS = 100_000;
/**
 * Issue 25, with the cache on: the API's req/s at least so many times the bare handler's; repeated
 * reads (list, detail, a search asked again) 3 x, varied searches (none repeated) 0.9 x.
 */
const BARE_GOAL: Record<string, number> = {
  list: 3,
  'list-deep': 3,
  search: 3,
  'search-narrow': 3,
  detail: 3,
  'search-consultancies': 0.9,
};
/** The `detail` scenario's consultancies: the ones students open, each asked many times in a round. */
const POPULAR_DETAILS = 1_000;
/** `count` of `items`, drawn without repeats by `next`. */
function sample<T>(items: T[], count: number, next: () => number): T[] {
  const pool = [...items];
  for (let i = 0; i < Math.min(count, pool.length); i++) {
    const j = i + Math.floor(next() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}
/** Issue 24: p95 of a list's ?search= and of the site's search, with varied queries at 100k rows; issue 25: varied search vs bare. */
const SEARCH_GOAL = { list_p95_ms: 50, site_p95_ms: 80, bare_ratio: BARE_GOAL['search-consultancies']! };
const VARIED = { round: Number(args['varied-requests']), warmup: Math.ceil(Number(args['varied-requests']) / 3) };
/**
 * Varied searches at a fixed rate, well under what the server answers: at 10 connections kept busy
 * a request's latency is mostly its wait behind the other nine (about connections / req/s), so the
 * p95 of a search itself is measured paced, beside the saturated runs' req/s and latency: evenly
 * spaced (until stop 37 autocannon's overallRate sent each second's share in bursts of 10, so the
 * paced p95 was mostly the wait behind the burst).
 */
const PACED = { rate: Number(args['search-pace']), requests: Number(args['paced-requests']) };

const log = (line: string) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------
// 1. Database

function serverUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

/** The URL of the dedicated `bench_api` database on the configured server, created when missing. */
async function benchDatabaseUrl(base: string): Promise<string> {
  const url = new URL(base);
  const name = args['db-name']!;
  if (!/^\w+$/.test(name)) throw new Error(`bad --db-name ${name}`);
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!exists) {
      await admin.unsafe(`create database ${name}`);
      log(`created database ${name}`);
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
  url.pathname = `/${name}`;
  return url.toString();
}

const countRows = async (database: Database, table: string) =>
  rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

function progressBar(label: string) {
  let last = 0;
  return (done: number, total: number) => {
    const now = Date.now();
    if (now - last < 1000 && done < total) return;
    last = now;
    const width = 30;
    const filled = Math.round((done / Math.max(total, 1)) * width);
    process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${done >= total ? '\n' : ''}`);
  };
}

/** Migrated database with at least SCALE consultancies, analyzed. */
async function prepareDatabase(target: { url?: string; pgliteDir?: string }): Promise<{ database: Database; loadSeconds: number | null }> {
  const database = await openDatabase({ ...target, poolSize: 2 });
  let loadSeconds: number | null = null;
  const have = await countRows(database, 'consultancies');
  if (have >= SCALE) {
    log(`dataset present: ${have} consultancies (>= ${SCALE}), not loading`);
  } else {
    const started = Date.now();
    log(`loading the scale dataset (${SCALE} rows; ${have} present)…`);
    const { seedDemo } = await import('../server/db/seed/demo.ts');
    const storage = localStorage(path.join(here, 'tmp', 'uploads'), '/media');
    await seedDemo(database.db, storage, {
      password: 'bench-demo-password',
      production: false,
      privateStorage: localStorage(path.join(here, 'tmp', 'private')),
    });
    const afterDemo = await countRows(database, 'consultancies');
    if (afterDemo < SCALE) {
      const { seedScale } = await import('../server/db/seed/scale.ts');
      await seedScale(database.db, SCALE - afterDemo, progressBar('seed'));
    }
    loadSeconds = Math.round((Date.now() - started) / 1000);
    log(`loaded in ${loadSeconds} s`);
  }
  // VACUUM as well: a freshly bulk-loaded table has no visibility map yet (no index-only scans),
  // a state autovacuum ends within minutes in production.
  log('VACUUM ANALYZE…');
  await database.db.execute(sql.raw('VACUUM ANALYZE'));
  return { database, loadSeconds };
}

// ---------------------------------------------------------------------------------------------
// 2. Servers

interface Servers {
  api: string;
  bare: string;
  /** CPU time (user + system, ms) the process serving `which` has used so far */
  cpu(which: 'api' | 'bare'): Promise<number>;
  /** the bare handler records ahead the statements of these list searches (bench/shapes.ts searchRecorder) */
  record(queries: string[]): Promise<void>;
  stop(): void;
}

let cpuAsk = 0;
let recordAsk = 0;
const recordOn = (child: ChildProcess, queries: string[]) =>
  new Promise<void>((resolve) => {
    const id = ++recordAsk;
    const onMessage = (message: { recorded?: number }) => {
      if (message.recorded !== id) return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.send({ record: id, queries });
  });
const cpuOf = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    const id = ++cpuAsk;
    const onMessage = (message: { cpu?: number; usage?: NodeJS.CpuUsage }) => {
      if (message.cpu !== id) return;
      child.off('message', onMessage);
      resolve((message.usage!.user + message.usage!.system) / 1000);
    };
    child.on('message', onMessage);
    child.send({ cpu: id });
  });

function startChild(
  mode: 'api' | 'bare' | 'both',
  options: ServerOptions,
): Promise<{ child: ChildProcess; ready: { api?: number; bare?: number } }> {
  // BENCH_CPU_PROF=<dir>: V8 CPU profiles of the server processes, written when they exit.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const child = fork(path.join(here, 'servers.ts'), [mode, JSON.stringify(options)], {
    execArgv: ['--import', 'tsx', ...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    cwd: root,
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { ready: { api?: number; bare?: number } }) => resolve({ child, ready: message.ready }));
    child.once('exit', (code) => reject(new Error(`bench/servers.ts ${mode} exited with ${code}`)));
  });
}

async function startServers(target: { url?: string; pgliteDir?: string }): Promise<Servers> {
  const options: ServerOptions = {
    ...target,
    poolSize: POOL,
    entity: ENTITY,
    prepare: !args['bare-unprepared'],
    genericPlans: args['bare-generic-plans'],
  };
  const children: ChildProcess[] = [];
  let ports: { api?: number; bare?: number };
  let owner: Record<'api' | 'bare', ChildProcess>;
  if (target.url) {
    const [api, bare] = await Promise.all([startChild('api', options), startChild('bare', options)]);
    children.push(api.child, bare.child);
    ports = { ...api.ready, ...bare.ready };
    owner = { api: api.child, bare: bare.child };
  } else {
    const both = await startChild('both', options);
    children.push(both.child);
    ports = both.ready;
    owner = { api: both.child, bare: both.child };
  }
  return {
    api: `http://127.0.0.1:${ports.api}`,
    bare: `http://127.0.0.1:${ports.bare}`,
    cpu: (which) => cpuOf(owner[which]),
    record: (queries) => recordOn(owner.bare, queries),
    stop: () =>
      children.forEach((c) => {
        c.removeAllListeners('exit');
        c.disconnect(); // the child exits on disconnect (and writes its CPU profile, if asked)
        setTimeout(() => c.kill(), 5000).unref();
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// 3. Scenarios

/** Deterministic pseudo-random numbers (mulberry32), so both servers get the same mix. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Scenario {
  name: string;
  description: string;
  /** a new path source per run (same sequence for both servers; varied searches go on where the server's last run stopped) */
  paths: (which: 'api' | 'bare') => () => string;
  /** statements with sample parameters for EXPLAIN */
  explain: { label: string; text: string; params: unknown[] }[];
  /** the API alone (the bare handler does not answer it) */
  apiOnly?: boolean;
  /** with apiOnly: its p99 is compared with this scenario's */
  apiOnlyVersus?: string;
  /** varied searches: runs of so many requests (not seconds), each a query the server was not asked before */
  requests?: { warmup: number; round: number };
  /** varied searches: how many requests asked a query that server had been asked before (0: none, the stream was long enough) */
  repeats?: () => Record<'api' | 'bare', number>;
  /** varied list searches the bare handler answers: the queries it records ahead */
  queries?: string[];
}

async function scenarios(database: Database): Promise<{ list: Scenario[]; data: Record<string, unknown> }> {
  const entity = serverEntity(ENTITY);
  const base = `/api/${entity.decl.path}/`;
  const ids = rowsOf<{ id: number }>(await database.db.execute(sql.raw('select id from consultancies order by id'))).map((r) => r.id);
  const deepPage = Math.max(1, Math.floor(ids.length / 20 / 2));
  const exec = databaseExec(database);
  const plain = await listShape(exec, entity);
  const detail = await detailShape(entity);
  const searches = new Map(
    await Promise.all([...SEARCH_TERMS, ...NARROW_TERMS].map(async (term) => [term, await listShape(exec, entity, term)] as const)),
  );
  // How many rows each search term matches (the API's own count).
  const matches = Object.fromEntries([...searches].map(([term, shape]) => [term, shape.count]));
  const coldStatements = (term: string) => searches.get(term)!.cold.map((c) => ({ ...c, label: `${c.label} "${term}"` }));
  const at = (template: Template, offset: number) => ({ text: template.text, params: fill(template, { limit: 20, offset }) });

  const list: Scenario[] = [
    {
      name: 'list',
      description: `GET ${base}?page=1&page_size=20 (first page, default ordering)`,
      paths: () => () => `${base}?page=1&page_size=20`,
      explain: plain.cold,
    },
    {
      name: 'list-deep',
      description: `GET ${base}?page=${deepPage}&page_size=20 (a deep page: offset ${(deepPage - 1) * 20})`,
      paths: () => () => `${base}?page=${deepPage}&page_size=20`,
      explain: [{ label: 'page', ...at(plain.warm.page, (deepPage - 1) * 20) }],
    },
    {
      name: 'search',
      description: `GET ${base}?search=<term>, page 1, terms in turn: ${SEARCH_TERMS.join(', ')}`,
      paths: () => {
        let i = 0;
        return () => `${base}?search=${encodeURIComponent(SEARCH_TERMS[i++ % SEARCH_TERMS.length]!)}`;
      },
      explain: SEARCH_TERMS.flatMap(coldStatements),
    },
    {
      name: 'search-narrow',
      description: `GET ${base}?search=<term>, page 1, terms matching about 2% of the rows (one a typo): ${NARROW_TERMS.join(', ')}`,
      paths: () => {
        let i = 0;
        return () => `${base}?search=${encodeURIComponent(NARROW_TERMS[i++ % NARROW_TERMS.length]!)}`;
      },
      explain: NARROW_TERMS.flatMap(coldStatements),
    },
    {
      name: 'detail',
      description: `GET ${base}<id>/ for ids drawn at random from ${POPULAR_DETAILS} of them (the pages students open, asked again and again; row + related names)`,
      paths: () => {
        const popular = sample(ids, POPULAR_DETAILS, random(7));
        const next = random(42);
        return () => `${base}${popular[Math.floor(next() * popular.length)]}/`;
      },
      explain: [{ label: 'row', text: detail.text, params: fill(detail, { id: ids[Math.floor(ids.length / 2)] }) }],
    },
    {
      // every request a row not asked before, nearly: what the cache cannot help, so no goal
      name: 'detail-cold',
      description: `GET ${base}<id>/ for random ids across the whole table (row + related names)`,
      paths: () => {
        const next = random(42);
        return () => `${base}${ids[Math.floor(next() * ids.length)]}/`;
      },
      explain: [],
    },
    ...facetScenarios(base, await firstIds(database)),
    licensedFirstScenario(base),
    ...variedSearchScenarios(),
  ];
  const only = args.only?.split(',');
  return {
    list: only ? list.filter((s) => only.includes(s.name)) : list,
    data: { deep_page: deepPage, search_matches: matches },
  };
}

/** A district and a destination that consultancies name, for filtered lists. */
async function firstIds(database: Database) {
  const one = async (table: string) =>
    rowsOf<{ id: number }>(await database.db.execute(sql.raw(`select id from ${table} order by id limit 1`)))[0]!.id;
  return { district: await one('districts'), destination: await one('destinations') };
}

type FilterIds = Awaited<ReturnType<typeof firstIds>>;

/** A list page's first page without a filter and with each kind of filter a student picks. */
const facetQueries = (ids: FilterIds) => [
  'page=1&page_size=20',
  `page=1&page_size=20&district=${ids.district}`,
  `page=1&page_size=20&destination=${ids.destination}`,
  'page=1&page_size=20&verified=true',
];

/** Issue 25: "Licensed first" at 100k consultancies, p95 <= 20 ms; pages 1 to 10 in turn, so some straddle the licensed and the others. */
const licensedFirstScenario = (base: string): Scenario => ({
  name: 'licensed-first',
  description: `GET ${base}?ordering=-moe_certified,-priority&page=<1 to 10>&page_size=20 (API only)`,
  paths: () => {
    let i = 0;
    return () => `${base}?ordering=-moe_certified,-priority&page=${(i++ % 10) + 1}&page_size=20`;
  },
  explain: [],
  apiOnly: true,
});

/** The filters a consultancy list page counts (ListSearch asks for every filter it shows). */
const FACETS = 'district,destination,exam,moe_certified,verified';

/**
 * A list page's requests with its filters, without and with facets: the same four filter
 * choices in turn, so the two scenarios differ only by the counts. The API alone: the bare handler
 * has no facets, and the question is what asking for them costs over the same list.
 */
function facetScenarios(base: string, ids: FilterIds): Scenario[] {
  const queries = facetQueries(ids);
  const inTurn = (suffix: string) => () => {
    let i = 0;
    return () => `${base}?${queries[i++ % queries.length]}${suffix}`;
  };
  return [
    {
      name: 'filters',
      description: `GET ${base}?<filters> in turn: ${queries.join(' | ')} (API only)`,
      paths: inTurn(''),
      explain: [],
      apiOnly: true,
    },
    {
      name: 'facets',
      description: `the same with &facets=${FACETS} (API only; p99 compared with filters)`,
      paths: inTurn(`&facets=${FACETS}`),
      explain: [],
      apiOnly: true,
      apiOnlyVersus: 'filters',
    },
  ];
}

const COLD_REPEATS = 5;
/** Issue 25: each facet on a cold content version at 100k rows. */
const COLD_FACET_GOAL_MS = 50;

/**
 * Facets on a cold content version (issue 25: each <= 50 ms at 100k rows): before every request
 * the consultancies' content version moves (bumpKindVersions, as a write does), so the memo and the
 * cached answers are empty and the request counts again; one request at a time, so it is the
 * latency of one cold request, not of a queue. Each facet alone, then all five together, for each
 * filter of facetQueries, and the request without facets; COLD_REPEATS requests per round, ROUNDS
 * rounds, medians. A request's time includes its cold count and page (the row without facets) and
 * every statement the machine runs at the same time. PostgreSQL only
 * (an embedded PGlite belongs to the servers' process).
 */
async function coldFacets(api: string, url: string, ids: FilterIds) {
  const { bumpKindVersions } = await import('../server/content-version.ts');
  const database = await openDatabase({ url, poolSize: 1 });
  const base = `/api/${serverEntity(ENTITY).decl.path}/`;
  const results: { query: string; facets: string; rounds: { median_ms: number; max_ms: number; load: number }[]; median_ms: number }[] = [];
  try {
    for (const query of facetQueries(ids)) {
      // '': the same request without facets, the cold list alone (its count, its page) that every facet request includes
      for (const facets of ['', ...FACETS.split(','), FACETS]) {
        const rounds: { median_ms: number; max_ms: number; load: number }[] = [];
        for (let r = 0; r < ROUNDS; r++) {
          const load = Math.round(os.loadavg()[0]! * 10) / 10;
          const times: number[] = [];
          for (let i = 0; i < COLD_REPEATS; i++) {
            await bumpKindVersions(database.db, [ENTITY]);
            await settle();
            const started = performance.now();
            const res = await fetch(`${api}${base}?${query}${facets ? `&facets=${facets}` : ''}`);
            await res.arrayBuffer();
            times.push(performance.now() - started);
            if (res.status !== 200) throw new Error(`facets-cold: ${query}&facets=${facets} answered ${res.status}`);
          }
          rounds.push({ median_ms: Math.round(median(times) * 10) / 10, max_ms: Math.round(Math.max(...times) * 10) / 10, load });
        }
        const result = { query, facets, rounds, median_ms: median(rounds.map((x) => x.median_ms)) };
        log(
          `  ${query} facets=${facets}: ${result.median_ms} ms (rounds ${rounds.map((x) => x.median_ms).join(', ')}; load ${rounds[0]!.load})`,
        );
        results.push(result);
      }
    }
  } finally {
    await database.close();
  }
  const single = results.filter((x) => x.facets && !x.facets.includes(','));
  return {
    name: 'facets-cold',
    description: `GET ${base}?<filters>&facets=<each facet, then all five> right after the consultancies' content version moved: nothing remembered; one request at a time, ${COLD_REPEATS} per round`,
    results,
    goal: {
      target: `each facet on a cold content version <= ${COLD_FACET_GOAL_MS} ms at 100k rows (issue 25), the median of ${ROUNDS} rounds`,
      slowest_single_ms: Math.max(...single.map((x) => x.median_ms)),
      met: single.every((x) => x.median_ms <= COLD_FACET_GOAL_MS),
    },
  };
}

/**
 * Issue 24: a list's `?search=` on 100k courses and on 100k consultancies, and the site's search
 * (`/api/search/`), with varied queries (bench/search-queries.ts: a few hundred words and their
 * typos, in the patterns students type) and NO query asked twice by a server: every request is a
 * query nothing was remembered for (word facts, counts, plans), what a student with a new query
 * waits. Runs are counted in requests, so the stream of distinct queries is long enough; a server
 * that ran past its end would repeat, and `repeated_requests` says how often. The consultancy
 * search is also run by the bare handler, replaying the statements the API's listRows ran for each
 * query (recorded ahead, not timed): issue 25's "varied search at least 0.9 of bare".
 */
function variedSearchScenarios(): Scenario[] {
  // each server's runs: the same-body check, a warm-up and the rounds, and what autocannon sends past its amount
  const needed = 6 + VARIED.warmup + ROUNDS * (VARIED.round + PACED.requests) + 20 * CONNECTIONS;
  const scenario = (name: string, what: string, base: string, param: string, queries: string[], bare = false): Scenario => {
    const distinct = queries.map((q) => `${base}?${new URLSearchParams({ [param]: q })}`);
    const asked = { api: 0, bare: 0 };
    return {
      name,
      description: `GET ${base}?${param}=<query>: ${what}, each request a query not asked before (${distinct.length} distinct), such as ${queries.slice(0, 4).join(' | ')}${bare ? '' : ' (API only)'}`,
      paths: (which) => () => distinct[asked[which]++ % distinct.length]!,
      explain: [],
      requests: VARIED,
      repeats: () => ({ api: Math.max(0, asked.api - distinct.length), bare: Math.max(0, asked.bare - distinct.length) }),
      ...(bare ? { queries } : { apiOnly: true }),
    };
  };
  return [
    scenario('search-courses', 'course searches', '/api/course/', 'search', courseSearches(needed)),
    scenario('search-consultancies', 'consultancy searches', '/api/consultancy/', 'search', consultancySearches(needed), true),
    scenario('search-site', 'site searches', '/api/search/', 'q', siteSearches(needed)),
  ];
}

interface Measure {
  rps: number;
  p50: number;
  /** from every response's own latency (fractional ms), as autocannon's histogram has no p95 */
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU time of the server's Node process per 2xx response (ms; the database's CPU is not in it) */
  cpu_ms_per_request: number;
  /** 1-minute load average of the machine when the run started (other work on the box shows here) */
  load: number;
}

/**
 * Waits until the database has no statement running for the bench database: autocannon stops
 * with requests in flight, whose statements must not run into the other server's round.
 */
let settle: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 1000));

function settleOnServer(url: string) {
  const name = new URL(url).pathname.slice(1);
  const client = postgres(url, { max: 1, onnotice: () => {} });
  settle = async () => {
    for (let i = 0; i < 600; i++) {
      const [row] =
        await client`select count(*)::int as n from pg_stat_activity where datname = ${name} and state = 'active' and pid <> pg_backend_pid()`;
      if (row!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return () => client.end({ timeout: 5 });
}

async function drive(servers: Servers, which: 'api' | 'bare', scenario: Scenario, phase: 'warmup' | 'round' | 'paced'): Promise<Measure> {
  await settle();
  const load = Math.round(os.loadavg()[0]! * 10) / 10;
  const next = scenario.paths(which);
  if (phase === 'paced') return paced(servers, which, next, load);
  const length = scenario.requests ? { amount: scenario.requests[phase] } : { duration: phase === 'warmup' ? WARMUP : DURATION };
  const cpuBefore = await servers.cpu(which);
  const latencies: number[] = [];
  const started = performance.now();
  let answered = started;
  const result: Result = await autocannon({
    url: servers[which],
    connections: CONNECTIONS,
    ...length,
    timeout: 60,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next() }) }],
  }).on('response', (_client, _status, _bytes, ms) => {
    latencies.push(ms);
    answered = performance.now();
  });
  const cpu = (await servers.cpu(which)) - cpuBefore;
  return {
    // answers over the time until the last one: autocannon notices a fixed amount's end only at its
    // next 1 s tick, so its average and its duration round the run up to whole seconds (3,000
    // answers read 300 or 250 req/s, and the api/bare ratio could only be 0.75, 0.83 or 1)
    rps: Math.round((latencies.length / ((answered - started) / 1000)) * 10) / 10,
    p50: result.latency.p50,
    p95: percentile(latencies, 0.95),
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpu_ms_per_request: result['2xx'] ? Math.round((cpu / result['2xx']) * 1000) / 1000 : 0,
    load,
  };
}

/** PACED: the requests sent one every 1/rate s (an open loop), each latency from when it was due. */
async function paced(servers: Servers, which: 'api' | 'bare', next: () => string, load: number): Promise<Measure> {
  const cpuBefore = await servers.cpu(which);
  const answers = await openLoop(PACED.requests, PACED.rate, async () => {
    const res = await fetch(servers[which] + next());
    await res.arrayBuffer();
    return res.status;
  });
  const cpu = (await servers.cpu(which)) - cpuBefore;
  const latencies = answers.map((a) => a.ms);
  const ok = answers.filter((a) => typeof a.result === 'number' && a.result < 300).length;
  const errors = answers.filter((a) => a.result instanceof Error).length;
  return {
    rps: PACED.rate,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    requests: answers.length,
    non2xx: answers.length - ok - errors,
    errors,
    cpu_ms_per_request: ok ? Math.round((cpu / ok) * 1000) / 1000 : 0,
    load,
  };
}

/** The value below which `share` of the values lie (nearest rank), to 0.1 ms. */
const percentile = (values: number[], share: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]! * 10) / 10;
};

/** A varied search's paced rounds on the API (PACED): undefined for the other scenarios. */
async function pacedRuns(servers: Servers, scenario: Scenario) {
  if (!scenario.requests) return undefined;
  const rounds: Measure[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const api = await drive(servers, 'api', scenario, 'paced');
    log(
      `  paced round ${r + 1}, ${PACED.rate} req/s: p50 ${api.p50} p95 ${api.p95} p99 ${api.p99} cpu ${api.cpu_ms_per_request} ms/req (load ${api.load})`,
    );
    rounds.push(api);
  }
  return { rate_per_s: PACED.rate, requests_per_round: PACED.requests, rounds, median: medianOf(rounds) };
}

/**
 * A scenario the API alone answers: warm-up, rounds, medians; with `apiOnlyVersus`, the ratios to
 * that scenario's medians. Undefined when the API does not serve its address (a branch without it).
 */
async function apiOnly(servers: Servers, scenario: Scenario, done: { name: string; median: { api: ReturnType<typeof medianOf> } }[]) {
  log(`\n${scenario.name}: ${scenario.description}`);
  const status = (await fetch(servers.api + scenario.paths('api')())).status;
  if (status === 404) {
    log(`  ! not served by this API (404): skipped`);
    return undefined;
  }
  if (status !== 200) throw new Error(`${scenario.name}: the API answers ${status}`);
  await drive(servers, 'api', scenario, 'warmup');
  const rounds: { api: Measure }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const api = await drive(servers, 'api', scenario, 'round');
    log(
      `  round ${r + 1}: api ${api.rps} req/s p50 ${api.p50} p95 ${api.p95} p99 ${api.p99} cpu ${api.cpu_ms_per_request} ms/req (load ${api.load})`,
    );
    if (api.non2xx || api.errors) log(`  ! non-2xx or errors: ${JSON.stringify(api)}`);
    rounds.push({ api });
  }
  const med = { api: medianOf(rounds.map((r) => r.api)) };
  const paced = await pacedRuns(servers, scenario);
  const versus = scenario.apiOnlyVersus ? done.find((d) => d.name === scenario.apiOnlyVersus) : undefined;
  return {
    name: scenario.name,
    description: scenario.description,
    ...variedOf(scenario),
    rounds,
    median: med,
    ...(paced ? { paced } : {}),
    ...(versus
      ? {
          versus: versus.name,
          ratio: {
            p50: ratio(med.api.p50, versus.median.api.p50),
            p99: ratio(med.api.p99, versus.median.api.p99),
            rps: ratio(med.api.rps, versus.median.api.rps),
          },
        }
      : {}),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const medianOf = (ms: Measure[]) => ({
  rps: median(ms.map((m) => m.rps)),
  p50: median(ms.map((m) => m.p50)),
  p95: median(ms.map((m) => m.p95)),
  p99: median(ms.map((m) => m.p99)),
  cpu_ms_per_request: median(ms.map((m) => m.cpu_ms_per_request)),
});
const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 1000) / 1000);

/** A varied search's runs in requests and how many repeated a query (none when the stream was long enough). */
const variedOf = (scenario: Scenario) =>
  scenario.requests
    ? {
        requests_per_run: scenario.requests,
        repeated_requests: scenario.repeats!(),
        queries: 'each request a query that server was not asked before',
      }
    : {};

/** The same bodies from both servers (keys compared in sorted order). */
async function checkSameJson(servers: Servers, scenario: Scenario) {
  const next = scenario.paths('api');
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
          )
        : value;
  for (let i = 0; i < 6; i++) {
    const p = next();
    const [a, b] = await Promise.all([fetch(servers.api + p), fetch(servers.bare + p)]);
    const [ja, jb] = [canonical(await a.json()), canonical(await b.json())];
    if (a.status !== 200 || b.status !== 200 || JSON.stringify(ja) !== JSON.stringify(jb)) {
      throw new Error(`${scenario.name}: api and bare answer ${p} differently (${a.status} vs ${b.status})`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// EXPLAIN ANALYZE of every scenario's statements, with the API's session setting.

async function explainAll(database: Database, list: Scenario[], target: { url?: string }) {
  const out: string[] = [];
  const summary: Record<string, { label: string; planning_ms: number; execution_ms: number; plan: string }[]> = {};
  const run = async (text: string, params: unknown[]): Promise<string[]> => {
    if (target.url) {
      // the bare handler's client: the API's plan_cache_mode, and JSON parameters sent as the JSON text drizzle made
      const client = postgresExec(target.url, 1, false, false);
      try {
        return (await client.rows(text, params)).map((r) => r['QUERY PLAN'] as string);
      } finally {
        await client.end();
      }
    }
    const pg = (database.db as unknown as { $client: { query: (t: string, p: unknown[]) => Promise<{ rows: Record<string, string>[] }> } })
      .$client;
    return (await pg.query(text, params)).rows.map((r) => r['QUERY PLAN']!);
  };
  for (const scenario of list) {
    summary[scenario.name] = [];
    for (const { label, text, params } of scenario.explain) {
      await run(text, params); // warm the cache
      const lines = await run(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      const time = (name: string) => Number(lines.find((l) => l.startsWith(name))?.match(/([\d.]+) ms/)?.[1] ?? NaN);
      const nodes = lines
        .filter((l) => l.includes('(cost='))
        .map((l) =>
          l
            .trim()
            .replace(/^->\s+/, '')
            .replace(/\s+\(cost.*$/, ''),
        );
      summary[scenario.name]!.push({
        label,
        planning_ms: time('Planning Time'),
        execution_ms: time('Execution Time'),
        plan: nodes.slice(0, 8).join(' > '),
      });
      out.push(`=== ${scenario.name}: ${label}\n${text}\n-- params: ${JSON.stringify(params)}\n${lines.join('\n')}\n`);
    }
  }
  return { summary, text: out.join('\n') };
}

/**
 * Issue 25's ratios to the bare handler, per scenario that ran (null: none did), and whether each
 * is met; met overall only when every scenario of the goal ran at GOAL_ROWS rows.
 */
function bareGoal(results: { name: string; ratio?: { rps: number | null } }[], rows: Record<string, number>) {
  const reached = Object.fromEntries(
    results
      .filter((r) => r.name in BARE_GOAL && r.ratio)
      .map((r) => {
        const at_least = BARE_GOAL[r.name]!;
        return [r.name, { api_vs_bare_rps: r.ratio!.rps, at_least, met: (r.ratio!.rps ?? 0) >= at_least }];
      }),
  );
  const ran = Object.keys(reached).length;
  if (ran === 0) return null;
  return {
    target: `issue 25, the API with its cache on (PUBLIC_CACHE_MB ${process.env.PUBLIC_CACHE_MB ?? 'default'}) against the bare handler on the same SQL, req/s medians of the rounds at ${GOAL_ROWS} rows: list, list-deep, detail and repeated search (search, search-narrow) >= 3 x; varied search, no query repeated (search-consultancies), >= 0.9 x`,
    reached,
    met: ran === Object.keys(BARE_GOAL).length && Object.values(reached).every((r) => r.met) && (rows.consultancies ?? 0) >= GOAL_ROWS,
  };
}

/** From the query plans of the search scenario, where the time of a term's first request goes. */
function searchNote(search: { explain?: { label: string; execution_ms: number; plan: string }[] }) {
  const parts: string[] = [];
  const statements = search.explain ?? [];
  const perTerm = new Map<string, number>();
  for (const s of statements) {
    const term = s.label.replace(/^[a-z ]+ (?=")/, '');
    perTerm.set(term, (perTerm.get(term) ?? 0) + s.execution_ms);
  }
  if (perTerm.size) {
    const ms = [...perTerm.entries()].map(([t, v]) => `${t} ${Math.round(v)} ms`).join(', ');
    parts.push(
      `PostgreSQL time of a term's first request (every statement, EXPLAIN ANALYZE, no concurrency; later requests run only the content version and the page): ${ms}.`,
    );
    const seq = statements.filter((s) => /Seq Scan/.test(s.plan) && !s.label.startsWith('content version')).map((s) => s.label);
    if (seq.length) parts.push(`Sequential scans: ${seq.join(', ')}.`);
  }
  return parts.join(' ');
}

/** Issue 24's search targets, from the varied-search scenarios that ran (undefined: none ran). */
function variedSearchGoal(
  results: { name: string; median: { api: { p95: number } }; paced?: { median: { p95: number } }; ratio?: { rps: number | null } }[],
  rows: Record<string, number>,
) {
  const p95 = (name: string) => results.find((r) => r.name === name)?.median.api.p95;
  const paced = (name: string) => results.find((r) => r.name === name)?.paced?.median.p95;
  const reached = {
    search_courses_p95_ms: p95('search-courses'),
    search_consultancies_p95_ms: p95('search-consultancies'),
    search_site_p95_ms: p95('search-site'),
    paced_rate_per_s: PACED.rate,
    paced_search_courses_p95_ms: paced('search-courses'),
    paced_search_consultancies_p95_ms: paced('search-consultancies'),
    paced_search_site_p95_ms: paced('search-site'),
    search_consultancies_vs_bare_rps: results.find((r) => r.name === 'search-consultancies')?.ratio?.rps ?? undefined,
    courses: rows.courses,
    consultancies: rows.consultancies,
  };
  const lists = [reached.search_courses_p95_ms, reached.search_consultancies_p95_ms];
  if (lists.every((v) => v === undefined) && reached.search_site_p95_ms === undefined) return undefined;
  const pacedLists = [reached.paced_search_courses_p95_ms, reached.paced_search_consultancies_p95_ms];
  return {
    target: `varied queries, none repeated, at ${GOAL_ROWS} rows: a list's ?search= p95 <= ${SEARCH_GOAL.list_p95_ms} ms, /api/search/ p95 <= ${SEARCH_GOAL.site_p95_ms} ms (issue 24), the consultancy search at >= ${SEARCH_GOAL.bare_ratio} x the bare handler's req/s (issue 25); medians of the rounds. met: at ${CONNECTIONS} connections kept busy; paced_met: the p95s at ${PACED.rate} requests a second`,
    reached,
    paced_met:
      pacedLists.every((v) => v !== undefined && v <= SEARCH_GOAL.list_p95_ms) &&
      reached.paced_search_site_p95_ms !== undefined &&
      reached.paced_search_site_p95_ms <= SEARCH_GOAL.site_p95_ms &&
      Math.min(rows.courses ?? 0, rows.consultancies ?? 0) >= GOAL_ROWS,
    met:
      lists.every((v) => v !== undefined && v <= SEARCH_GOAL.list_p95_ms) &&
      reached.search_site_p95_ms !== undefined &&
      reached.search_site_p95_ms <= SEARCH_GOAL.site_p95_ms &&
      (reached.search_consultancies_vs_bare_rps ?? 0) >= SEARCH_GOAL.bare_ratio &&
      Math.min(rows.courses ?? 0, rows.consultancies ?? 0) >= GOAL_ROWS,
  };
}

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

// ---------------------------------------------------------------------------------------------

async function main() {
  const url = serverUrl();
  const target = url ? { url: await benchDatabaseUrl(url) } : { pgliteDir: path.join(here, 'tmp', 'pglite') };
  const engine = url ? 'postgres' : 'pglite';
  log(
    `engine: ${engine === 'postgres' ? `PostgreSQL server, database ${new URL(target.url!).pathname.slice(1)}` : `PGlite in ${target.pgliteDir}`}`,
  );

  const { database, loadSeconds } = await prepareDatabase(target);
  const rows: Record<string, number> = {};
  for (const table of ['consultancies', 'courses', 'universities', 'districts', 'destinations'])
    rows[table] = await countRows(database, table);
  const version = rowsOf<{ v: string }>(await database.db.execute(sql.raw('select version() as v')))[0]!.v;
  // a search with thousands of matches reads a page per match: from shared buffers or from the OS (README, Deploy at scale)
  const sharedBuffers = rowsOf<{ shared_buffers: string }>(await database.db.execute(sql.raw('show shared_buffers')))[0]!.shared_buffers;
  const { list, data } = await scenarios(database);
  const filterIds = await firstIds(database);
  log('EXPLAIN ANALYZE of every statement…');
  const explain = await explainAll(database, list, target);
  fs.mkdirSync(path.dirname(args.out!), { recursive: true });
  // scenarios with no statements to explain (the API-only ones) leave no empty file
  if (explain.text) fs.writeFileSync(args.out!.replace(/\.json$/, '-explain.txt'), explain.text);
  await database.close();

  const endSettle = target.url ? settleOnServer(target.url) : async () => {};
  const servers = await startServers(target);
  const uptimeAtStart = uptime();
  if (os.loadavg()[0]! > os.availableParallelism())
    log(`! load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores: other work competes with the benchmark`);
  log(`api ${servers.api}, bare ${servers.bare}; ${CONNECTIONS} connections, warm-up ${WARMUP} s, ${ROUNDS} rounds of ${DURATION} s`);
  type MedianOf = ReturnType<typeof medianOf>;
  type Compared = {
    name: string;
    description: string;
    rounds: { api: Measure; bare: Measure }[];
    median: { api: MedianOf; bare: MedianOf };
    ratio: { rps: number | null; p50: number | null; p99: number | null; cpu_per_request: number | null };
    explain?: { label: string; planning_ms: number; execution_ms: number; plan: string }[];
  };
  const results: (Compared | NonNullable<Awaited<ReturnType<typeof apiOnly>>>)[] = [];
  let cold: Awaited<ReturnType<typeof coldFacets>> | undefined;
  try {
    for (const scenario of list) {
      if (scenario.apiOnly) {
        const result = await apiOnly(servers, scenario, results);
        if (result) results.push(result);
        continue;
      }
      if (scenario.queries) await servers.record(scenario.queries);
      await checkSameJson(servers, scenario);
      log(`\n${scenario.name}: ${scenario.description}`);
      await drive(servers, 'api', scenario, 'warmup');
      await drive(servers, 'bare', scenario, 'warmup');
      const rounds: { api: Measure; bare: Measure }[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const order: ('api' | 'bare')[] = r % 2 === 0 ? ['api', 'bare'] : ['bare', 'api'];
        const round = {} as { api: Measure; bare: Measure };
        for (const which of order) round[which] = await drive(servers, which, scenario, 'round');
        log(
          `  round ${r + 1}: api ${round.api.rps} req/s p50 ${round.api.p50} p99 ${round.api.p99} cpu ${round.api.cpu_ms_per_request} ms/req | bare ${round.bare.rps} req/s p50 ${round.bare.p50} p99 ${round.bare.p99} cpu ${round.bare.cpu_ms_per_request} ms/req (load ${round.api.load}/${round.bare.load})`,
        );
        if (round.api.non2xx || round.api.errors || round.bare.non2xx || round.bare.errors)
          log(`  ! non-2xx or errors: ${JSON.stringify(round)}`);
        rounds.push(round);
      }
      const med = { api: medianOf(rounds.map((r) => r.api)), bare: medianOf(rounds.map((r) => r.bare)) };
      const paced = await pacedRuns(servers, scenario);
      results.push({
        name: scenario.name,
        description: scenario.description,
        ...variedOf(scenario),
        rounds,
        median: med,
        ...(paced ? { paced } : {}),
        ratio: {
          rps: ratio(med.api.rps, med.bare.rps),
          p50: ratio(med.api.p50, med.bare.p50),
          p99: ratio(med.api.p99, med.bare.p99),
          cpu_per_request: ratio(med.api.cpu_ms_per_request, med.bare.cpu_ms_per_request),
        },
        explain: explain.summary[scenario.name],
      });
    }
    if (!args.only || args.only.split(',').includes('facets-cold')) {
      if (target.url) {
        log(`\nfacets-cold: each facet right after a write to the kind`);
        cold = await coldFacets(servers.api, target.url, filterIds);
      } else log('\nfacets-cold: PostgreSQL only, skipped');
    }
  } finally {
    servers.stop();
    await endSettle();
  }

  // 4. Table and results file
  const pad = (s: unknown, n: number) => String(s).padStart(n);
  const shown = results.filter((r): r is Compared => 'bare' in r.median);
  console.log(
    `\n${'scenario'.padEnd(10)} ${pad('api req/s', 10)} ${pad('bare req/s', 10)} ${pad('ratio', 6)} ${pad('api p50', 8)} ${pad('api p99', 8)} ${pad('bare p50', 9)} ${pad('bare p99', 9)} ${pad('cpu/req api', 12)} ${pad('bare', 9)}`,
  );
  for (const r of shown) {
    console.log(
      `${r.name.padEnd(10)} ${pad(r.median.api.rps, 10)} ${pad(r.median.bare.rps, 10)} ${pad(r.ratio.rps, 6)} ${pad(`${r.median.api.p50} ms`, 8)} ${pad(`${r.median.api.p99} ms`, 8)} ${pad(`${r.median.bare.p50} ms`, 9)} ${pad(`${r.median.bare.p99} ms`, 9)} ${pad(`${r.median.api.cpu_ms_per_request} ms`, 12)} ${pad(`${r.median.bare.cpu_ms_per_request} ms`, 9)}`,
    );
  }
  for (const r of results)
    if (!('bare' in r.median))
      console.log(
        `${r.name.padEnd(10)} ${pad(r.median.api.rps, 10)} req/s, p50 ${r.median.api.p50} ms, p95 ${r.median.api.p95} ms, p99 ${r.median.api.p99} ms (API only)${'versus' in r && r.ratio ? `; p99 ${r.ratio.p99} x ${r.versus}'s` : ''}`,
      );
  const search = shown.find((r) => r.name === 'search');
  const ratios = bareGoal(shown, rows);
  const goal = ratios ? { ...ratios, ...(search ? { note: searchNote(search) } : {}) } : null;
  if (goal) {
    console.log(`\ngoal: ${goal.target}`);
    for (const [name, r] of Object.entries(goal.reached))
      console.log(`  ${name.padEnd(22)} ${r.api_vs_bare_rps} x (>= ${r.at_least}) → ${r.met ? 'met' : 'NOT met'}`);
    console.log(`→ ${goal.met ? 'met' : 'NOT met'}`);
  }
  const licensedFirst = results.find((r) => r.name === 'licensed-first');
  if (licensedFirst) console.log(`\nlicensed first: p95 ${licensedFirst.median.api.p95} ms (goal <= 20 ms at 100k consultancies)`);
  if (cold)
    console.log(
      `\ncold facets: slowest single facet ${cold.goal.slowest_single_ms} ms → ${cold.goal.met ? 'met' : 'NOT met'} (${cold.goal.target})`,
    );
  const searchGoal = variedSearchGoal(results, rows);
  if (searchGoal)
    console.log(
      `\nsearch goal: ${searchGoal.target}\nreached: ${JSON.stringify(searchGoal.reached)} → ${searchGoal.met ? 'met' : 'NOT met'}; paced ${searchGoal.paced_met ? 'met' : 'NOT met'}`,
    );

  const cpus = os.cpus();
  const report = {
    date: new Date().toISOString(),
    command: ['npm run bench:api', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
    machine: {
      nproc: os.availableParallelism(),
      cpu: cpus[0]?.model ?? 'unknown',
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      engine,
      database: version,
      shared_buffers: sharedBuffers,
      rows,
      load_seconds: loadSeconds,
      /** `uptime` when the scenarios started and when they ended: other work on the machine */
      uptime: { start: uptimeAtStart, end: uptime() },
    },
    settings: {
      connections: CONNECTIONS,
      warmup_s: WARMUP,
      duration_s: DURATION,
      rounds: ROUNDS,
      pool_size: POOL,
      /** PUBLIC_CACHE_MB as the API ran (bench/servers.ts): 0 keeps no answer, so every request runs its statements */
      public_cache_mb: process.env.PUBLIC_CACHE_MB ?? 'default (64)',
      bare_prepared_statements: !args['bare-unprepared'],
      bare_plan_cache_mode: args['bare-generic-plans'] ? 'auto' : 'force_custom_plan',
      processes:
        engine === 'postgres'
          ? 'api and bare each in a child process; autocannon in the parent'
          : 'api and bare share one child process (PGlite is in-process); autocannon in the parent',
      latency_resolution: 'autocannon records whole milliseconds',
    },
    data,
    scenarios: results,
    ...(cold ? { facets_cold: cold } : {}),
    goal,
    ...(searchGoal ? { search_goal: searchGoal } : {}),
  };
  fs.writeFileSync(args.out!, `${JSON.stringify(report, null, 2)}\n`);
  const explained = explain.text ? ` and ${path.relative(root, args.out!.replace(/\.json$/, '-explain.txt'))}` : '';
  log(`\nwrote ${path.relative(root, args.out!)}${explained}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
