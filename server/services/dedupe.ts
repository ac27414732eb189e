import crypto from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { complaints, consultancyApplications, inquiries } from '../db/schema/index.ts';
import type { Tx } from './tx.ts';

const WINDOW = sql`now() - interval '10 minutes'`;

const normalize = (value: unknown): unknown => {
  if (typeof value === 'string') return value.trim().toLowerCase().replace(/\s+/g, ' ');
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, normalize(v)]),
    );
  }
  return value;
};

/** The same submission, whatever the case, spacing or key order, gives the same fingerprint. */
export const fingerprint = (payload: unknown) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(normalize(payload)))
    .digest('hex');

type Fingerprinted = typeof complaints | typeof inquiries | typeof consultancyApplications;

/**
 * Runs `create` unless the same submission was stored in the last ten minutes; answers the id of
 * the row that stands for it. A lock on the fingerprint makes two simultaneous copies wait for each other.
 */
export async function storeOnce(
  db: Db,
  table: Fingerprinted,
  print: string,
  create: (tx: Tx) => Promise<number>,
): Promise<{ id: number; duplicate: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${print}, 0))`);
    const [earlier] = await tx
      .select({ id: table.id })
      .from(table as typeof complaints)
      .where(and(eq(table.fingerprint, print), gt(table.created_at, WINDOW)))
      .limit(1);
    if (earlier) return { id: earlier.id, duplicate: true };
    return { id: await create(tx), duplicate: false };
  });
}
