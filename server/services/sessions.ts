import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Runner } from './tx.ts';
import { refreshTokens, users } from '../db/schema/index.ts';
import { sessionColumns, type SessionUser } from '../plugins/auth.ts';
import { unauthorized } from '../errors.ts';

const REFRESH_DAYS = 30;

/**
 * Two tabs (or a retried request) may present the same refresh token at once: for this long after
 * its rotation, presenting it again answers the same pair the first presenter got, which that
 * holder already has, so a thief gains nothing within it; later, a replay is taken for theft.
 */
export const REFRESH_GRACE_SECONDS = 30;

/** Only a hash is stored, so a leaked table gives no usable token. */
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface Session {
  access: string;
  refresh: string;
  user: SessionUser;
}

async function issue(
  db: Runner,
  app: FastifyInstance,
  user: SessionUser,
  familyId: string,
  pinned?: { refresh: string; issuedAt: number },
): Promise<Session> {
  const refresh = pinned?.refresh ?? crypto.randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    user_id: user.id,
    family_id: familyId,
    token_hash: hashToken(refresh),
    expires_at: sql`now() + make_interval(days => ${REFRESH_DAYS})`,
  });
  return { access: await app.tokens.sign({ sub: user.id, role: user.role, family: familyId }, pinned?.issuedAt), refresh, user };
}

/** A new login: a new family of refresh tokens. */
export const startSession = (app: FastifyInstance, user: SessionUser) => issue(app.db, app, user, crypto.randomUUID());

/** The pair a rotation within the grace window already answered, if its successor is still good. */
async function sameSuccessor(
  db: Runner,
  app: FastifyInstance,
  refresh: string,
  row: { user_id: number; family_id: string; rotated: number },
) {
  const successor = app.tokens.successor(refresh);
  const [next] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.token_hash, hashToken(successor)), eq(refreshTokens.family_id, row.family_id), isNull(refreshTokens.revoked_at)),
    );
  const user = next && (await activeUser(db, row.user_id));
  if (!user) return null;
  return { access: await app.tokens.sign({ sub: user.id, role: user.role, family: row.family_id }, row.rotated), refresh: successor, user };
}

export async function activeUser(db: Runner, id: number): Promise<SessionUser | null> {
  const [row] = await db.select(sessionColumns).from(users).where(eq(users.id, id));
  if (!row?.active) return null;
  const { active: _active, ...user } = row;
  return user;
}

const revokeFamily = (db: Runner, familyId: string) =>
  db
    .update(refreshTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));

/** Every login of a user ends (deactivation, password reset). */
export const revokeUserSessions = (db: Runner, userId: number) =>
  db
    .update(refreshTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));

/**
 * Swaps a refresh token for a new pair. A token swapped within the grace window answers the same
 * pair again (two tabs); one swapped before it is being replayed, so someone else holds a copy:
 * the whole login is revoked and both holders must sign in again.
 */
export async function rotateSession(app: FastifyInstance, refresh: string): Promise<Session> {
  const session = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        user_id: refreshTokens.user_id,
        family_id: refreshTokens.family_id,
        rotated: sql<number | null>`floor(extract(epoch from ${refreshTokens.rotated_at}))::integer`,
        in_grace: sql<boolean>`coalesce(${refreshTokens.rotated_at} > now() - make_interval(secs => ${REFRESH_GRACE_SECONDS}), false)`,
        revoked_at: refreshTokens.revoked_at,
        expired: sql<boolean>`${refreshTokens.expires_at} <= now()`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.token_hash, hashToken(refresh)))
      .for('update');
    if (!row || row.revoked_at || row.expired) return null;
    if (row.rotated !== null) {
      if (row.in_grace) return sameSuccessor(tx, app, refresh, { ...row, rotated: row.rotated });
      await revokeFamily(tx, row.family_id);
      return null;
    }
    const user = await activeUser(tx, row.user_id);
    if (!user) return null;
    // the moment is stored once and pins the new access token, so a replay in the window signs the same one
    const [rotated] = await tx
      .update(refreshTokens)
      .set({ rotated_at: sql`date_trunc('second', now())` })
      .where(eq(refreshTokens.id, row.id))
      .returning({ at: sql<number>`extract(epoch from ${refreshTokens.rotated_at})::integer` });
    return issue(tx, app, user, row.family_id, { refresh: app.tokens.successor(refresh), issuedAt: rotated!.at });
  });
  if (!session) throw unauthorized('Refresh token is invalid, expired or already used. Please sign in again.');
  return session;
}

/** Ends the login the token belongs to; an unknown token is already as good as logged out. */
export async function endSession(app: FastifyInstance, refresh: string) {
  const [row] = await app.db
    .select({ family_id: refreshTokens.family_id })
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashToken(refresh)));
  if (row) await revokeFamily(app.db, row.family_id);
}
