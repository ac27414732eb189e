import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { serveMedia } from '../../server/bootstrap.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/index.ts';
import { serveSite, siteNotFound } from '../../server/site-files.ts';
import { localStorage, type Storage } from '../../server/storage/index.ts';

export type Engine = 'pglite' | 'postgres';

/** The engines every API test file runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** the public uploads, served under /media */
  uploadsDir: string;
  /** personal files (application documents, complaint evidence) */
  privateDir: string;
  privateStorage: Storage;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server (dropped on close), so files running in parallel never share rows.
 */
export async function buildTestApp(engine: Engine, options: { siteDir?: string; env?: Record<string, string> } = {}): Promise<TestApp> {
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, ...options.env }), production: false };
  const privateStorage = localStorage(config.privateUploadsDir);
  const notFound = options.siteDir ? siteNotFound(options.siteDir) : undefined;
  const app = await buildApp({ config, database, storage: localStorage(config.uploadsDir, config.mediaBaseUrl), privateStorage, jwtSecret: 'test-secret-'.padEnd(40, 'x'), notFound });
  // /media as `npm start` serves it, so tests can show what is (and is not) public
  await serveMedia(app, config);
  // and, when asked, a built site (siteDir/current) as `npm start` serves it
  if (options.siteDir) await serveSite(app, options.siteDir);
  await app.ready();
  return {
    app,
    database,
    uploadsDir: config.uploadsDir,
    privateDir: config.privateUploadsDir,
    privateStorage,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let userCounter = 0;

/**
 * A signed-in account of `role` without going through /auth/login/ (no Argon2 per test): a users
 * row and an access token signed by the app. `links` ties an institution account to its row.
 */
export async function tokenFor(
  t: TestApp,
  role: 'admin' | 'consultancy' | 'college' | 'university' | 'student',
  links: { consultancy_id?: number; college_id?: number; university_id?: number } = {},
): Promise<{ id: number; token: string; auth: { authorization: string } }> {
  const { users } = await import('../../server/db/schema/index.ts');
  userCounter += 1;
  const [user] = await t.database.db
    .insert(users)
    .values({ email: `${role}-${userCounter}-${crypto.randomBytes(3).toString('hex')}@test.example`, password_hash: 'not-a-hash', role, first_name: 'Test', last_name: role, ...links })
    .returning({ id: users.id });
  const token = await t.app.tokens.sign({ sub: user.id, role });
  return { id: user.id, token, auth: { authorization: `Bearer ${token}` } };
}

/** A multipart body for inject(): text fields and files (name, bytes, declared type). */
export function multipart(fields: Record<string, string | string[]>, files: { field: string; filename: string; data: Buffer; type?: string }[] = []) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    }
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real PNG of the given size, made locally. */
/**
 * The few bytes of a PNG that claims to be width x height (a 1-bit greyscale header, no pixel
 * data): what an attacker sends to make a server decode millions of pixels from a tiny file.
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(0))), chunk('IEND', Buffer.alloc(0))]);
}

export async function pngImage(width = 64, height = 64): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } }).png().toBuffer();
}
