import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import type { Runner } from './tx.ts';
import { shortlistItems } from '../db/schema/index.ts';
import { column } from '../entities/query.ts';
import { serverEntity } from '../entities/registry.ts';
import { badRequest } from '../errors.ts';
import { SHORTLIST_MAX, type ShortlistItem } from '../../src/lib/contract/bodies/shortlist.ts';

/** The account's saved rows, oldest first (the order they were saved in). */
export async function shortlistOf(db: Runner, userId: number): Promise<ShortlistItem[]> {
  const rows = await db
    .select({ entity: shortlistItems.entity, id: shortlistItems.row_id })
    .from(shortlistItems)
    .where(eq(shortlistItems.user_id, userId))
    .orderBy(asc(shortlistItems.created_at), asc(shortlistItems.entity), asc(shortlistItems.row_id));
  return rows;
}

/** Of these items, those whose rows exist: a device may hold a row deleted since it was saved. */
async function existing(db: Db, items: ShortlistItem[]): Promise<ShortlistItem[]> {
  const byEntity = new Map<string, ShortlistItem[]>();
  for (const item of items) byEntity.set(item.entity, [...(byEntity.get(item.entity) ?? []), item]);
  const found = await Promise.all(
    [...byEntity].map(async ([entity, list]) => {
      const e = serverEntity(entity);
      const ids = await db
        .select({ id: column(e, 'id') })
        .from(e.table)
        .where(
          inArray(
            column(e, 'id'),
            list.map((i) => i.id),
          ),
        );
      const known = new Set(ids.map((r) => r.id as number));
      return list.filter((i) => known.has(i.id));
    }),
  );
  return found.flat();
}

/** Adds items (a device's shortlist on sign-in, or one saved row); what is there already stays. */
export async function addToShortlist(db: Db, userId: number, items: ShortlistItem[]): Promise<ShortlistItem[]> {
  const rows = await existing(db, items);
  return db.transaction(async (tx) => {
    if (rows.length)
      await tx
        .insert(shortlistItems)
        .values(rows.map((i) => ({ user_id: userId, entity: i.entity, row_id: i.id })))
        .onConflictDoNothing();
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(shortlistItems)
      .where(eq(shortlistItems.user_id, userId));
    // rolled back whole: a shortlist never ends up past its limit, half merged
    if (n > SHORTLIST_MAX)
      throw badRequest(`A shortlist holds at most ${SHORTLIST_MAX} items.`, { items: [`At most ${SHORTLIST_MAX} items`] });
    return shortlistOf(tx, userId);
  });
}

export async function removeFromShortlist(db: Db, userId: number, item: ShortlistItem): Promise<ShortlistItem[]> {
  await db
    .delete(shortlistItems)
    .where(and(eq(shortlistItems.user_id, userId), eq(shortlistItems.entity, item.entity), eq(shortlistItems.row_id, item.id)));
  return shortlistOf(db, userId);
}
