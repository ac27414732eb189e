import crypto from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/index.ts';
import { consultancies, consultancyApplications, staffInvitations, users } from '../db/schema/index.ts';
import { bumpContentVersion } from '../content-version.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { compose, siteUrl } from '../mail.ts';
import { hashPassword } from '../auth/password.ts';
import { passwordWeakness } from '../auth/password-strength.ts';
import { sessionColumns, type SessionUser } from '../plugins/auth.ts';
import { INVITATION_DAYS, type invitationAcceptance } from '../../src/lib/contract/staff.ts';
import { enqueue } from './outbox.ts';
import { revokeUserSessions, startSession } from './sessions.ts';
import type { Runner } from './tx.ts';

export const INVITATION_INVALID =
  'This invitation is no longer valid: it was used, withdrawn or is more than a week old. Ask for a new one.';

/** Only a hash of the link's token is stored, so a leaked table gives no usable link. */
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const staffMember = (consultancyId: number) =>
  and(eq(users.consultancy_id, consultancyId), eq(users.role, 'consultancy'), eq(users.active, true));

/** The consultancy's active accounts, owners first. */
export const listStaff = (db: Db, consultancyId: number) =>
  db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      staff_role: users.staff_role,
      created_at: users.created_at,
    })
    .from(users)
    .where(staffMember(consultancyId))
    .orderBy(sql`${users.staff_role} = 'counsellor'`, asc(users.first_name), asc(users.id));

/** Invitations neither accepted nor withdrawn; an expired one is listed as such until it is withdrawn. */
export const listInvitations = (db: Db, consultancyId: number) =>
  db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      expires_at: staffInvitations.expires_at,
      expired: sql<boolean>`${staffInvitations.expires_at} <= now()`,
      created_at: staffInvitations.created_at,
    })
    .from(staffInvitations)
    .where(
      and(eq(staffInvitations.consultancy_id, consultancyId), isNull(staffInvitations.accepted_at), isNull(staffInvitations.revoked_at)),
    )
    .orderBy(asc(staffInvitations.created_at), asc(staffInvitations.id));

/** Whether staff member `userId` belongs to the consultancy (any role), for assignment. */
export async function isStaffMember(db: Runner, consultancyId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), staffMember(consultancyId)));
  return Boolean(row);
}

/** An owner invites a counsellor: a link valid for INVITATION_DAYS, mailed through the outbox; a new invitation to the same address replaces the pending one. */
export async function invite(app: FastifyInstance, owner: SessionUser, consultancyId: number, email: string) {
  const [taken] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.active, true)));
  if (taken) throw conflict('An account with this email already exists.');
  const token = crypto.randomBytes(32).toString('base64url');
  const [consultancy] = await app.db.select({ name: consultancies.name }).from(consultancies).where(eq(consultancies.id, consultancyId));
  const created = await app.db.transaction(async (tx) => {
    await tx
      .update(staffInvitations)
      .set({ revoked_at: sql`now()`, updated_at: sql`now()` })
      .where(
        and(
          eq(staffInvitations.consultancy_id, consultancyId),
          eq(staffInvitations.email, email),
          isNull(staffInvitations.accepted_at),
          isNull(staffInvitations.revoked_at),
        ),
      );
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        consultancy_id: consultancyId,
        email,
        token_hash: hashToken(token),
        invited_by: owner.id,
        expires_at: sql`now() + make_interval(days => ${INVITATION_DAYS})`,
      })
      .returning({ id: staffInvitations.id, email: staffInvitations.email, expires_at: staffInvitations.expires_at });
    const inviter = [owner.first_name, owner.last_name].filter(Boolean).join(' ') || owner.email;
    await enqueue(
      tx,
      compose(`staff-invitation.${row!.id}`, email, `Join ${consultancy?.name ?? 'your consultancy'} on StudyAbroad Nepal`, [
        `${inviter} invites you to work on ${consultancy?.name ?? 'their consultancy'}'s applications as a counsellor.`,
        `Open this link within ${INVITATION_DAYS} days to set your name and password:`,
        { href: `${siteUrl(app.config)}/dashboard/accept-invite/?token=${token}`, label: 'Accept the invitation' },
        'If you did not expect this, ignore this message: nothing happens without you.',
      ]),
    );
    return row!;
  });
  app.outbox.kick();
  return { ...created, expired: false };
}

const usable = (token: string) =>
  and(
    eq(staffInvitations.token_hash, hashToken(token)),
    isNull(staffInvitations.accepted_at),
    isNull(staffInvitations.revoked_at),
    gt(staffInvitations.expires_at, sql`now()`),
  );

/** What the accept page shows before the invitee sets a password. */
export async function invitationOf(db: Db, token: string) {
  const [row] = await db
    .select({ email: staffInvitations.email, consultancy_name: consultancies.name, expires_at: staffInvitations.expires_at })
    .from(staffInvitations)
    .innerJoin(consultancies, eq(consultancies.id, staffInvitations.consultancy_id))
    .where(usable(token));
  if (!row) throw notFound(INVITATION_INVALID);
  return row;
}

/** The invitee sets a name and password: a counsellor account of the consultancy (a removed one's account comes back), signed in. */
export async function acceptInvitation(app: FastifyInstance, input: z.infer<typeof invitationAcceptance>) {
  const [pending] = await app.db.select({ email: staffInvitations.email }).from(staffInvitations).where(usable(input.token));
  if (!pending) throw badRequest(INVITATION_INVALID, { token: [INVITATION_INVALID] });
  const weakness = passwordWeakness(input.password, [pending.email, input.first_name, input.last_name]);
  if (weakness) throw badRequest('Some values are not valid.', { password: [weakness] });
  const password_hash = await hashPassword(input.password);
  const user = await app.db.transaction(async (tx) => {
    // claimed under its row lock: two uses of one link at once make one account
    const [invitation] = await tx.select().from(staffInvitations).where(usable(input.token)).for('update');
    if (!invitation) throw badRequest(INVITATION_INVALID, { token: [INVITATION_INVALID] });
    const [existing] = await tx.select({ id: users.id, active: users.active }).from(users).where(eq(users.email, invitation.email));
    if (existing?.active) throw conflict('An account with this email already exists.');
    const values = {
      email: invitation.email,
      password_hash,
      first_name: input.first_name,
      last_name: input.last_name,
      role: 'consultancy' as const,
      consultancy_id: invitation.consultancy_id,
      college_id: null,
      university_id: null,
      staff_role: 'counsellor' as const,
      active: true,
      email_verified: true,
    };
    const [row] = existing
      ? await tx
          .update(users)
          .set({ ...values, updated_at: sql`now()` })
          .where(eq(users.id, existing.id))
          .returning(sessionColumns)
      : await tx.insert(users).values(values).returning(sessionColumns);
    // a removed account's forum posts show its new name and consultancy
    if (existing) await bumpContentVersion(tx, ['forum']);
    await tx
      .update(staffInvitations)
      .set({ accepted_at: sql`now()`, updated_at: sql`now()` })
      .where(eq(staffInvitations.id, invitation.id));
    return row!;
  });
  const { active: _active, ...sessionUser } = user;
  return startSession(app, sessionUser);
}

export async function revokeInvitation(db: Db, consultancyId: number, invitationId: number) {
  const [row] = await db
    .update(staffInvitations)
    .set({ revoked_at: sql`now()`, updated_at: sql`now()` })
    .where(
      and(
        eq(staffInvitations.id, invitationId),
        eq(staffInvitations.consultancy_id, consultancyId),
        isNull(staffInvitations.accepted_at),
        isNull(staffInvitations.revoked_at),
      ),
    )
    .returning({ id: staffInvitations.id });
  if (!row) throw notFound('Invitation not found.');
}

/**
 * An owner removes a counsellor: the account is deactivated (the auth plugin reads `active` on
 * every request, so its access token is refused at once), its logins revoked and its cases
 * handed back as unassigned. Owners are not removed here (an admin manages them).
 */
export async function removeCounsellor(db: Db, consultancyId: number, userId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ active: false, updated_at: sql`now()` })
      .where(and(eq(users.id, userId), staffMember(consultancyId), eq(users.staff_role, 'counsellor')))
      .returning({ id: users.id });
    if (!row) throw notFound('Counsellor not found.');
    await revokeUserSessions(tx, userId);
    await tx
      .update(consultancyApplications)
      .set({ counsellor_id: null })
      .where(and(eq(consultancyApplications.consultancy_id, consultancyId), eq(consultancyApplications.counsellor_id, userId)));
  });
}
