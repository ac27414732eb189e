import { and, asc, eq, gt, sql, type Column } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { collegeBranches, consultancyBranches, counsellingBookings, districts } from '../db/schema/index.ts';
import { bumpContentVersion } from '../content-version.ts';
import { conflict, notFound } from '../errors.ts';
import { INSTITUTIONS, type BranchKind } from '../../src/lib/contract/institutions.ts';
import type { Runner } from './tx.ts';

/**
 * The other offices of the institutions that have them (INSTITUTIONS' `branches` screen): one
 * table each, built alike, so every kind's branches are listed, written and shown by this code.
 */

/** A branch as its institution's dashboard sends it. */
export const branchBody = z.strictObject({
  name: z.string().trim().min(1, 'This field is required').max(200),
  address: z.string().trim().max(300).optional(),
  district_id: z.number().int().positive().nullable().optional(),
  phone: z.string().trim().max(60).optional(),
});
export const branchParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'id must be a number')
    .transform(Number),
});

type Branch = z.infer<typeof branchBody>;
/** Every kind's table has the same columns but its owner's, named by the kind. */
type BranchTable = typeof collegeBranches | typeof consultancyBranches;

interface BranchKindSpec {
  table: BranchTable;
  /** the owner column: college_id, consultancy_id */
  owner: Column;
  /** why a branch may not go yet, if anything keeps it */
  keeps?: (db: Runner, id: number) => Promise<string | null>;
}

/** A consultancy's branch keeps its students' sessions still ahead: they were told to come there. */
async function sessionsAhead(db: Runner, id: number) {
  const [held] = await db
    .select({ id: counsellingBookings.id })
    .from(counsellingBookings)
    .where(
      and(
        eq(counsellingBookings.branch_id, id),
        eq(counsellingBookings.status, 'booked'),
        gt(counsellingBookings.starts_at, new Date().toISOString()),
      ),
    )
    .limit(1);
  return held ? 'Students have counselling sessions booked at this branch. Keep it until they have taken place.' : null;
}

const KINDS: Record<BranchKind, BranchKindSpec> = {
  college: { table: collegeBranches, owner: collegeBranches.college_id },
  consultancy: { table: consultancyBranches, owner: consultancyBranches.consultancy_id, keeps: sessionsAhead },
};

const tableOf = (kind: BranchKind) => KINDS[kind].table;
const ownerOf = (kind: BranchKind) => KINDS[kind].owner;
const own = (kind: BranchKind, institutionId: number, id: number) => and(eq(tableOf(kind).id, id), eq(ownerOf(kind), institutionId));
const branchNotFound = () => notFound('Branch not found.');
/** Branches are shown on their institution's page: every change moves its content version with it. */
const changed = (kind: BranchKind) => ['branch', INSTITUTIONS[kind].entity] as const;

export const listBranches = (db: Runner, kind: BranchKind, institutionId: number) =>
  db
    .select()
    .from(tableOf(kind))
    .where(eq(ownerOf(kind), institutionId))
    .orderBy(tableOf(kind).id);

/** What a branch shows in public: its district by name. */
const publicColumns = (t: BranchTable) => ({ id: t.id, name: t.name, address: t.address, district: districts.name, phone: t.phone });

/** An institution's branches as its public page lists them. */
export function publicBranches(db: Runner, kind: BranchKind, institutionId: number) {
  const t = tableOf(kind);
  return db
    .select(publicColumns(t))
    .from(t)
    .leftJoin(districts, eq(districts.id, t.district_id))
    .where(eq(ownerOf(kind), institutionId))
    .orderBy(asc(t.id));
}

/**
 * Every branch of a kind with its institution's id: the site build reads them in one request, not
 * one per institution (340 reads on the demo were half of a data-only rebuild's path listing).
 */
export function everyPublicBranch(db: Runner, kind: BranchKind) {
  const t = tableOf(kind);
  const institution = sql<number>`${ownerOf(kind)}`.mapWith(Number);
  return db
    .select({ institution_id: institution, ...publicColumns(t) })
    .from(t)
    .leftJoin(districts, eq(districts.id, t.district_id))
    .orderBy(asc(ownerOf(kind)), asc(t.id));
}

export const addBranch = (db: Db, kind: BranchKind, institutionId: number, branch: Branch) =>
  db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tableOf(kind))
      .values({ ...branch, [`${kind}_id`]: institutionId } as BranchTable['$inferInsert'])
      .returning();
    await bumpContentVersion(tx, changed(kind));
    return created!;
  });

export async function updateBranch(db: Db, kind: BranchKind, institutionId: number, id: number, changes: Partial<Branch>) {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(tableOf(kind))
      .set({ ...changes, updated_at: sql`now()` })
      .where(own(kind, institutionId, id))
      .returning();
    if (updated) await bumpContentVersion(tx, changed(kind));
    return updated;
  });
  if (!row) throw branchNotFound();
  return row;
}

/** Its past sessions lose their branch; one at the very time of a session booked before the consultancy had branches cannot. */
const pastClash = () => conflict('A past session of this branch clashes with another at the same time: the branch cannot be deleted.');

export async function deleteBranch(db: Db, kind: BranchKind, institutionId: number, id: number) {
  const deleted = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: tableOf(kind).id })
      .from(tableOf(kind))
      .where(own(kind, institutionId, id));
    if (!found) return 0;
    const kept = await KINDS[kind].keeps?.(tx, id);
    if (kept) throw conflict(kept);
    await tx
      .delete(tableOf(kind))
      .where(own(kind, institutionId, id))
      .catch((err: { code?: string; cause?: { code?: string } }) => {
        throw (err.cause?.code ?? err.code) === '23505' ? pastClash() : err;
      });
    await bumpContentVersion(tx, changed(kind));
    return 1;
  });
  if (!deleted) throw branchNotFound();
}

/** A consultancy's branch by id, or a 404: a student or a form names it, and it must be that consultancy's. */
export async function consultancyBranch(db: Runner, consultancyId: number, id: number) {
  const [row] = await db
    .select()
    .from(consultancyBranches)
    .where(own('consultancy', consultancyId, id));
  if (!row) throw branchNotFound();
  return row;
}
