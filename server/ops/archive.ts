/**
 * A backup archive (npm run backup / restore): a folder holding `manifest.json`, the database
 * (`database.dump`, pg_dump's custom format, for a PostgreSQL server; `pglite.tar.gz`, PGlite's
 * own dump of its data folder, for the embedded one) and the stored files the rows refer to, by
 * their content-hash key (`files/public/<key>`, `files/private/<key>`). The manifest lists each
 * file's SHA-256 and each table's row count, so a restore proves what it loaded.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';
import { CONTENT_KEY } from '../storage/index.ts';
import { FILE_COLUMNS, PRIVATE_FILE_COLUMNS } from '../storage/references.ts';

export const MANIFEST = 'manifest.json';
export const DUMP_FILE = { postgres: 'database.dump', pglite: 'pglite.tar.gz' } as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const archivedFile = z.object({
  store: z.enum(['public', 'private']),
  key: z.string().regex(CONTENT_KEY),
  sha256,
  bytes: z.number().int(),
});

export const manifestSchema = z.object({
  format: z.literal('studyabroad-backup'),
  version: z.literal(1),
  created_at: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  database: z.object({ file: z.string(), sha256, bytes: z.number().int() }),
  /** rows per table (schema-qualified), as the dump holds them */
  tables: z.record(z.string(), z.number().int()),
  files: z.array(archivedFile),
  /** references whose file was not in the store when the backup ran (the live install misses them too) */
  missing: z.array(z.string()),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ArchivedFile = z.infer<typeof archivedFile>;
export type Store = ArchivedFile['store'];

export const hashOf = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** SHA-256 of a file read as a stream (a database dump may be larger than memory). */
export async function hashOfFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const archivePath = (file: Pick<ArchivedFile, 'store' | 'key'>) => `files/${file.store}/${file.key}`;

/** Runs SQL text and answers its rows: PGlite's client and a postgres.js transaction alike. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows per table of every schema but the system's (the migrations' journal too), in name order. */
export async function rowCounts(query: Query): Promise<Record<string, number>> {
  const tables = await query(`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`);
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const [row] = await query(`SELECT count(*)::int AS n FROM ${ident(schema)}.${ident(name)}`);
    counts[`${schema}.${name}`] = Number(row!.n);
  }
  return counts;
}

/** Every stored file a row refers to, by store: the columns the reference counting knows (server/storage/references.ts). */
export async function referencedFiles(query: Query): Promise<{ store: Store; ref: string }[]> {
  const found = new Map<string, Store>();
  for (const column of FILE_COLUMNS) {
    const [table, name, isList] = column;
    const value = isList ? `unnest(${ident(name)})` : ident(name);
    const rows = await query(`SELECT DISTINCT ${value} AS ref FROM ${ident(table)}`);
    const store: Store = PRIVATE_FILE_COLUMNS.includes(column) ? 'private' : 'public';
    for (const { ref } of rows) if (typeof ref === 'string' && ref) found.set(`${store}\n${ref}`, store);
  }
  return [...found.keys()].sort().map((entry) => {
    const [store, ref] = entry.split('\n') as [Store, string];
    return { store, ref };
  });
}

/**
 * libpq's environment for pg_dump and pg_restore from a postgres:// URL: the password never goes
 * on a command line, which `ps` shows to every user of the machine.
 */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: u.hostname || 'localhost',
    PGPORT: u.port || '5432',
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)) || decodeURIComponent(u.username),
  };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}
