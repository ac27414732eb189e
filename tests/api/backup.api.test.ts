import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, rowsOf } from '../../server/db/index.ts';
import { seedDemo } from '../../server/db/seed/demo.ts';
import { MANIFEST } from '../../server/ops/archive.ts';
import { backup } from '../../server/ops/backup.ts';
import { restore } from '../../server/ops/restore.ts';
import { createPrivateStorage, createStorage } from '../../server/storage/index.ts';
import { engines, PASSWORD, scratchDatabase, type Engine } from './helpers.ts';

/** SHA-256 of every file under `dir`, by its path inside it. */
function hashes(dir: string): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return out;
}

/** Rows per table, counted here rather than by the code under test. */
async function counts(config: Config): Promise<Record<string, number>> {
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pg'), poolSize: 1 });
  try {
    const tables = rowsOf<{ schema: string; name: string }>(
      await database.db.execute(sql`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`),
    );
    const out: Record<string, number> = {};
    for (const { schema, name } of tables) {
      const [row] = rowsOf<{ n: number }>(
        await database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(schema)}.${sql.identifier(name)}`),
      );
      out[`${schema}.${name}`] = row!.n;
    }
    return out;
  } finally {
    await database.close();
  }
}

/** A throwaway install: a DATA_DIR, and on PostgreSQL a database of its own on the test server (dropped at the end). */
async function install(engine: Engine, cleanups: (() => Promise<void>)[]): Promise<Config> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (engine === 'pglite') return loadConfig({ DATA_DIR: dataDir });
  const scratch = await scratchDatabase('test_backup');
  cleanups.push(scratch.drop);
  return loadConfig({ DATA_DIR: dataDir, DATABASE_URL: scratch.url });
}

describe.each(engines)('backup and restore on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  let source: Config;
  let target: Config;
  let archive: string;
  beforeAll(async () => {
    source = await install(engine, cleanups);
    target = await install(engine, cleanups);
    archive = path.join(source.dataDir, '..', `${path.basename(source.dataDir)}-archive`);
    cleanups.push(async () => fs.rmSync(archive, { recursive: true, force: true }));
    // a seeded install: demo content with its images (public) and licence documents (private)
    const database = await openDatabase({ url: source.databaseUrl, pgliteDir: path.join(source.dataDir, 'pg'), poolSize: 2 });
    try {
      const privateStorage = await createPrivateStorage(source);
      await seedDemo(database.db, await createStorage(source), { password: PASSWORD, production: false, privateStorage });
    } finally {
      await database.close();
    }
  }, 180_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('round-trips a seeded install: the same rows per table and the same files, byte for byte', async () => {
    const manifest = await backup(source, archive);
    expect(fs.existsSync(path.join(archive, MANIFEST))).toBe(true);
    expect(manifest.engine).toBe(engine);
    expect(manifest.missing).toEqual([]);
    expect(manifest.files.some((f) => f.store === 'public')).toBe(true);
    expect(manifest.files.some((f) => f.store === 'private')).toBe(true);

    await restore(target, archive);

    const before = await counts(source);
    const after = await counts(target);
    expect(after).toEqual(before);
    expect(before['public.users']).toBeGreaterThan(0);
    expect(before['public.consultancies']).toBeGreaterThan(0);
    expect(before['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
    expect(hashes(target.uploadsDir)).toEqual(hashes(source.uploadsDir));
    expect(hashes(target.privateUploadsDir)).toEqual(hashes(source.privateUploadsDir));
    expect(Object.keys(hashes(target.privateUploadsDir)).length).toBeGreaterThan(0);
    // the restored install opens, migrates (nothing to do) and reads as the source did
    expect(await counts(target)).toEqual(before);
  }, 180_000);

  it('refuses a target that is not empty, unless forced', async () => {
    await expect(restore(target, archive)).rejects.toThrow(/already hold files: restore into an empty DATA_DIR, or add --force/);
    // the files gone, the database still holds the rows
    fs.rmSync(target.uploadsDir, { recursive: true });
    fs.rmSync(target.privateUploadsDir, { recursive: true });
    await expect(restore(target, archive)).rejects.toThrow(
      engine === 'postgres' ? /The database of DATABASE_URL is not empty/ : /already holds a database: restore into an empty DATA_DIR/,
    );
    await restore(target, archive, { force: true });
    expect(await counts(target)).toEqual(await counts(source));
    expect(hashes(target.uploadsDir)).toEqual(hashes(source.uploadsDir));
    // a forced restore over an embedded database moves that database aside, never deletes it
    if (engine === 'pglite') expect(fs.readdirSync(target.dataDir).some((name) => name.startsWith('pg.before-restore-'))).toBe(true);
  }, 180_000);

  it('refuses an archive whose files differ from its manifest, before changing anything', async () => {
    const damaged = `${archive}-damaged`;
    cleanups.push(async () => fs.rmSync(damaged, { recursive: true, force: true }));
    fs.cpSync(archive, damaged, { recursive: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(damaged, MANIFEST), 'utf8')) as { files: { store: string; key: string }[] };
    const victim = manifest.files[0]!;
    fs.appendFileSync(path.join(damaged, 'files', victim.store, victim.key), 'x');
    const fresh = await install(engine, cleanups);
    await expect(restore(fresh, damaged)).rejects.toThrow(/differs from the manifest/);
    expect(hashes(fresh.uploadsDir)).toEqual({});
    expect(fs.existsSync(path.join(fresh.dataDir, 'pg'))).toBe(false);
  });

  it('restores on the engine the backup came from only', async () => {
    const fresh = await install(engine, cleanups);
    const other = { ...fresh, databaseUrl: engine === 'pglite' ? 'postgres://nobody@127.0.0.1:1/none' : undefined };
    await expect(restore(other, archive)).rejects.toThrow(
      engine === 'pglite' ? /restore it with DATABASE_URL unset/ : /restore it with DATABASE_URL set/,
    );
    expect(hashes(fresh.uploadsDir)).toEqual({});
  });

  it('fails when the restored row counts differ from the manifest', async () => {
    const edited = `${archive}-edited`;
    cleanups.push(async () => fs.rmSync(edited, { recursive: true, force: true }));
    fs.cpSync(archive, edited, { recursive: true });
    const file = path.join(edited, MANIFEST);
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { tables: Record<string, number> };
    manifest.tables['public.users']! += 1;
    fs.writeFileSync(file, JSON.stringify(manifest));
    await expect(restore(await install(engine, cleanups), edited)).rejects.toThrow(/row counts differ from the backup's in public\.users$/);
  }, 120_000);
});
