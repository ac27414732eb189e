import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { InstitutionRole } from '../../src/lib/contract/index.ts';
import { collegeBranches, inquiries } from '../db/schema/index.ts';
import { bumpContentVersion } from '../content-version.ts';
import { findRow, listRows, pagingQuery, relatedOf, type ListQuery } from '../entities/query.ts';
import { registry, uploadRules, type ServerEntity } from '../entities/registry.ts';
import { saveRow } from '../entities/write.ts';
import { forbidden, notFound } from '../errors.ts';
import { readForm } from '../uploads.ts';
import { pagedReply } from './entities.ts';

/** The caller's own institution id; the id a client sends is never trusted. */
export function ownInstitutionId(request: FastifyRequest, role: InstitutionRole): number {
  const id = request.user?.[`${role}_id`];
  if (!id) throw forbidden(`This account is not linked to a ${role}.`);
  return id;
}

const branchBody = z.strictObject({
  name: z.string().trim().min(1, 'This field is required').max(200),
  address: z.string().trim().max(300).optional(),
  district_id: z.number().int().positive().nullable().optional(),
  phone: z.string().trim().max(60).optional(),
});

/**
 * Institution dashboards: each account reads and edits only its own consultancy, college or
 * university, and never the fields only an admin may set (verified, moe_certified, claimed, priority).
 */
export default async function dashboardRoutes(app: FastifyInstance) {
  const institutions: [InstitutionRole, ServerEntity][] = [
    ['consultancy', registry.consultancy],
    ['college', registry.college],
    ['university', registry.university],
  ];
  for (const [role, entity] of institutions) {
    const tags = ['Dashboards'];
    const access = [role] as const;
    app.get(`/${role}/dashboard/`, { schema: { tags, summary: `The signed-in ${role}'s own profile` }, config: { access } }, async (request) => {
      const row = await findRow(app.db, entity, String(ownInstitutionId(request, role)));
      return { ...row, related: await relatedOf(app.db, entity, row) };
    });
    app.patch(
      `/${role}/dashboard/update/`,
      { schema: { tags, summary: `Update the own ${role} profile (multipart; admin-only fields refused)` }, config: { access } },
      async (request) => {
        const existing = await findRow(app.db, entity, String(ownInstitutionId(request, role)));
        return saveRow(entity, await readForm(request, uploadRules(entity)), existing, { db: app.db, storage: app.storage, omitAdminOnly: true });
      },
    );
  }

  app.get(
    '/university/dashboard/courses/',
    { schema: { tags: ['Dashboards'], querystring: z.strictObject({ page: pagingQuery.page, page_size: pagingQuery.page_size, search: pagingQuery.search }) }, config: { access: ['university'] } },
    async (request) => {
      const query = request.query as ListQuery;
      const course = registry.course;
      const universityId = ownInstitutionId(request, 'university');
      return pagedReply(request, query, await listRows(app.db, course, query, [sql`university_id = ${universityId}`]));
    },
  );

  app.get(
    '/college/dashboard/inquiries/',
    { schema: { tags: ['Dashboards'], querystring: z.strictObject({ page: pagingQuery.page, page_size: pagingQuery.page_size }) }, config: { access: ['college'] } },
    async (request) => {
      const { page = 1, page_size = 20 } = request.query as ListQuery;
      const where = and(eq(inquiries.entity_type, 'college'), eq(inquiries.entity_id, ownInstitutionId(request, 'college')));
      const [results, [{ count }]] = await Promise.all([
        app.db.select().from(inquiries).where(where).orderBy(desc(inquiries.created_at)).limit(page_size).offset((page - 1) * page_size),
        app.db.select({ count: sql<number>`count(*)::int` }).from(inquiries).where(where),
      ]);
      return pagedReply(request, { page, page_size }, { count, results: results.map(({ fingerprint: _f, ...r }) => r) });
    },
  );

  const branchTags = ['Dashboards'];
  app.get('/college/dashboard/branches/', { schema: { tags: branchTags, querystring: z.strictObject({}) }, config: { access: ['college'] } }, async (request) =>
    app.db.select().from(collegeBranches).where(eq(collegeBranches.college_id, ownInstitutionId(request, 'college'))).orderBy(collegeBranches.id),
  );
  app.post('/college/dashboard/branches/', { schema: { tags: branchTags, body: branchBody }, config: { access: ['college'] } }, async (request, reply) => {
    const college_id = ownInstitutionId(request, 'college');
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx.insert(collegeBranches).values({ ...(request.body as z.infer<typeof branchBody>), college_id }).returning();
      await bumpContentVersion(tx);
      return created;
    });
    return reply.status(201).send(row);
  });
  const ownBranch = (request: FastifyRequest) =>
    and(eq(collegeBranches.id, Number((request.params as { id: string }).id)), eq(collegeBranches.college_id, ownInstitutionId(request, 'college')));
  const branchParams = z.object({ id: z.string().regex(/^\d{1,9}$/, 'id must be a number') });
  app.patch(
    '/college/dashboard/branches/:id/',
    { schema: { tags: branchTags, params: branchParams, body: branchBody.partial() }, config: { access: ['college'] } },
    async (request) => {
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(collegeBranches)
          .set({ ...(request.body as Partial<z.infer<typeof branchBody>>), updated_at: sql`now()` })
          .where(ownBranch(request))
          .returning();
        if (updated) await bumpContentVersion(tx);
        return updated;
      });
      if (!row) throw notFound('Branch not found.');
      return row;
    },
  );
  app.delete('/college/dashboard/branches/:id/', { schema: { tags: branchTags, params: branchParams }, config: { access: ['college'] } }, async (request) => {
    const deleted = await app.db.transaction(async (tx) => {
      const rows = await tx.delete(collegeBranches).where(ownBranch(request)).returning({ id: collegeBranches.id });
      if (rows.length) await bumpContentVersion(tx);
      return rows.length;
    });
    if (!deleted) throw notFound('Branch not found.');
    return { message: 'Branch deleted successfully!' };
  });
}
