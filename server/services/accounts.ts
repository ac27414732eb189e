import crypto from 'node:crypto';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import * as contract from '../../src/lib/contract/bodies/accounts.ts';
import { colleges, consultancies, universities, users, type Role } from '../db/schema/index.ts';
import { sessionColumns, type SessionUser } from '../plugins/auth.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { strongPassword } from '../auth/password-strength.ts';
import { bumpContentVersion } from '../content-version.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../errors.ts';
import { compose, siteUrl } from '../mail.ts';
import { enqueue } from './outbox.ts';
import { containsAny, orderingOf, orderingParam, pageQuery, pageWindow } from './paging.ts';
import { requireRows } from './refs.ts';
import { revokeUserSessions, startSession } from './sessions.ts';
import type { Runner } from './tx.ts';

// a new password must be one that is hard to guess
export const registration = contract.registration.superRefine(strongPassword);
export const newUser = contract.newUser.superRefine(strongPassword);
export const userChanges = contract.userChanges.superRefine(strongPassword);
export const passwordReset = contract.passwordReset.superRefine(strongPassword);

export const userQuery = z.strictObject({
  ...pageQuery,
  ordering: orderingParam,
  role: contract.role.optional(),
  active: z.enum(['true', 'false']).optional(),
});

/** What an admin sees of an account: never the password hash. */
const userColumns = {
  id: users.id,
  email: users.email,
  first_name: users.first_name,
  last_name: users.last_name,
  phone: users.phone,
  role: users.role,
  consultancy_id: users.consultancy_id,
  college_id: users.college_id,
  university_id: users.university_id,
  staff_role: users.staff_role,
  active: users.active,
  created_at: users.created_at,
  updated_at: users.updated_at,
};

// Verifying against a real hash when the email is unknown keeps both failures equally slow.
let decoyHash: Promise<string> | undefined;

export async function login(app: FastifyInstance, input: z.infer<typeof contract.credentials>) {
  const [row] = await app.db
    .select({ ...sessionColumns, password_hash: users.password_hash, email_verified: users.email_verified })
    .from(users)
    .where(eq(users.email, input.email));
  const ok = await verifyPassword(row?.password_hash ?? (await (decoyHash ??= hashPassword('decoy-password'))), input.password);
  if (!row || !ok) throw unauthorized('Email or password is incorrect.');
  if (!row.active) throw forbidden('This account has been deactivated. Please contact the site administrator.');
  if (!row.email_verified) throw forbidden(UNCONFIRMED);
  const { active: _active, password_hash: _hash, email_verified: _verified, ...user } = row;
  return startSession(app, user);
}

export const SIGN_UP_SENT = 'Check your email: we sent a message to finish creating your account. It can take a minute to arrive.';
export const UNCONFIRMED = 'Confirm your email address first: open the link we sent you, or create the account again to get a new one.';
const VERIFY_PURPOSE = 'verify-email';
const VERIFY_LIFETIME = '2d';

/**
 * A student's sign-up. The answer is the same whether or not the address already has an account,
 * so nobody learns which addresses do: the owner of the address is told by mail instead (a link
 * that confirms a new account, or a note that one exists). A sign-up not yet confirmed may be
 * made again: the newest details win, since only the owner of the address can confirm them.
 */
export async function register(app: FastifyInstance, input: z.infer<typeof registration>) {
  const [existing] = await app.db
    .select({ id: users.id, email_verified: users.email_verified })
    .from(users)
    .where(eq(users.email, input.email));
  // hashed either way, so both answers take as long
  const { password: plain, ...rest } = input;
  const password_hash = await hashPassword(plain);
  const site = siteUrl(app.config);
  // each sign-up is an event of its own: a second one asks for a second mail
  const key = `sign-up.${crypto.randomUUID()}`;
  if (existing?.email_verified) {
    await enqueue(
      app.db,
      compose(key, input.email, 'You already have an account', [
        `Someone, perhaps you, tried to create an account on StudyAbroad Nepal with this email address. You already have one: sign in at ${site}/login/`,
        'If it was not you, you can ignore this message; nothing was changed.',
      ]),
    );
  } else {
    await app.db.transaction(async (tx) => {
      let id = existing?.id;
      if (id)
        await tx
          .update(users)
          .set({ ...rest, password_hash, updated_at: sql`now()` })
          .where(eq(users.id, id));
      else
        [{ id }] = await tx
          .insert(users)
          .values({ ...rest, role: 'student', password_hash, email_verified: false })
          .returning({ id: users.id });
      const token = await app.tokens.signLink(VERIFY_PURPOSE, id!, VERIFY_LIFETIME);
      const link = `${site}/login/?verify=${token}`;
      await enqueue(
        tx,
        compose(key, input.email, 'Confirm your email to finish creating your account', [
          `Welcome to StudyAbroad Nepal, ${input.first_name}.`,
          'Open this link within two days to confirm your email address and sign in:',
          { href: link, label: 'Confirm my email address' },
          'If you did not sign up, ignore this message and no account will be made.',
        ]),
      );
    });
  }
  app.outbox.kick();
  return { message: SIGN_UP_SENT };
}

/** Confirms an address from the link of the sign-up mail, and signs the student in. */
export async function confirmEmail(app: FastifyInstance, token: string) {
  const id = await app.tokens.verifyLink(token, VERIFY_PURPOSE);
  const [row] = id
    ? await app.db
        .update(users)
        .set({ email_verified: true, updated_at: sql`now()` })
        .where(and(eq(users.id, id), eq(users.active, true)))
        .returning(sessionColumns)
    : [];
  if (!row) throw badRequest('This link is no longer valid. Create the account again to get a new one.');
  const { active: _active, ...user } = row;
  return startSession(app, user as SessionUser);
}

export const RESET_SENT =
  'If an account uses this email address, we have sent it a link to choose a new password. It can take a minute to arrive.';
export const RESET_INVALID =
  'This link is no longer valid: it was used already or is more than an hour old. Ask for a new one from the sign-in page.';
const RESET_PURPOSE = 'reset-password';
const RESET_LIFETIME = '1h';
/** The link names the password it replaces, so it works once: setting a new password ends it (and any older link). */
const passwordStamp = (hash: string) => crypto.createHash('sha256').update(hash).digest('base64url').slice(0, 16);

/**
 * Self-service password reset. The answer is the same whether or not the address has an account,
 * so nobody learns which do; an active account is sent a single-use link that expires in an hour.
 */
export function requestPasswordReset(app: FastifyInstance, email: string) {
  // looked up and mailed after the answer: its time is the same for known and unknown addresses
  app.later.run('a password reset request', () => mailResetLink(app, email));
  return { message: RESET_SENT };
}

async function mailResetLink(app: FastifyInstance, email: string) {
  const [row] = await app.db
    .select({ id: users.id, first_name: users.first_name, password_hash: users.password_hash })
    .from(users)
    .where(and(eq(users.email, email), eq(users.active, true)));
  if (row) {
    const token = await app.tokens.signLink(`${RESET_PURPOSE}:${passwordStamp(row.password_hash)}`, row.id, RESET_LIFETIME);
    const link = `${siteUrl(app.config)}/login/reset/?token=${token}`;
    await enqueue(
      app.db,
      compose(`password-reset.${crypto.randomUUID()}`, email, 'Choose a new password', [
        `Hello${row.first_name ? ` ${row.first_name}` : ''},`,
        'Someone, perhaps you, asked to choose a new password for your StudyAbroad Nepal account. Open this link within an hour to choose it:',
        { href: link, label: 'Choose a new password' },
        'If it was not you, ignore this message: your password stays as it is.',
      ]),
    );
    app.outbox.kick();
  }
}

/** Sets the new password from a reset link, ending every session of the account (whoever had it). */
export async function resetPassword(app: FastifyInstance, input: z.infer<typeof passwordReset>) {
  const unverified = decodeSubject(input.token);
  const [row] = unverified
    ? await app.db
        .select({ id: users.id, password_hash: users.password_hash })
        .from(users)
        .where(and(eq(users.id, unverified), eq(users.active, true)))
    : [];
  const id = row ? await app.tokens.verifyLink(input.token, `${RESET_PURPOSE}:${passwordStamp(row.password_hash)}`) : null;
  if (!row || id !== row.id) throw badRequest(RESET_INVALID, { token: [RESET_INVALID] });
  const password_hash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    // the stamp is checked again under the row lock: two uses of one link at once set one password
    const [locked] = await tx.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, row.id)).for('update');
    if (locked?.password_hash !== row.password_hash) throw badRequest(RESET_INVALID, { token: [RESET_INVALID] });
    await tx
      .update(users)
      .set({ password_hash, email_verified: true, updated_at: sql`now()` })
      .where(eq(users.id, row.id));
    await revokeUserSessions(tx, row.id);
  });
  return { message: 'Your password has been changed. Sign in with the new one.' };
}

/** The account a link token claims, read before its signature is checked (the signature then names that account's password). */
function decodeSubject(token: string): number | null {
  try {
    const sub = Number(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub);
    return Number.isInteger(sub) && sub > 0 ? sub : null;
  } catch {
    return null;
  }
}

// An institution account belongs to exactly one institution of its own kind.
const LINKS = {
  consultancy: { field: 'consultancy_id', table: consultancies, label: 'consultancy' },
  college: { field: 'college_id', table: colleges, label: 'college' },
  university: { field: 'university_id', table: universities, label: 'university' },
} as const;
type LinkField = (typeof LINKS)[keyof typeof LINKS]['field'];
type Links = Record<LinkField, number | null>;

async function institutionLinks(db: Runner, userRole: Role, given: Partial<Links>, current?: Links): Promise<Links> {
  const result: Links = { consultancy_id: null, college_id: null, university_id: null };
  for (const [linkRole, link] of Object.entries(LINKS)) {
    if (linkRole === userRole) continue;
    if (given[link.field] != null)
      throw badRequest('Some values are not valid.', { [link.field]: [`Only a ${link.label} account can be linked to a ${link.label}.`] });
  }
  const link = userRole in LINKS ? LINKS[userRole as keyof typeof LINKS] : undefined;
  if (!link) return result;
  const value = given[link.field] !== undefined ? given[link.field] : current?.[link.field];
  if (value == null)
    throw badRequest('Some values are not valid.', { [link.field]: [`Choose the ${link.label} this account belongs to.`] });
  await requireRows(db, { [link.field]: [link.table, value] });
  result[link.field] = value;
  return result;
}

async function emailTaken(db: Runner, address: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, address), exceptId ? ne(users.id, exceptId) : undefined));
  if (row) throw conflict('An account with this email already exists.');
}

const userOrdering = {
  email: users.email,
  first_name: users.first_name,
  last_name: users.last_name,
  role: users.role,
  active: users.active,
  created_at: users.created_at,
};

export async function getUser(db: Db, userId: number) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User not found.');
  return row;
}

export async function listUsers(db: Db, q: z.infer<typeof userQuery>) {
  const where = and(
    q.search ? containsAny(q.search, [users.email, users.first_name, users.last_name, users.phone]) : undefined,
    q.role ? eq(users.role, q.role) : undefined,
    q.active ? eq(users.active, q.active === 'true') : undefined,
  );
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const { limit, offset } = pageWindow(q);
  const results = await db
    .select(userColumns)
    .from(users)
    .where(where)
    .orderBy(...orderingOf(q.ordering, userOrdering, '-created_at', users.id))
    .limit(limit)
    .offset(offset);
  return { count: total!.n, results };
}

export async function createUser(db: Db, input: z.infer<typeof newUser>) {
  const { password: plain, consultancy_id, college_id, university_id, ...rest } = input;
  await emailTaken(db, input.email);
  const linked = await institutionLinks(db, input.role, { consultancy_id, college_id, university_id });
  const [created] = await db
    .insert(users)
    .values({ ...rest, ...linked, password_hash: await hashPassword(plain) })
    .returning(userColumns);
  return created!;
}

/** What an account's forum posts show of it: its name and the institution it speaks for. */
const SHOWN_ON_POSTS = ['first_name', 'last_name', 'role', 'consultancy_id', 'college_id', 'university_id'] as const;

/**
 * Changes an account. The last active admin can be neither demoted nor deactivated, checked under
 * one lock so two admins demoting each other at the same time cannot both succeed.
 */
export async function updateUser(db: Db, userId: number, changes: z.infer<typeof userChanges>) {
  const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('users.admins'))`);
    const [current] = await tx.select(userColumns).from(users).where(eq(users.id, userId)).for('update');
    if (!current) throw notFound('User not found.');
    const { password: _plain, consultancy_id, college_id, university_id, ...rest } = changes;
    const nextRole = changes.role ?? current.role;
    const nextActive = changes.active ?? current.active;
    if (current.role === 'admin' && current.active && (nextRole !== 'admin' || !nextActive)) {
      const [others] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.active, true), ne(users.id, userId)));
      if (!others!.n) throw conflict('This is the last active admin account: make another account admin first.');
    }
    if (changes.email) await emailTaken(tx, changes.email, userId);
    const linked = await institutionLinks(tx, nextRole, { consultancy_id, college_id, university_id }, current);
    const [updated] = await tx
      .update(users)
      .set({ ...rest, ...linked, ...(passwordHash ? { password_hash: passwordHash } : {}), updated_at: sql`now()` })
      .where(eq(users.id, userId))
      .returning(userColumns);
    if (passwordHash || !nextActive) await revokeUserSessions(tx, userId);
    // a forum write: the built pages show the name
    if (SHOWN_ON_POSTS.some((field) => changes[field] !== undefined)) await bumpContentVersion(tx, ['forum']);
    return updated!;
  });
}
