import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './rows.ts';

/**
 * The tables with a generated `search` vector (searchColumns), and whether search_words is kept
 * current for each: its insert and update triggers (the function is migration 0003's).
 */
export async function searchTriggerState(db: Db): Promise<{ table: string; ready: boolean }[]> {
  return rowsOf<{ table: string; ready: boolean }>(
    await db.execute(sql`
      SELECT c.table_name AS "table",
        (SELECT count(*) FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid JOIN pg_namespace n ON n.oid = r.relnamespace
          WHERE n.nspname = current_schema() AND r.relname = c.table_name
            AND t.tgname IN (c.table_name || '_search_words_ins', c.table_name || '_search_words_upd')) = 2 AS ready
      FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.column_name = 'search' AND c.udt_name = 'tsvector'
      ORDER BY 1`),
  );
}

/**
 * Gives every searchable table its search_words triggers and its words, once: run after the
 * migrations at every start, so a new searchable table needs no hand-written trigger migration.
 * Does nothing (one catalogue query) when all are in place. Returns the tables it set up.
 */
export async function ensureSearchTriggers(db: Db): Promise<string[]> {
  if ((await searchTriggerState(db)).every((t) => t.ready)) return [];
  return db.transaction(async (tx) => {
    // several API processes may start at once on one server: one of them sets up, the others see it done
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('search_words_triggers'))`);
    const missing = (await searchTriggerState(tx)).filter((t) => !t.ready).map((t) => t.table);
    for (const table of missing) {
      const name = sql.identifier(table);
      for (const [suffix, event] of [
        ['ins', 'INSERT'],
        ['upd', 'UPDATE'],
      ] as const) {
        await tx.execute(
          sql`CREATE OR REPLACE TRIGGER ${sql.identifier(`${table}_search_words_${suffix}`)} AFTER ${sql.raw(event)} ON ${name} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add()`,
        );
      }
      await tx.execute(
        sql`INSERT INTO search_words (table_name, word) SELECT DISTINCT ${table}, w FROM ${name}, unnest(tsvector_to_array(search)) AS w ON CONFLICT DO NOTHING`,
      );
    }
    return missing;
  });
}
