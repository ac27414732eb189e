/**
 * npm run backup: the database and the stored files its rows refer to, into one archive folder
 * (server/ops/archive.ts). On a PostgreSQL server the dump and the list of files come from one
 * snapshot (pg_dump --snapshot), so the files are exactly those the dumped rows refer to, while the
 * API keeps serving. The embedded PGlite belongs to one process: the server must be stopped.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import type { Config } from '../config.ts';
import { acquireOwnerLock } from '../db/owner-lock.ts';
import { CONTENT_KEY, createPrivateStorage, createStorage, type Storage } from '../storage/index.ts';
import {
  archivePath,
  DUMP_FILE,
  hashOf,
  hashOfFile,
  libpqEnv,
  MANIFEST,
  type ArchivedFile,
  type Manifest,
  type Query,
  referencedFiles,
  rowCounts,
  type Store,
} from './archive.ts';

const run = promisify(execFile);

interface Snapshot {
  tables: Record<string, number>;
  refs: { store: Store; ref: string }[];
}

/** pg_dump of one exported snapshot, with the row counts and file references read in that snapshot. */
async function dumpPostgres(url: string, file: string): Promise<Snapshot> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await client.begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', async (tx) => {
      const [{ snapshot }] = await tx.unsafe<[{ snapshot: string }]>('SELECT pg_export_snapshot() AS snapshot');
      const query: Query = (text) => tx.unsafe(text);
      // the snapshot lives as long as this transaction: pg_dump imports it before we read in it
      const dump = run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`], {
        env: libpqEnv(url),
        maxBuffer: 16 * 1024 * 1024,
      });
      const [tables, refs] = [await rowCounts(query), await referencedFiles(query)];
      await dump;
      return { tables, refs };
    });
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** PGlite's own dump of its data folder; the owner lock keeps a running server (or another command) out meanwhile. */
async function dumpPglite(dir: string, file: string): Promise<Snapshot> {
  const lock = acquireOwnerLock(dir);
  try {
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    try {
      const query: Query = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
      const snapshot = { tables: await rowCounts(query), refs: await referencedFiles(query) };
      const dump = await client.dumpDataDir('gzip');
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      return snapshot;
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** The content-hash key of a reference: a private store's reference is its key, a public one's is under MEDIA_BASE_URL. */
function keyOf(store: Store, ref: string, mediaBaseUrl: string): string | null {
  const key = store === 'private' ? ref : ref.startsWith(`${mediaBaseUrl}/`) ? ref.slice(mediaBaseUrl.length + 1) : '';
  return CONTENT_KEY.test(key) ? key : null;
}

/** Copies the referenced files into the archive; references to nothing stored are listed as missing. */
async function copyFiles(out: string, refs: Snapshot['refs'], stores: Record<Store, Storage>, mediaBaseUrl: string) {
  const files: ArchivedFile[] = [];
  const missing: string[] = [];
  for (const { store, ref } of refs) {
    const key = keyOf(store, ref, mediaBaseUrl);
    const data = key ? await stores[store].read(ref) : null;
    if (!key || !data) {
      missing.push(ref);
      continue;
    }
    const target = path.join(out, archivePath({ store, key }));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, data, { mode: 0o600 });
    files.push({ store, key, sha256: hashOf(data), bytes: data.length });
  }
  return { files, missing };
}

/** Writes a backup of the install `config` describes into the new folder `out`; answers its manifest. */
export async function backup(config: Config, out: string): Promise<Manifest> {
  if (fs.existsSync(out) && fs.readdirSync(out).length)
    throw new Error(`${out} exists and is not empty: name a new folder for the backup.`);
  // personal files are in it: the archive is the owner's alone
  fs.mkdirSync(out, { recursive: true, mode: 0o700 });
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  const dumpFile = path.join(out, DUMP_FILE[engine]);
  const snapshot = config.databaseUrl
    ? await dumpPostgres(config.databaseUrl, dumpFile)
    : await dumpPglite(path.join(config.dataDir, 'pg'), dumpFile);
  const stores = { public: await createStorage(config), private: await createPrivateStorage(config) };
  const { files, missing } = await copyFiles(out, snapshot.refs, stores, config.mediaBaseUrl);
  const manifest: Manifest = {
    format: 'studyabroad-backup',
    version: 1,
    created_at: new Date().toISOString(),
    engine,
    database: { file: DUMP_FILE[engine], sha256: await hashOfFile(dumpFile), bytes: fs.statSync(dumpFile).size },
    tables: snapshot.tables,
    files,
    missing,
  };
  fs.writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}
