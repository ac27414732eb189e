import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/index.ts';
import { colleges, consultancies, courses, destinations, exams, forumCategories, universities, users, type Role } from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/auth/password.ts';

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
  opts: { email?: string; first_name?: string; last_name?: string; active?: boolean; consultancy_id?: number; college_id?: number; university_id?: number } = {},
): Promise<TestUser> {
  const institution =
    role === 'consultancy' && !opts.consultancy_id
      ? { consultancy_id: await createConsultancy(db) }
      : role === 'college' && !opts.college_id
        ? { college_id: await createCollege(db) }
        : role === 'university' && !opts.university_id
          ? { university_id: await createUniversity(db) }
          : {};
  const [row] = await db
    .insert(users)
    .values({
      email: opts.email ?? `${unique(role)}@example.com`,
      password_hash: await (passwordHash ??= hashPassword(PASSWORD)),
      role,
      first_name: opts.first_name ?? 'Test',
      last_name: opts.last_name ?? role,
      active: opts.active ?? true,
      consultancy_id: opts.consultancy_id,
      college_id: opts.college_id,
      university_id: opts.university_id,
      ...institution,
    })
    .returning({ id: users.id, email: users.email, role: users.role });
  return row!;
}

const named = (prefix: string, name?: string) => {
  const n = name ?? unique(prefix);
  return { name: n, slug: `${n.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${crypto.randomBytes(3).toString('hex')}` };
};

export const createConsultancy = async (db: Db, name?: string) =>
  (await db.insert(consultancies).values(named('consultancy', name)).returning({ id: consultancies.id }))[0]!.id;
export const createCollege = async (db: Db) => (await db.insert(colleges).values(named('college')).returning({ id: colleges.id }))[0]!.id;
export const createUniversity = async (db: Db) => (await db.insert(universities).values(named('university')).returning({ id: universities.id }))[0]!.id;
export const createDestination = async (db: Db, name?: string) =>
  (await db.insert(destinations).values(named('destination', name)).returning({ id: destinations.id }))[0]!.id;
export const createExam = async (db: Db) => (await db.insert(exams).values({ ...named('exam'), type: 'english' }).returning({ id: exams.id }))[0]!.id;
export const createCourse = async (db: Db) => (await db.insert(courses).values({ ...named('course'), level: 'bachelor' }).returning({ id: courses.id }))[0]!.id;
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
  if (b.fields !== undefined && (typeof b.fields !== 'object' || b.fields === null)) throw new Error(`fields is not an object: ${JSON.stringify(body)}`);
}
