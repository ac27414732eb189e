import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/index.ts';
import { lineLog } from './log.ts';
import { users } from './db/schema/index.ts';
import { DEMO_ACCOUNTS, seedDemo } from './db/seed/demo.ts';
import { ensureSingletons } from './db/seed/singletons.ts';
import { createPrivateStorage, createStorage } from './storage/index.ts';
import { scheduleOrphanSweep } from './storage/orphans.ts';
import { movePersonalFilesToPrivate } from './storage/private.ts';
import { StartupError } from './startup.ts';

async function hasAdmin(db: Database['db']) {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)))
    .limit(1);
  return admin !== undefined;
}

/** JWT_SECRET, or in development a random one kept in DATA_DIR so restarts keep sessions. */
function jwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.production)
    throw new StartupError(
      'JWT_SECRET must be set when NODE_ENV=production: set it to a long random value (openssl rand -hex 32), the same on every API instance.',
    );
  const file = path.join(config.dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

async function redisClient(config: Config) {
  if (!config.redisUrl) return undefined;
  const { Redis } = await import('ioredis');
  // a Redis that accepts connections but stalls must fail fast too: the rate limiter then lets requests through
  return new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 500 });
}

export interface Api {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** Opens and migrates the database, seeds demo content into an empty one, and builds the API. */
export async function startApi(
  config: Config,
  options: Pick<AppOptions, 'notFound' | 'siteStatus' | 'front'> & { log?: (line: string) => void } = {},
): Promise<Api> {
  const log = options.log ?? lineLog(config.production);
  // before anything is migrated or seeded: a misconfigured production start changes nothing
  const secret = jwtSecret(config);
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pg'),
    poolSize: config.databasePoolSize,
  });
  log(
    `Database: ${database.engine === 'postgres' ? 'PostgreSQL server (DATABASE_URL)' : `embedded PGlite in ${path.join(config.dataDir, 'pg')}`}, migrated`,
  );
  const storage = await createStorage(config);
  const privateStorage = await createPrivateStorage(config);
  const moved = await movePersonalFilesToPrivate(database.db, storage, privateStorage, config.mediaBaseUrl);
  if (moved) log(`Moved ${moved} application documents and complaint evidence files from public media to private storage.`);
  await ensureSingletons(database.db);
  const orphanSweep = scheduleOrphanSweep(database.db, privateStorage, log);
  if (!config.production) {
    const { seeded } = await seedDemo(database.db, storage, { password: config.demoPassword, production: false, privateStorage });
    if (seeded) log('Seeded demo content.');
    log(
      `Demo accounts (password ${process.env.DEMO_PASSWORD ? 'from DEMO_PASSWORD' : `"${config.demoPassword}"`}): ${DEMO_ACCOUNTS.map((a) => `${a.email} (${a.role})`).join(', ')}`,
    );
  }
  if (config.production && !(await hasAdmin(database.db)))
    log(
      'No admin account exists yet: create the first with `npm run create-admin -- --email you@example.org`' +
        (config.databaseUrl ? '.' : ' after stopping this server (it holds the embedded database).'),
    );
  const redis = await redisClient(config);
  const app = await buildApp({
    config,
    database,
    storage,
    privateStorage,
    jwtSecret: secret,
    logger: true,
    redis,
    notFound: options.notFound,
    siteStatus: options.siteStatus,
    front: options.front,
  });
  return {
    app,
    database,
    async close() {
      await app.close();
      await orphanSweep.stop();
      await database.close();
      redis?.disconnect();
    },
  };
}

export interface ListenAt extends Pick<Config, 'port' | 'host'> {
  /** what the log's "listening at" line calls this server */
  role?: string;
}

/** Listens, and records the API's address so other commands on the same embedded database use it. */
export async function listen(api: Api, config: ListenAt) {
  const role = config.role ?? 'Server';
  await api.app.listen({ port: config.port, host: config.host, listenTextResolver: (at) => `${role} listening at ${at}` });
  const address = api.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.host)
    ? '127.0.0.1'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  api.database.announce(`http://${host}:${port}/api`);
  return port;
}

/** A process manager kills what has not stopped after about 10 s (Docker's default): stop before. */
export const STOP_DEADLINE_MS = 8000;

/**
 * Stops cleanly on Ctrl-C and on a process manager's SIGTERM: `close` stops taking connections,
 * lets requests in flight finish and releases what the process holds (the outbox's claims, the
 * embedded database's lock, child processes). A second signal, or the deadline, exits at once.
 */
export function closeOnSignals(close: () => Promise<void>, log: (line: string) => void) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: stopping (requests under way finish first)…`);
    setTimeout(() => {
      log(`Not stopped after ${STOP_DEADLINE_MS / 1000} s: exiting now.`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    close().then(
      () => {
        log('Stopped.');
        process.exit(0);
      },
      (err: unknown) => {
        log(`Stopping failed: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
}

/** Uploaded files under /media when they are kept on local disk (with S3 the bucket or CDN serves them). */
export async function serveMedia(app: FastifyInstance, config: Config) {
  if (config.s3) return;
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    setHeaders(res, filePath) {
      // Nothing in an uploaded file may run on our origin: opened on its own, any file is a sandboxed
      // document without scripts; a PDF (which may carry JavaScript) is downloaded, never shown in place.
      res.header('content-security-policy', MEDIA_POLICY);
      res.header('x-content-type-options', 'nosniff');
      if (filePath.toLowerCase().endsWith('.pdf')) res.header('content-disposition', 'attachment');
    },
  });
}

export const MEDIA_POLICY = "sandbox; default-src 'none'";
