import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/index.ts';
import type { Storage } from './index.ts';
import { FILE_COLUMNS } from './references.ts';

/**
 * A personal file is written before the row that names it commits (so a row never names a missing
 * file); a crash in between leaves the file with no row. Files younger than this may still be
 * waiting for their row, so they are never swept.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
export const ORPHAN_SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/** The references among `refs` that some row names. */
async function referencedAmong(db: Db, refs: string[]): Promise<Set<string>> {
  const checks = FILE_COLUMNS.map(([table, col, isList]) => {
    const where = isList ? sql`${sql.identifier(col)} @> ARRAY[candidate.ref]::text[]` : sql`${sql.identifier(col)} = candidate.ref`;
    return sql`EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE ${where})`;
  });
  const result = await db.execute(
    sql`SELECT candidate.ref FROM unnest(ARRAY[${sql.join(
      refs.map((ref) => sql`${ref}`),
      sql`, `,
    )}]::text[]) AS candidate(ref) WHERE ${sql.join(checks, sql` OR `)}`,
  );
  return new Set(rowsOf<{ ref: string }>(result).map((r) => r.ref));
}

/** Removes the store's files that no row names and that are older than `minAgeMs`; answers how many. */
export async function sweepOrphans(db: Db, storage: Storage, options: { minAgeMs?: number; now?: number } = {}): Promise<number> {
  const cutoff = (options.now ?? Date.now()) - (options.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  let removed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const used = await referencedAmong(db, batch);
    for (const ref of batch.filter((r) => !used.has(r))) {
      await storage.remove(ref);
      removed += 1;
    }
    batch = [];
  };
  for await (const file of storage.list()) {
    if (file.modified.getTime() > cutoff) continue;
    batch.push(file.ref);
    if (batch.length >= BATCH) await sweep();
  }
  if (batch.length) await sweep();
  return removed;
}

/** Sweeps now and then daily, on every instance (a sweep is idempotent); stop() ends the schedule. */
export function scheduleOrphanSweep(db: Db, storage: Storage, log: (line: string) => void) {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = sweepOrphans(db, storage).then(
      (removed) => {
        if (removed) log(`Removed ${removed} private files no row refers to (left by an interrupted upload).`);
      },
      (err: unknown) => log(`The sweep of unreferenced private files failed: ${(err as Error).message}`),
    );
  };
  run();
  const timer = setInterval(run, ORPHAN_SWEEP_EVERY_MS);
  timer.unref();
  return {
    /** ends the schedule and waits for a sweep under way, so the database is not closed under it */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
