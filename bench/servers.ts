/**
 * The two servers `bench/api.ts` drives, each started in its own child process (PGlite: both in
 * one, since an embedded database belongs to one process):
 *
 * - `api`: the real API, buildApp() + listen on an ephemeral loopback port, logger off.
 * - `bare`: node:http + postgres.js (or the same PGlite) running the SAME SQL as the API's list
 *   and detail of one entity (bench/shapes.ts takes it from server/entities/query.ts) and writing
 *   the same JSON. No validation, no plugins, no ORM: the floor the API is measured against.
 *
 * Started with `node --import tsx bench/servers.ts <api|bare|both> <json options>`; reports
 * `{ready: {api?: port, bare?: port}}` over IPC.
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/index.ts';
import { serverEntity, type ServerEntity } from '../server/entities/registry.ts';
import { pageLinks } from '../server/services/paging.ts';
import { localStorage } from '../server/storage/index.ts';
import {
  detailShape,
  fill,
  listShape,
  objectsOf,
  refFields,
  relatedShape,
  searchRecorder,
  type Exec,
  type ListShape,
  type RelatedShape,
  type RowsTemplate,
  type SearchReplay,
} from './shapes.ts';

export interface ServerOptions {
  /** postgres:// URL of the bench database; unset: PGlite in pgliteDir */
  url?: string;
  pgliteDir?: string;
  poolSize: number;
  /** the entity whose list and detail the bare handler serves */
  entity: string;
  /** bare handler: use named prepared statements (postgres.js's default) */
  prepare: boolean;
  /** bare handler: let PostgreSQL switch prepared statements to generic plans (its default) */
  genericPlans?: boolean;
}

// Date and time types stay the text PostgreSQL sends, as the API's drizzle drivers keep them.
const TEXT_TYPES = [1082, 1083, 1114, 1184, 1182, 1115, 1185, 1186, 1187, 1231];
const JSON_TYPES = [114, 3802];

/**
 * Prepared statements planned for their actual parameters every time (force_custom_plan), as the
 * API's are (server/db/index.ts): after five runs PostgreSQL would otherwise switch a prepared
 * search statement to a generic plan that knows nothing of the search term, and the two servers
 * would no longer run the same plans.
 */
export function postgresExec(url: string, poolSize: number, prepare: boolean, genericPlans: boolean): Exec & { end(): Promise<void> } {
  const sql = postgres(url, {
    max: poolSize,
    onnotice: () => {},
    connection: genericPlans ? {} : { plan_cache_mode: 'force_custom_plan' },
  });
  for (const type of TEXT_TYPES) {
    sql.options.parsers[type] = (value: string) => value;
    sql.options.serializers[type] = (value: unknown) => value;
  }
  // json parameters arrive as JSON text, as drizzle's driver sends them (the word facts' words)
  for (const type of JSON_TYPES) sql.options.serializers[type] = (value: unknown) => value;
  return {
    rows: (text, params) => sql.unsafe(text, params as never[], { prepare }) as unknown as Promise<Record<string, unknown>[]>,
    values: (text, params) => sql.unsafe(text, params as never[], { prepare }).values() as unknown as Promise<unknown[][]>,
    end: () => sql.end({ timeout: 5 }),
  };
}

function pgliteExec(pg: PGlite): Exec {
  const parsers = Object.fromEntries(TEXT_TYPES.map((t) => [t, (value: string) => value]));
  return {
    rows: async (text, params) => (await pg.query<Record<string, unknown>>(text, params, { rowMode: 'object', parsers })).rows,
    values: async (text, params) => (await pg.query<unknown[]>(text, params, { rowMode: 'array', parsers })).rows,
  };
}

/** An Exec over an open Database's own client, for the harness's statements (shapes, EXPLAIN samples). */
export function databaseExec(database: Database): Exec {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.engine === 'pglite') return pgliteExec(client as PGlite);
  const sql = client as postgres.Sql;
  return {
    rows: (text, params) => sql.unsafe(text, params as never[]) as unknown as Promise<Record<string, unknown>[]>,
    values: (text, params) => sql.unsafe(text, params as never[]).values() as unknown as Promise<unknown[][]>,
  };
}

const positiveInt = (value: string | null, fallback: number) => {
  if (value === null) return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/** A bare server and how to give it the searches it will be asked, recorded ahead (varied, none repeated). */
export interface Bare {
  server: http.Server;
  record(queries: string[]): Promise<void>;
}

/**
 * The bare handler: GET /api/<path>/?page=&page_size=&search= and GET /api/<path>/<id>/. A search
 * recorded ahead (`record`: varied queries, each asked once) replays the statements the API ran for
 * it the first time; any other search runs the warm shape of its term (`listShape`).
 */
export async function bareServer(entity: ServerEntity, exec: Exec): Promise<Bare> {
  const replays = new Map<string, SearchReplay>();
  const listShapes = new Map<string, Promise<ListShape>>();
  const detail: RowsTemplate = await detailShape(entity);
  const refs = refFields(entity);
  const relatedShapes = new Map<string, Promise<RelatedShape[]>>();
  const listPath = `/api/${entity.decl.path}/`;

  async function list(url: string) {
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    const page = positiveInt(query.get('page'), 1);
    const pageSize = positiveInt(query.get('page_size'), 20);
    const replay = replays.get(query.get('search') ?? '');
    if (replay && page === 1 && pageSize === 20) return replayed(url, replay);
    const q = query.get('search')?.trim().toLowerCase() ?? '';
    let shape = listShapes.get(q);
    if (!shape) listShapes.set(q, (shape = listShape(exec, entity, q || undefined)));
    const { warm, count } = await shape;
    const values = { limit: pageSize, offset: (page - 1) * pageSize };
    // As listRows: the content version (its memo) first, then the page.
    for (const t of warm.before) await exec.values(t.text, fill(t, values));
    const results = objectsOf(warm.page.keys, await exec.values(warm.page.text, fill(warm.page, values)));
    return { count, ...pageLinks({ url } as never, count, page, pageSize), results };
  }

  /** A recorded first search: its statements in order, those the API sent together run together. */
  async function replayed(url: string, { steps, count, keys }: SearchReplay) {
    let results: Record<string, unknown>[] = [];
    for (let i = 0; i < steps.length;) {
      let end = i + 1;
      while (end < steps.length && steps[end]!.concurrent) end++;
      const group = steps.slice(i, end);
      const answers = await Promise.all(group.map((s) => exec.values(s.text, s.params)));
      group.forEach((s, k) => {
        if (/\boffset\b/i.test(s.text)) results = objectsOf(keys, answers[k]!);
      });
      i = end;
    }
    return { count, ...pageLinks({ url } as never, count, 1, 20), results };
  }

  async function record(queries: string[]) {
    let next = 0;
    const worker = async () => {
      const recordOne = await searchRecorder(exec, entity);
      while (next < queries.length) {
        const q = queries[next++]!;
        replays.set(q, await recordOne(q));
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }

  async function one(id: number) {
    const [row] = objectsOf(detail.keys, await exec.values(detail.text, fill(detail, { id })));
    if (!row) return null;
    const ids: Record<string, number[]> = {};
    const lengths: Record<string, number> = {};
    for (const { field } of refs) {
      const raw = row[field];
      ids[field] = (Array.isArray(raw) ? raw : raw == null ? [] : [raw]) as number[];
      lengths[field] = ids[field]!.length;
    }
    const key = JSON.stringify(lengths);
    let shapes = relatedShapes.get(key);
    if (!shapes) relatedShapes.set(key, (shapes = relatedShape(entity, lengths)));
    const values: Record<string, unknown> = {};
    for (const { field } of refs) values[field] = ids[field];
    const related: Record<string, { id: number; label: string; slug: string | null }[]> = {};
    for (const { field } of refs) if (ids[field]!.length === 0) related[field] = [];
    await Promise.all(
      (await shapes).map(async ({ field, template }) => {
        const rows = await exec.values(template.text, fill(template, values));
        const byId = new Map(
          rows.map(([id, label, slug]) => [id as number, { id: id as number, label: label as string, slug: slug as string | null }]),
        );
        related[field] = ids[field]!.map((id) => byId.get(id)).filter((r) => r !== undefined);
      }),
    );
    return { ...row, related };
  }

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const json = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
    res.end(json);
  };

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const pathname = url.split('?', 1)[0]!;
    let work: Promise<unknown> | null = null;
    if (pathname === listPath) work = list(url);
    else if (pathname.startsWith(listPath)) {
      const id = pathname.slice(listPath.length).replace(/\/$/, '');
      if (/^\d{1,9}$/.test(id)) work = one(Number(id));
    }
    if (!work) return send(res, 404, { error: 'Not found.' });
    work.then(
      (body) => (body ? send(res, 200, body) : send(res, 404, { error: 'Not found.' })),
      (error: Error) => send(res, 500, { error: error.message }),
    );
  });
  return { server, record };
}

async function apiServer(database: Database): Promise<{ listen(): Promise<number> }> {
  const dataDir = path.join(os.tmpdir(), `bench-api-${process.pid}`);
  // PUBLIC_CACHE_MB=0 npm run bench:api: no answer kept, so every request runs its statements (the memo still holds counts and plans)
  const { PUBLIC_CACHE_MB } = process.env;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    NODE_ENV: 'development',
    ...(PUBLIC_CACHE_MB ? { PUBLIC_CACHE_MB } : {}),
  });
  const { buildApp } = await import('../server/app.ts');
  const app = await buildApp({
    config,
    database,
    storage: localStorage(path.join(dataDir, 'uploads'), '/media'),
    jwtSecret: 'bench-secret',
    logger: false,
  });
  return {
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      return (app.server.address() as { port: number }).port;
    },
  };
}

const listenHttp = (server: http.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));

async function main() {
  const mode = process.argv[2] as 'api' | 'bare' | 'both';
  const options = JSON.parse(process.argv[3] ?? '{}') as ServerOptions;
  const entity = serverEntity(options.entity);
  const ready: { api?: number; bare?: number } = {};
  let bare: Bare | undefined;
  if (options.url) {
    if (mode === 'api') {
      const database = await openDatabase({ url: options.url, poolSize: options.poolSize });
      ready.api = await (await apiServer(database)).listen();
    } else {
      bare = await bareServer(entity, postgresExec(options.url, options.poolSize, options.prepare, options.genericPlans ?? false));
      ready.bare = await listenHttp(bare.server);
    }
  } else {
    const database = await openDatabase({ pgliteDir: options.pgliteDir });
    ready.api = await (await apiServer(database)).listen();
    const pg = (database.db as unknown as { $client: PGlite }).$client;
    bare = await bareServer(entity, pgliteExec(pg));
    ready.bare = await listenHttp(bare.server);
  }
  process.on('message', (message: { cpu?: number; record?: number; queries?: string[] }) => {
    // CPU time of this process, asked for around each run to get CPU per request.
    if (message.cpu !== undefined) process.send!({ cpu: message.cpu, usage: process.cpuUsage() });
    if (message.record !== undefined && bare) void bare.record(message.queries!).then(() => process.send!({ recorded: message.record }));
  });
  process.send!({ ready });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
