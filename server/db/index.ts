import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { StartupError } from '../startup.ts';
import { acquireOwnerLock } from './owner-lock.ts';
import { forDrizzle } from './pglite-parsers.ts';
import type { Db } from './rows.ts';
import { ensureFacetCounts } from './facet-counts.ts';
import { ensureSearchTriggers } from './search-triggers.ts';
import * as schema from './schema/index.ts';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export { rowsOf, type Db } from './rows.ts';

/**
 * drizzle runs its queries as unnamed statements (postgres.js `prepare: false`): a round trip to
 * parse, another to run. Named prepared statements, one per SQL text and connection, run in one
 * round trip and skip parsing; the texts are few (one per query shape; search words and ids are
 * parameters). Behind a transaction-mode pooler this needs PgBouncer 1.21+ with
 * max_prepared_statements. Migrations run before this, as some of their statements cannot be prepared.
 */
function preparing(client: postgres.Sql) {
  const unsafe = client.unsafe.bind(client);
  client.unsafe = ((text: string, params?: never[], options?: postgres.UnsafeQueryOptions) =>
    unsafe(text, params, { ...options, prepare: true })) as typeof client.unsafe;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** records where this process serves the API, for other commands on the same embedded database */
  announce(api: string): void;
  /**
   * PostgreSQL server only: takes the session-level advisory lock named `key` on a connection of its
   * own, held until the answer is called or the process dies (its connection closes); null when
   * another session holds it. Instances on other machines see the same lock.
   */
  sessionLock?: (key: string) => Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

/**
 * A connection of its own for an advisory lock, outside the pool: the work done under the lock
 * (migrations, a site build reading the API) needs the pool's connections, however small the pool.
 * Ending the connection releases the lock, as a crash would.
 */
const lockConnection = (url: string) => postgres(url, { max: 1, onnotice: () => {} });

/** Runs `work` holding the advisory lock `key`, waiting for it. */
async function whileLocked(url: string, key: string, work: () => Promise<void>) {
  const connection = lockConnection(url);
  try {
    await connection`select pg_advisory_lock(hashtextextended(${key}, 0))`;
    await work();
  } finally {
    await connection.end({ timeout: 5 });
  }
}

function sessionLockOf(url: string) {
  return async (key: string) => {
    const connection = lockConnection(url);
    try {
      const [row] = await connection<{ got: boolean }[]>`select pg_try_advisory_lock(hashtextextended(${key}, 0)) as got`;
      if (row?.got) return () => connection.end({ timeout: 5 });
    } catch (error) {
      await connection.end({ timeout: 5 });
      throw error;
    }
    await connection.end({ timeout: 5 });
    return null;
  };
}

/**
 * Opens the database: a PostgreSQL server when `url` is a postgres:// URL (pooled), else PGlite
 * persisted in the folder `pgliteDir` (or in memory for 'memory://'). Both run the same migrations.
 */
export async function openDatabase(options: { url?: string; pgliteDir?: string; poolSize?: number }): Promise<Database> {
  if (options.url) {
    const client = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      // Prepared statements are planned for their actual parameters every time: a generic plan
      // would read a search for a rare word and one for a third of the table the same way.
      connection: { plan_cache_mode: 'force_custom_plan' },
    });
    const db = drizzlePostgres(client, { schema });
    // instances started together would otherwise run the same migration twice at once
    await whileLocked(options.url, 'migrations', async () => {
      await migratePostgres(db, { migrationsFolder });
      await ensureSearchTriggers(db);
      await ensureFacetCounts(db);
    });
    preparing(client);
    return { db, engine: 'postgres', announce: () => {}, sessionLock: sessionLockOf(options.url), close: () => client.end({ timeout: 5 }) };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (dir.startsWith('memory://')) return openPglite(dir);
  // exactly one process opens these files: a second one damages them for good
  const lock = acquireOwnerLock(dir);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const database = await openPglite(dir);
    return {
      ...database,
      announce: lock.announce,
      async close() {
        await database.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPglite(dir: string): Promise<Database> {
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { extensions: { pg_trgm } });
  } catch (error) {
    // PGlite aborts with a WebAssembly RuntimeError (and its whole minified source) on files it cannot read
    if (error instanceof WebAssembly.RuntimeError || /Aborted/.test(String(error))) {
      throw new StartupError(
        `The embedded database in ${dir} cannot be opened: its files are damaged (often by two processes using it at once). ` +
          'Move that folder aside and start again for a fresh demo database.',
        { cause: error },
      );
    }
    throw error;
  }
  const db = drizzlePglite(forDrizzle(client), { schema });
  await migratePglite(db, { migrationsFolder });
  await ensureSearchTriggers(db);
  await ensureFacetCounts(db);
  return { db, engine: 'pglite', announce: () => {}, close: () => client.close() };
}
