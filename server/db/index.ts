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
import * as schema from './schema/index.ts';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Trigram word similarity needed for a search word to match (pg_trgm's default is 0.6): 0.5 lets
 * one wrong or missing letter in a short word through ("melborne" finds Melbourne).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

/** The rows of db.execute(): PGlite answers {rows}, postgres.js an array. */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
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
      connection: { 'pg_trgm.word_similarity_threshold': WORD_SIMILARITY_THRESHOLD },
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    await migratePostgres(db as never, { migrationsFolder });
    return { db, engine: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  await client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, engine: 'pglite', close: () => client.close() };
}
