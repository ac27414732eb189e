/**
 * Statements and database time per site search, cold: distinct queries (search-queries.ts, another
 * seed than bench:api's) one after another through `siteSearch`, every statement counted and timed
 * in the process's own postgres.js client (from the moment it is asked until its rows arrive, so
 * queueing for a pool connection counts). Not a test: a profile for bench/README.
 *
 *   tsx bench/site-search-statements.ts [--db-name bench_idle] [--queries 120] [--seed 99] [--slowest 5] [--out file.json]
 *
 * `--answers file.json` writes every answer too, to compare two versions' answers.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from '../server/db/schema/index.ts';
import type { Db } from '../server/db/index.ts';
import { searchParams } from '../src/lib/contract/search.ts';
import { siteSearch } from '../server/search/site-search.ts';
import { siteSearches } from './search-queries.ts';

const { values: args } = parseArgs({
  options: {
    'db-name': { type: 'string', default: 'bench_idle' },
    queries: { type: 'string', default: '120' },
    seed: { type: 'string', default: '99' },
    out: { type: 'string' },
    answers: { type: 'string' },
    /** how many of the slowest queries to list */
    slowest: { type: 'string', default: '5' },
  },
});

const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = new URL(base);
url.pathname = `/${args['db-name']}`;
const client = postgres(url.toString(), { max: 10, onnotice: () => {}, connection: { plan_cache_mode: 'force_custom_plan' } });

/** Statements of the request under way: their count and summed time. */
let statements = { n: 0, ms: 0 };
const unsafe = client.unsafe.bind(client);
client.unsafe = ((text: string, params?: never[], options?: postgres.UnsafeQueryOptions) => {
  const query = unsafe(text, params, { ...options, prepare: true });
  const started = performance.now();
  const counted = statements;
  counted.n++;
  // postgres.js sends a query on its first `then`, a microtask later, after drizzle's `.values()`
  query.then(
    () => (counted.ms += performance.now() - started),
    () => {},
  );
  return query;
}) as typeof client.unsafe;
const db = drizzle(client, { schema }) as unknown as Db;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return { mean: Math.round(mean * 10) / 10, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1)! };
};

const queries = siteSearches(Number(args.queries), Number(args.seed));
const answers: unknown[] = [];
const rows: { q: string; statements: number; db_ms: number; wall_ms: number; cpu_ms: number }[] = [];
for (const q of queries) {
  statements = { n: 0, ms: 0 };
  const cpu = process.cpuUsage();
  const started = performance.now();
  answers.push(await siteSearch(db, searchParams.parse({ q })));
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  rows.push({ q, statements: statements.n, db_ms: statements.ms, wall_ms: wall, cpu_ms: (used.user + used.system) / 1000 });
}
const round = (v: number) => Math.round(v * 10) / 10;
const result = {
  database: args['db-name'],
  queries: queries.length,
  seed: Number(args.seed),
  load_average: os.loadavg().map(round),
  statements: summary(rows.map((r) => r.statements)),
  db_ms: summary(rows.map((r) => r.db_ms)),
  wall_ms: summary(rows.map((r) => r.wall_ms)),
  node_cpu_ms: summary(rows.map((r) => r.cpu_ms)),
  slowest: [...rows]
    .sort((a, b) => b.wall_ms - a.wall_ms)
    .slice(0, Number(args.slowest))
    .map((r) => ({ ...r, db_ms: round(r.db_ms), wall_ms: round(r.wall_ms), cpu_ms: round(r.cpu_ms) })),
};
console.log(JSON.stringify(result, null, 2));
if (args.answers) writeFileSync(args.answers, JSON.stringify(answers, null, 1));
if (args.out) writeFileSync(args.out, `${JSON.stringify(result, null, 2)}\n`);
await client.end({ timeout: 5 });
