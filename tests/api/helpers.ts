import net from 'node:net';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../server/auth/password.ts';
import type { FrontFeed } from '../../server/plugins/front-feed.ts';
import { buildApp } from '../../server/app.ts';
import { serveMedia } from '../../server/bootstrap.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database, type Db } from '../../server/db/index.ts';
import {
  colleges,
  consultancies,
  courses,
  destinations,
  exams,
  forumCategories,
  universities,
  users,
  type Role,
} from '../../server/db/schema/index.ts';
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
/** A database of its own on the test server (TEST_DATABASE_URL), named `<prefix>_<random>`: its address, and how to drop it. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  return { url: url.toString(), drop };
}

export async function buildTestApp(
  engine: Engine,
  options: { siteDir?: string; env?: Record<string, string>; front?: FrontFeed } = {},
): Promise<TestApp> {
  let dropDatabase = async () => {};
  let database: Database;
  if (engine === 'postgres') {
    const scratch = await scratchDatabase('test');
    database = await openDatabase({ url: scratch.url, poolSize: 4 });
    dropDatabase = scratch.drop;
  } else {
    database = await openDatabase({ pgliteDir: 'memory://' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, ...options.env }), production: false };
  const privateStorage = localStorage(config.privateUploadsDir);
  const notFound = options.siteDir ? siteNotFound(options.siteDir) : undefined;
  const app = await buildApp({
    config,
    database,
    storage: localStorage(config.uploadsDir, config.mediaBaseUrl),
    privateStorage,
    jwtSecret: 'test-secret-'.padEnd(40, 'x'),
    notFound,
    front: options.front,
  });
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

/** A multipart body for inject(): text fields and files (name, bytes, declared type). */
export function multipart(
  fields: Record<string, string | string[]>,
  files: { field: string; filename: string; data: Buffer; type?: string }[] = [],
) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    }
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
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
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(0))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function pngImage(width = 64, height = 64): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();
}

// Accounts, rows and sessions for tests

export const PASSWORD = 'correct-horse-9';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}-${crypto.randomBytes(3).toString('hex')}`;

/** A different client address per call, so per-IP limits of one test never reach another. */
export const freshIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

// One hash for every fixture account: Argon2 is slow on purpose.
let passwordHash: Promise<string> | undefined;

export interface TestUser {
  id: number;
  email: string;
  role: Role;
}

export async function createUser(
  db: Db,
  role: Role,
  opts: {
    email?: string;
    first_name?: string;
    last_name?: string;
    active?: boolean;
    consultancy_id?: number;
    college_id?: number;
    university_id?: number;
  } = {},
): Promise<TestUser> {
  const institution =
    role === 'consultancy' && !opts.consultancy_id
      ? { consultancy_id: await createConsultancy(db) }
      : role === 'college' && !opts.college_id
        ? { college_id: await createCollege(db) }
        : role === 'university' && !opts.university_id
          ? { university_id: await createUniversity(db) }
          : {};
  return insertUser(db, role, {
    email: opts.email,
    password_hash: await (passwordHash ??= hashPassword(PASSWORD)),
    first_name: opts.first_name,
    last_name: opts.last_name,
    active: opts.active,
    consultancy_id: opts.consultancy_id,
    college_id: opts.college_id,
    university_id: opts.university_id,
    ...institution,
  });
}

/** A users row of `role` with a unique email (the one insert both kinds of test account go through). */
async function insertUser(
  db: Db,
  role: Role,
  values: Omit<Partial<typeof users.$inferInsert>, 'role'> & { password_hash: string },
): Promise<TestUser> {
  const [row] = await db
    .insert(users)
    .values({
      first_name: 'Test',
      last_name: role,
      active: true,
      ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)),
      email: values.email ?? `${unique(role)}@example.com`,
      role,
      password_hash: values.password_hash,
    })
    .returning({ id: users.id, email: users.email, role: users.role });
  return row!;
}

/**
 * A signed-in account of `role` without going through /auth/login/ (no Argon2 per test): a users
 * row and an access token signed by the app. `links` ties an institution account to its row.
 */
export async function tokenFor(
  t: TestApp,
  role: Role,
  links: { consultancy_id?: number; college_id?: number; university_id?: number } = {},
): Promise<{ id: number; token: string; auth: { authorization: string } }> {
  const user = await insertUser(t.database.db, role, { password_hash: 'not-a-hash', ...links });
  const token = await t.app.tokens.sign({ sub: user.id, role });
  return { id: user.id, token, auth: { authorization: `Bearer ${token}` } };
}

const named = (prefix: string, name?: string) => {
  const n = name ?? unique(prefix);
  return { name: n, slug: `${n.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${crypto.randomBytes(3).toString('hex')}` };
};

export const createConsultancy = async (db: Db, name?: string) =>
  (await db.insert(consultancies).values(named('consultancy', name)).returning({ id: consultancies.id }))[0]!.id;
export const createCollege = async (db: Db) => (await db.insert(colleges).values(named('college')).returning({ id: colleges.id }))[0]!.id;
export const createUniversity = async (db: Db) =>
  (await db.insert(universities).values(named('university')).returning({ id: universities.id }))[0]!.id;
export const createDestination = async (db: Db, name?: string) =>
  (await db.insert(destinations).values(named('destination', name)).returning({ id: destinations.id }))[0]!.id;
export const createExam = async (db: Db) =>
  (
    await db
      .insert(exams)
      .values({ ...named('exam'), type: 'english' })
      .returning({ id: exams.id })
  )[0]!.id;
export const createCourse = async (db: Db) =>
  (
    await db
      .insert(courses)
      .values({ ...named('course'), level: 'bachelor' })
      .returning({ id: courses.id })
  )[0]!.id;
export const createForumCategory = async (db: Db, name?: string) =>
  (await db.insert(forumCategories).values(named('category', name)).returning({ id: forumCategories.id, slug: forumCategories.slug }))[0]!;

export interface Session {
  access: string;
  refresh: string;
  user: { id: number; email: string; role: Role };
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password }, remoteAddress: freshIp() });
  if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A signed-in account of the role, ready to call with `as(session)`. */
export async function signedIn(app: FastifyInstance, db: Db, role: Role, opts: Parameters<typeof createUser>[2] = {}) {
  const user = await createUser(db, role, opts);
  return { ...(await login(app, user.email)), user };
}

export const bearer = (session: { access: string }) => ({ authorization: `Bearer ${session.access}` });

/** A tiny valid PDF for upload tests. */
export const samplePdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Every error body has this shape. */
export function expectErrorShape(body: unknown) {
  const b = body as { error?: unknown; fields?: unknown };
  if (typeof b.error !== 'string' || !b.error) throw new Error(`not an error body: ${JSON.stringify(body)}`);
  if (b.fields !== undefined && (typeof b.fields !== 'object' || b.fields === null))
    throw new Error(`fields is not an object: ${JSON.stringify(body)}`);
}

/** A port nothing listens on: a service (Redis, say) that is down. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
