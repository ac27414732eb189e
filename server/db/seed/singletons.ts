import { contentState, modalSettings, siteSettings } from '../schema/index.ts';
import type { Tx } from './bulk.ts';
import type { Db } from '../index.ts';

/** The single rows (id 1) the settings and rebuild code read; safe to run on every start, production included. */
export async function ensureSingletons(db: Db | Tx) {
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  await db.insert(modalSettings).values({ id: 1 }).onConflictDoNothing();
  await db.insert(contentState).values({ id: 1 }).onConflictDoNothing();
}
