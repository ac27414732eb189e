import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { date, integer, interval, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { forDrizzle } from '../../server/db/pglite-parsers.ts';

const kinds = pgTable('kinds', {
  id: integer('id').primaryKey(),
  day: date('day'),
  at: timestamp('at', { withTimezone: true }),
  local: timestamp('local'),
  span: interval('span'),
  amounts: numeric('amounts').array(),
  ats: timestamp('ats', { withTimezone: true }).array(),
  days: date('days').array(),
});

describe("drizzle over PGlite without the driver's per-query parsers", () => {
  let plain: PGlite;
  let kept: PGlite;
  beforeAll(async () => {
    [plain, kept] = await Promise.all([PGlite.create(), PGlite.create()]);
    for (const client of [plain, kept])
      await client.exec(`
        CREATE TABLE kinds (id int PRIMARY KEY, day date, at timestamptz, local timestamp, span interval, amounts numeric[], ats timestamptz[], days date[]);
        INSERT INTO kinds VALUES (1, '2026-12-05', '2026-12-05 10:15:00+05:45', '2026-12-05 10:15', '3 days 2 hours',
          '{1.50,2000000}', '{"2026-01-01 00:00:00+00","2026-02-01 12:30:00+00"}', '{2026-03-01,2026-04-01}'),
          (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL);`);
  });
  afterAll(() => Promise.all([plain.close(), kept.close()]));

  it('reads every type drizzle parses itself as the driver does, in and out of a transaction', async () => {
    const before = drizzle(plain);
    const after = drizzle(forDrizzle(kept));
    const read = (db: Pick<PgliteDatabase, 'select'>) => db.select().from(kinds).orderBy(kinds.id);
    const expected = await read(before);
    expect(expected[0]!.ats).toHaveLength(2);
    expect(await read(after)).toEqual(expected);
    expect(await after.transaction((tx) => read(tx))).toEqual(expected);
    expect((await after.execute(sql`SELECT day, ats FROM kinds WHERE id = 1`)).rows).toEqual(
      (await before.execute(sql`SELECT day, ats FROM kinds WHERE id = 1`)).rows,
    );
  });

  it('sends no parsers with a query', async () => {
    const seen: unknown[] = [];
    const query = kept.query.bind(kept);
    kept.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      seen.push(options?.parsers);
      return query(text, params, options);
    }) as typeof kept.query;
    await drizzle(forDrizzle(kept)).select().from(kinds);
    kept.query = query;
    expect(seen).toEqual([undefined]);
  });
});
