import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/index.ts';
import { localStorage } from '../../server/storage/index.ts';

export type Engine = 'pglite' | 'postgres';

/** The engines every API test file runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  uploadsDir: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server (dropped on close), so files running in parallel never share rows.
 */
export async function buildTestApp(engine: Engine): Promise<TestApp> {
  let dropDatabase = async () => {};
  let database: Database;
  if (engine === 'postgres') {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), poolSize: 4 });
    dropDatabase = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    database = await openDatabase({ pgliteDir: 'memory://' });
  }
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  const config = { ...loadConfig({ DATA_DIR: uploadsDir, UPLOADS_DIR: uploadsDir }), production: false };
  const app = await buildApp({ config, database, storage: localStorage(uploadsDir, config.mediaBaseUrl), jwtSecret: 'test-secret-'.padEnd(40, 'x') });
  await app.ready();
  return {
    app,
    database,
    uploadsDir,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
