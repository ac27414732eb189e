import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../index.ts';

/** The transaction handle drizzle gives inside `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows per INSERT: wide tables stay well under PostgreSQL's 65535 bind parameters. */
const CHUNK = 1000;

/** Multi-row inserts in chunks; answers the new ids in the order of `rows` (PostgreSQL returns VALUES rows in order). */
export async function insertRows<T extends PgTable & { id: AnyPgColumn }>(
  tx: Tx | Db,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await tx
      .insert(table)
      .values(rows.slice(i, i + CHUNK))
      .returning({ id: table.id });
    ids.push(...inserted.map((r) => r.id as number));
  }
  return ids;
}
