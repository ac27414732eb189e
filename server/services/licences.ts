import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  LICENCE_ACTION_LABELS,
  LICENCE_STATUS_LABELS,
  LICENCE_STATUSES,
  licenceRejection,
  licenceSubmission,
  type LicenceAction,
  type LicenceStatus,
} from '../../src/lib/contract/licences.ts';
import { bumpContentVersion } from '../content-version.ts';
import type { Db } from '../db/index.ts';
import { consultancies, consultancyLicenceHistory as h, consultancyLicences as l } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { withStoredFiles, type FormData } from '../uploads.ts';
import { ownConsultancy, ownConsultancyAsOwner } from '../access/institutions.ts';
import { isAdmin } from '../access/roles.ts';
import { nepalToday } from './licence-values.ts';
import { featuredWithdrawn, type Site } from './notices.ts';
import { pageQuery, pageWindow } from './paging.ts';
import type { Tx } from './tx.ts';

/** The licence form's one file: the permission letter, a PDF or an image. */
export const licenceDocumentRules = { document: { kind: 'document' } } as const;

export const licenceQuery = z.strictObject({
  ...pageQuery,
  status: z.enum(LICENCE_STATUSES, { error: `Must be one of ${LICENCE_STATUSES.join(', ')}` }).optional(),
});

/** Where an admin or the owning consultancy downloads the document: an authenticated route, never a public URL. */
const documentUrl = (id: number) => `/api/consultancy-licence/${id}/document/`;

const whoIs = (user: SessionUser) => [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

async function record(tx: Tx, licenceId: number, action: LicenceAction, user: SessionUser, reason = '') {
  await tx.insert(h).values({ licence_id: licenceId, action, reason, actor_id: user.id, actor_name: whoIs(user), actor_role: user.role });
}

/**
 * A verification or rejection changes what the consultancy's public page says: its row is marked
 * changed (the site's data copy reads rows changed since its last build) and the content version
 * moves, so the page is built again.
 */
async function publicChange(tx: Tx, consultancyId: number) {
  await tx
    .update(consultancies)
    .set({ updated_at: sql`now()` })
    .where(eq(consultancies.id, consultancyId));
  await bumpContentVersion(tx, ['licence', 'consultancy']);
}

const licenceColumns = {
  id: l.id,
  consultancy_id: l.consultancy_id,
  permission_number: l.permission_number,
  issuing_office: l.issuing_office,
  issued_on: l.issued_on,
  expires_on: l.expires_on,
  association: l.association,
  association_number: l.association_number,
  document_name: l.document_name,
  status: l.status,
  reason: l.reason,
  reviewed_at: l.reviewed_at,
  submitted_at: l.created_at,
  /** a verified licence whose expiry day has not passed in Nepal */
  valid: sql<boolean>`(${l.status} = 'verified' AND ${l.expires_on} >= ${nepalToday})`,
  consultancy_name: consultancies.name,
  consultancy_slug: consultancies.slug,
};

/** Licences as both screens show them: labels, the document's download route, and each one's history, oldest step first. */
async function withHistory<T extends { id: number; status: LicenceStatus; document_name: string }>(db: Db, rows: T[]) {
  const steps = rows.length
    ? await db
        .select({ licence_id: h.licence_id, action: h.action, reason: h.reason, who: h.actor_name, role: h.actor_role, at: h.created_at })
        .from(h)
        .where(
          inArray(
            h.licence_id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(h.created_at), asc(h.id))
    : [];
  return rows.map(({ document_name, ...row }) => ({
    ...row,
    status_label: LICENCE_STATUS_LABELS[row.status],
    document: { url: documentUrl(row.id), original_name: document_name },
    history: steps
      .filter((s) => s.licence_id === row.id)
      .map(({ licence_id: _id, ...s }) => ({ ...s, action_label: LICENCE_ACTION_LABELS[s.action] })),
  }));
}

const listed = (db: Db) => db.select(licenceColumns).from(l).innerJoin(consultancies, eq(consultancies.id, l.consultancy_id));

/** What the consultancy's Licence screen shows: where it stands, the licence the public sees, and every submission. */
export async function ownLicences(db: Db, user: SessionUser) {
  const consultancyId = ownConsultancy(user);
  const licences = await withHistory(
    db,
    await listed(db).where(eq(l.consultancy_id, consultancyId)).orderBy(desc(l.created_at), desc(l.id)),
  );
  // the public page's licence: the verified one that runs longest (licence-values.ts)
  const current =
    licences.filter((x) => x.status === 'verified').sort((a, b) => b.expires_on.localeCompare(a.expires_on) || b.id - a.id)[0] ?? null;
  const standing = current ? (current.valid ? 'licensed' : 'expired') : 'none';
  return { standing, current, pending: licences.find((x) => x.status === 'pending') ?? null, licences };
}

/**
 * A consultancy submits its licence, or a renewal: it waits for an admin's check, and the licence
 * the public sees (if any) stays until then. A submission still waiting is replaced by the new one.
 */
export async function submitLicence(app: FastifyInstance, user: SessionUser, form: FormData) {
  const consultancyId = ownConsultancyAsOwner(user);
  const parsed = licenceSubmission.safeParse(form.fields);
  const document = form.files.find((f) => f.field === 'document');
  const fields: Record<string, string[]> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) (fields[issue.path.map(String).join('.') || 'non_field_errors'] ??= []).push(issue.message);
  if (!document) fields.document = ['Attach the licence document: a PDF or a photo of the permission letter.'];
  if (!parsed.success || !document) throw badRequest('Some values are not valid.', fields);
  const id = await withStoredFiles(app.db, app.privateStorage, [document], (files) =>
    app.db.transaction(async (tx) => {
      const replaced = await tx
        .update(l)
        .set({ status: 'replaced', updated_at: sql`now()` })
        .where(and(eq(l.consultancy_id, consultancyId), eq(l.status, 'pending')))
        .returning({ id: l.id });
      for (const old of replaced) await record(tx, old.id, 'replaced', user);
      const [row] = await tx
        .insert(l)
        .values({
          ...parsed.data,
          consultancy_id: consultancyId,
          document_key: files.all[0]!,
          document_name: document.originalName.slice(0, 255),
        })
        .returning({ id: l.id });
      await record(tx, row!.id, 'submitted', user);
      return row!.id;
    }),
  );
  return (await withHistory(app.db, await listed(app.db).where(eq(l.id, id))))[0]!;
}

/** Every submission for admins: those waiting for a check first, then the newest. */
export async function listLicences(db: Db, q: z.infer<typeof licenceQuery>) {
  const where = and(
    q.status ? eq(l.status, q.status) : undefined,
    q.search
      ? or(...[consultancies.name, l.permission_number].map((c) => ilike(c, `%${q.search!.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)))
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(l).innerJoin(consultancies, eq(consultancies.id, l.consultancy_id)).where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await listed(db)
    .where(where)
    .orderBy(sql`(${l.status} = 'pending') DESC`, desc(l.created_at), desc(l.id))
    .limit(limit)
    .offset(offset);
  return { count: total!.n, results: await withHistory(db, rows) };
}

/** Locks a licence for a decision; 409 when its status does not allow it. */
async function forDecision(tx: Tx, id: number, allowed: LicenceStatus[], what: string) {
  const [row] = await tx.select({ status: l.status, consultancy_id: l.consultancy_id }).from(l).where(eq(l.id, id)).for('update');
  if (!row) throw notFound('Licence not found.');
  if (!allowed.includes(row.status)) throw conflict(`A licence that is "${LICENCE_STATUS_LABELS[row.status]}" cannot be ${what}.`);
  return row;
}

/** An admin checked the permission with the ministry: the licence is the consultancy's from now on (until it expires). */
export async function verifyLicence(db: Db, user: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    const row = await forDecision(tx, id, ['pending'], 'verified');
    await tx
      .update(l)
      .set({ status: 'verified', reason: '', reviewed_at: sql`now()`, updated_at: sql`now()` })
      .where(eq(l.id, id));
    await record(tx, id, 'verified', user);
    await publicChange(tx, row.consultancy_id);
  });
  return oneLicence(db, id);
}

/** An admin rejects a submission, or withdraws a verified licence found to be wrong, always with a reason the consultancy reads. */
export async function rejectLicence(db: Db, user: SessionUser, id: number, body: z.infer<typeof licenceRejection>, site: Site) {
  await db.transaction(async (tx) => {
    const row = await forDecision(tx, id, ['pending', 'verified'], 'rejected');
    await tx
      .update(l)
      .set({ status: 'rejected', reason: body.reason, reviewed_at: sql`now()`, updated_at: sql`now()` })
      .where(eq(l.id, id));
    await record(tx, id, 'rejected', user, body.reason);
    if (row.status === 'verified') {
      await publicChange(tx, row.consultancy_id);
      // a withdrawn licence may unfeature the banner's consultancy: admins hear of it now, not at the next sweep
      await featuredWithdrawn(tx, site);
    }
  });
  return oneLicence(db, id);
}

const oneLicence = async (db: Db, id: number) => (await withHistory(db, await listed(db).where(eq(l.id, id))))[0]!;

/** The document of a licence, for an admin or the consultancy it belongs to; to another consultancy it does not exist. */
export async function licenceDocument(db: Db, user: SessionUser, id: number) {
  const condition: SQL | undefined = isAdmin(user) ? undefined : eq(l.consultancy_id, ownConsultancy(user));
  const [row] = await db
    .select({ key: l.document_key, name: l.document_name })
    .from(l)
    .where(and(eq(l.id, id), condition));
  if (!row) throw notFound('Document not found.');
  return row;
}
