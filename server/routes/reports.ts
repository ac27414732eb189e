import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rowsOf } from '../db/index.ts';
import { ownInstitutionId } from './dashboards.ts';

const daysQuery = z.strictObject({
  days: z.string().regex(/^\d{1,3}$/, 'days must be a whole number').transform(Number).pipe(z.number().min(1).max(365)).optional(),
});

/** Counts per day of a table over the last `days` days, every day present (zero when empty). */
const perDay = (table: string, days: number, where = sql`TRUE`) => sql`
  SELECT to_char(d.day, 'YYYY-MM-DD') AS date, count(x.id)::int AS count
  FROM generate_series(current_date - (${days}::int - 1), current_date, interval '1 day') AS d(day)
  LEFT JOIN ${sql.identifier(table)} x ON x.created_at >= d.day AND x.created_at < d.day + interval '1 day' AND ${where}
  GROUP BY d.day ORDER BY d.day`;

/** The numbers behind the console's charts. */
export default async function reportRoutes(app: FastifyInstance) {
  const series = async (table: string, days: number, where?: ReturnType<typeof sql>) => rowsOf<{ date: string; count: number }>(await app.db.execute(perDay(table, days, where)));

  app.get('/analytics/summary/', { schema: { tags: ['Analytics'], querystring: daysQuery }, config: { access: ['admin'] } }, async (request) => {
    const days = (request.query as { days?: number }).days ?? 30;
    const [pageviews, inquiries, applications, top] = await Promise.all([
      series('pageviews', days),
      series('inquiries', days),
      series('consultancy_applications', days),
      app.db.execute(sql`
        SELECT p.institute_type, p.institute_id, count(*)::int AS pageviews,
          coalesce(c.name, co.name, u.name) AS name
        FROM pageviews p
        LEFT JOIN consultancies c ON p.institute_type = 'consultancy' AND c.id = p.institute_id
        LEFT JOIN colleges co ON p.institute_type = 'college' AND co.id = p.institute_id
        LEFT JOIN universities u ON p.institute_type = 'university' AND u.id = p.institute_id
        WHERE p.institute_id IS NOT NULL AND p.created_at >= current_date - (${days}::int - 1)
        GROUP BY 1, 2, 4 ORDER BY 3 DESC LIMIT 10`),
    ]);
    return {
      days: pageviews.map((p, i) => ({ date: p.date, pageviews: p.count, inquiries: inquiries[i].count, applications: applications[i].count })),
      top_institutions: rowsOf(top),
    };
  });

  app.get('/analytics/mine/', { schema: { tags: ['Analytics'], querystring: daysQuery }, config: { access: ['consultancy', 'college', 'university'] } }, async (request) => {
    const days = (request.query as { days?: number }).days ?? 30;
    const role = request.user!.role as 'consultancy' | 'college' | 'university';
    const id = ownInstitutionId(request, role);
    const rows = await series('pageviews', days, sql`x.institute_type = ${role} AND x.institute_id = ${id}`);
    return { days: rows.map((r) => ({ date: r.date, pageviews: r.count })), total: rows.reduce((n, r) => n + r.count, 0) };
  });
}
