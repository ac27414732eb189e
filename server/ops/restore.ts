/**
 * npm run restore -- <archive>: loads a backup (server/ops/archive.ts) into the install `config`
 * describes, which must be empty (no tables in the PostgreSQL database, no DATA_DIR/pg, no files in
 * the local stores) unless forced. Everything in the archive is checked against its manifest before
 * anything is written, and the restored tables' row counts against it after.
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
import { StartupError } from '../startup.ts';
import { createPrivateStorage, createStorage } from '../storage/index.ts';
import { sniff } from '../uploads.ts';
import { archivePath, hashOfFile, libpqEnv, MANIFEST, manifestSchema, type Manifest, type Query, rowCounts } from './archive.ts';

const run = promisify(execFile);

/**
 * The archive's manifest, once the dump and every file have been read and found to match their
 * SHA-256 (one at a time: an archive may be larger than memory).
 */
export async function verifyArchive(dir: string): Promise<Manifest> {
  const manifestFile = path.join(dir, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new StartupError(`${dir} is not a backup: it has no ${MANIFEST}.`);
  const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
  if (!parsed.success)
    throw new StartupError(`${manifestFile} is not a manifest this version can restore: ${parsed.error.issues[0]?.message}`);
  const manifest = parsed.data;
  const parts = [{ relative: manifest.database.file, sha256: manifest.database.sha256 }];
  for (const file of manifest.files) parts.push({ relative: archivePath(file), sha256: file.sha256 });
  for (const { relative, sha256 } of parts) {
    const file = path.join(dir, relative);
    if (!fs.existsSync(file) || (await hashOfFile(file)) !== sha256)
      throw new StartupError(`${relative} in ${dir} is missing or differs from the manifest (damaged or changed): nothing was restored.`);
  }
  return manifest;
}

const hasFiles = (dir: string) =>
  fs.existsSync(dir) && fs.readdirSync(dir, { recursive: true, withFileTypes: true }).some((entry) => entry.isFile());

async function restorePostgres(url: string, dumpFile: string, force: boolean): Promise<Record<string, number>> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ n }] = await client.unsafe<[{ n: number }]>(`SELECT count(*)::int AS n FROM information_schema.tables
      WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`);
    if (n > 0 && !force)
      throw new StartupError(
        `The database of DATABASE_URL is not empty (${n} tables): restore into an empty database, or add --force to replace what it holds.`,
      );
    const env = libpqEnv(url);
    // one transaction: a restore that fails half-way leaves the database as it was
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${env.PGDATABASE}`];
    await run('pg_restore', [...(force ? [...args, '--clean', '--if-exists'] : args), dumpFile], { env, maxBuffer: 16 * 1024 * 1024 });
    return await rowCounts((text) => client.unsafe(text));
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** Loads PGlite's dump into DATA_DIR/pg; with `force`, a database already there is moved aside, never deleted. */
async function restorePglite(dir: string, dumpFile: string, force: boolean): Promise<Record<string, number>> {
  const lock = acquireOwnerLock(dir);
  try {
    if (fs.existsSync(dir) && fs.readdirSync(dir).length) {
      if (!force)
        throw new StartupError(`${dir} already holds a database: restore into an empty DATA_DIR, or add --force to move it aside.`);
      fs.renameSync(dir, `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    }
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: await fs.openAsBlob(dumpFile) });
    try {
      const query: Query = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
      return await rowCounts(query);
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** Local stores must be empty, unless forced (a bucket cannot be listed cheaply: its files are put back over any there). */
function assertStoresEmpty(config: Config) {
  if (config.s3) return;
  const full = [config.uploadsDir, config.privateUploadsDir].filter(hasFiles);
  if (full.length) throw new StartupError(`${full.join(' and ')} already hold files: restore into an empty DATA_DIR, or add --force.`);
}

/** Puts every archived file back into its store; a store answers the same key for the same bytes. */
async function restoreFiles(config: Config, dir: string, manifest: Manifest) {
  const stores = { public: await createStorage(config), private: await createPrivateStorage(config) };
  for (const file of manifest.files) {
    const data = fs.readFileSync(path.join(dir, archivePath(file)));
    const ref = await stores[file.store].put(data, path.extname(file.key).slice(1), sniff(data)?.mime ?? 'application/octet-stream');
    if (!ref.endsWith(file.key)) throw new Error(`${archivePath(file)} was stored as ${ref}, not under its key`);
  }
}

/**
 * Restores the archive in `dir` into the install `config` describes: checks the archive, then the
 * target is empty (unless `force`), loads the database, puts back the files and compares the row
 * counts with the manifest's.
 */
export async function restore(config: Config, dir: string, options: { force?: boolean } = {}): Promise<Manifest> {
  const force = options.force ?? false;
  const manifest = await verifyArchive(dir);
  const dumpFile = path.join(dir, manifest.database.file);
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine !== engine)
    throw new StartupError(
      `This backup is of ${manifest.engine === 'postgres' ? 'a PostgreSQL server' : 'the embedded PGlite database'}: restore it with ${manifest.engine === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset'}.`,
    );
  if (!force) assertStoresEmpty(config);
  const tables = config.databaseUrl
    ? await restorePostgres(config.databaseUrl, dumpFile, force)
    : await restorePglite(path.join(config.dataDir, 'pg'), dumpFile, force);
  await restoreFiles(config, dir, manifest);
  const differ = Object.keys({ ...manifest.tables, ...tables }).filter((t) => manifest.tables[t] !== tables[t]);
  if (differ.length) throw new Error(`restored, but the row counts differ from the backup's in ${differ.join(', ')}`);
  return manifest;
}
