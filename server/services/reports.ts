import { sql, type SQL } from 'drizzle-orm';
import type { InstitutionRole } from '../../src/lib/contract/index.ts';
import { institutionNameBy } from './institution-names.ts';
import { rowsOf, type Db } from '../db/index.ts';
import { CHECKED_ON, STALE_AFTER_DAYS } from '../../src/lib/shared/checked.ts';
import { registry } from '../entities/registry.ts';

/** Counts per day of a table over the last `days` days, every day present (zero when empty). */
async function perDay(db: Db, table: string, days: number, where: SQL = sql`TRUE`) {
  return rowsOf<{ date: string; count: number }>(
    await db.execute(sql`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date, count(x.id)::int AS count
      FROM generate_series(current_date - (${days}::int - 1), current_date, interval '1 day') AS d(day)
      LEFT JOIN ${sql.identifier(table)} x ON x.created_at >= d.day AND x.created_at < d.day + interval '1 day' AND ${where}
      GROUP BY d.day ORDER BY d.day`),
  );
}

/** The name of a pageview's institution, of whatever kind. */
const viewedName = institutionNameBy(sql`p.institute_type`, () => sql`p.institute_id`);

/** The admin console's charts: pageviews, inquiries and applications per day, and the most viewed institutions (ties by kind and id, so the ten are always the same ten). */
export async function platformSummary(db: Db, days: number) {
  const [pageviews, inquiries, applications, top] = await Promise.all([
    perDay(db, 'pageviews', days),
    perDay(db, 'inquiries', days),
    perDay(db, 'consultancy_applications', days),
    db.execute(sql`
      SELECT p.institute_type, p.institute_id, count(*)::int AS pageviews, ${viewedName} AS name
      FROM pageviews p
      WHERE p.institute_id IS NOT NULL AND p.created_at >= current_date - (${days}::int - 1)
      GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT 10`),
  ]);
  return {
    days: pageviews.map((p, i) => ({
      date: p.date,
      pageviews: p.count,
      inquiries: inquiries[i]!.count,
      applications: applications[i]!.count,
    })),
    top_institutions: rowsOf<{ institute_type: string; institute_id: number; pageviews: number; name: string | null }>(top),
  };
}

/** An institution's dashboard chart: its pageviews per day. */
export async function institutionPageviews(db: Db, role: InstitutionRole, id: number, days: number) {
  const rows = await perDay(db, 'pageviews', days, sql`x.institute_type = ${role} AND x.institute_id = ${id}`);
  return { days: rows.map((r) => ({ date: r.date, pageviews: r.count })), total: rows.reduce((n, r) => n + r.count, 0) };
}

/**
 * Rows whose fees, intakes or deadlines (the declarations' `confirmed`) nobody has confirmed in
 * STALE_AFTER_DAYS, or ever: never confirmed first, then the oldest. One entity or all of them.
 */
export async function staleFacts(
  db: Db,
  { entity, search, limit, offset }: { entity?: string; search?: string; limit: number; offset: number },
) {
  const named = search?.trim()
    ? sql` AND ${sql.identifier('title')} ILIKE ${`%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : sql``;
  const parts = Object.values(registry)
    .filter((e) => e.decl.confirmed && (!entity || e.decl.name === entity))
    .map(
      (
        e,
      ) => sql`SELECT ${e.decl.name}::text AS entity, id, ${sql.identifier(e.decl.titleField)}::text AS title, ${e.decl.slug === false ? sql`NULL::text` : sql.identifier('slug')} AS slug, ${sql.identifier(CHECKED_ON)} AS checked_on
        FROM ${e.table}
        WHERE ${sql.identifier(CHECKED_ON)} IS NULL OR ${sql.identifier(CHECKED_ON)} < (now() AT TIME ZONE 'Asia/Kathmandu')::date - ${STALE_AFTER_DAYS}::int`,
    );
  const stale = sql`(SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS rows WHERE TRUE${named}) AS stale`;
  const [rows, [total]] = await Promise.all([
    db.execute(
      sql`SELECT entity, id, title, slug, to_char(checked_on, 'YYYY-MM-DD') AS checked_on FROM ${stale} ORDER BY checked_on ASC NULLS FIRST, entity, id LIMIT ${limit} OFFSET ${offset}`,
    ),
    db.execute(sql`SELECT count(*)::int AS n FROM ${stale}`).then((r) => rowsOf<{ n: number }>(r)),
  ]);
  return {
    count: total!.n,
    results: rowsOf<{ entity: string; id: number; title: string; slug: string | null; checked_on: string | null }>(rows),
  };
}
