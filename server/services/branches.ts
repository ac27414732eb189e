import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { collegeBranches } from '../db/schema/index.ts';
import { bumpContentVersion } from '../content-version.ts';
import { notFound } from '../errors.ts';

/** A college's branch as the college's dashboard sends it. */
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
const own = (collegeId: number, id: number) => and(eq(collegeBranches.id, id), eq(collegeBranches.college_id, collegeId));
const branchNotFound = () => notFound('Branch not found.');

export const listBranches = (db: Db, collegeId: number) =>
  db.select().from(collegeBranches).where(eq(collegeBranches.college_id, collegeId)).orderBy(collegeBranches.id);

/** Branches are shown on the college's page: every change moves the content version with it. */
export const addBranch = (db: Db, collegeId: number, branch: Branch) =>
  db.transaction(async (tx) => {
    const [created] = await tx
      .insert(collegeBranches)
      .values({ ...branch, college_id: collegeId })
      .returning();
    await bumpContentVersion(tx, ['branch', 'college']);
    return created!;
  });

export async function updateBranch(db: Db, collegeId: number, id: number, changes: Partial<Branch>) {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(collegeBranches)
      .set({ ...changes, updated_at: sql`now()` })
      .where(own(collegeId, id))
      .returning();
    if (updated) await bumpContentVersion(tx, ['branch', 'college']);
    return updated;
  });
  if (!row) throw branchNotFound();
  return row;
}

export async function deleteBranch(db: Db, collegeId: number, id: number) {
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(collegeBranches).where(own(collegeId, id)).returning({ id: collegeBranches.id });
    if (rows.length) await bumpContentVersion(tx, ['branch', 'college']);
    return rows.length;
  });
  if (!deleted) throw branchNotFound();
}
