import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INSTITUTION_ROLES, type InstitutionRole } from '../../src/lib/contract/index.ts';
import { BRANCH_KINDS, INSTITUTIONS, type BranchKind } from '../../src/lib/contract/institutions.ts';
import { ownInstitutionId, ownInstitutionToManage } from '../access/institutions.ts';
import { columnIs, findRow, listRows, relatedOf } from '../entities/query.ts';
import { registry, uploadRules } from '../entities/registry.ts';
import { confirmFacts, saveRow } from '../entities/write.ts';
import {
  addBranch,
  branchBody,
  branchParams,
  deleteBranch,
  everyPublicBranch,
  listBranches,
  publicBranches,
  updateBranch,
} from '../services/branches.ts';
import { collegeInquiries } from '../services/leads.ts';
import { pagedReply, pageQuery } from '../services/paging.ts';
import { readForm } from '../uploads.ts';
import { message } from '../../src/lib/contract/answers.ts';
import { branchOf, collegeInquiries as collegeInquiryPage, institutionBranch, publicBranch } from '../../src/lib/contract/records.ts';
import { detailOf, listOf, rowOf } from '../entities/row-schemas.ts';
import type { ZodApp } from '../typed-app.ts';

const tags = ['Dashboards'];

/** One kind's own profile: read, update (admin-only fields refused) and, where it has facts that go stale, "still correct". */
function profileRoutes(app: ZodApp, role: InstitutionRole) {
  const entity = registry[INSTITUTIONS[role].entity];
  const access = [role] as const;
  app.get(
    `/${role}/dashboard/`,
    {
      schema: {
        tags,
        summary: `The signed-in ${role}'s own profile`,
        response: { 200: detailOf(entity).describe(`The own ${role} profile`) },
      },
      config: { access, errors: [404] },
    },
    async (request) => {
      const row = await findRow(app.db, entity, String(ownInstitutionId(request.user, role)));
      return { ...row, related: await relatedOf(app.db, entity, row) };
    },
  );
  app.patch(
    `/${role}/dashboard/update/`,
    {
      schema: {
        tags,
        summary: `Update the own ${role} profile (multipart; admin-only fields refused)`,
        response: { 200: rowOf(entity).describe(`The updated ${role} profile`) },
      },
      config: { access, errors: [404] },
    },
    async (request) => {
      const existing = await findRow(app.db, entity, String(ownInstitutionToManage(request.user, role)));
      return saveRow(entity, await readForm(request, uploadRules(entity)), existing, {
        db: app.db,
        storage: app.storage,
        omitAdminOnly: true,
      });
    },
  );
  if (entity.decl.confirmed)
    app.post(
      `/${role}/dashboard/still-correct/`,
      {
        schema: {
          tags,
          querystring: z.strictObject({}),
          summary: `Confirm the own ${role}'s ${entity.decl.confirmed.join(', ')} as still correct today`,
          response: { 200: rowOf(entity) },
        },
        config: { access },
      },
      async (request) => confirmFacts(app.db, entity, await findRow(app.db, entity, String(ownInstitutionToManage(request.user, role)))),
    );
}

/** A university's own courses. */
function universityRoutes(app: ZodApp) {
  app.get(
    '/university/dashboard/courses/',
    {
      schema: {
        tags,
        querystring: z.strictObject({ page: pageQuery.page, page_size: pageQuery.page_size, search: pageQuery.search }),
        response: { 200: listOf(registry.course) },
      },
      config: { access: ['university'] },
    },
    async (request) => {
      const universityId = ownInstitutionId(request.user, 'university');
      return pagedReply(
        request,
        request.query,
        await listRows(app.db, registry.course, request.query, [columnIs(registry.course, 'university_id', universityId)]),
      );
    },
  );
}

/** A college's inquiries. */
function collegeRoutes(app: ZodApp) {
  app.get(
    '/college/dashboard/inquiries/',
    {
      schema: {
        tags,
        querystring: z.strictObject({ page: pageQuery.page, page_size: pageQuery.page_size }),
        response: { 200: collegeInquiryPage },
      },
      config: { access: ['college'] },
    },
    async (request) =>
      pagedReply(request, request.query, await collegeInquiries(app.db, ownInstitutionId(request.user, 'college'), request.query)),
  );
}

/**
 * The branches of the kinds that have them (INSTITUTIONS): the own institution's, read by its
 * accounts and written by its owners; and any institution's, as its public page lists them.
 */
function branchRoutes(app: ZodApp, kind: BranchKind) {
  const branch = branchOf(kind);
  const access = [kind] as const;
  app.get(
    `/${kind}/dashboard/branches/`,
    { schema: { tags, querystring: z.strictObject({}), response: { 200: z.array(branch) } }, config: { access } },
    (request) => listBranches(app.db, kind, ownInstitutionId(request.user, kind)),
  );
  app.post(
    `/${kind}/dashboard/branches/`,
    { schema: { tags, body: branchBody, response: { 201: branch } }, config: { access } },
    async (request, reply) =>
      reply.status(201).send(await addBranch(app.db, kind, ownInstitutionToManage(request.user, kind), request.body)),
  );
  app.patch(
    `/${kind}/dashboard/branches/:id/`,
    { schema: { tags, params: branchParams, body: branchBody.partial(), response: { 200: branch } }, config: { access, errors: [404] } },
    (request) => updateBranch(app.db, kind, ownInstitutionToManage(request.user, kind), request.params.id, request.body),
  );
  app.delete(
    `/${kind}/dashboard/branches/:id/`,
    { schema: { tags, params: branchParams, response: { 200: message } }, config: { access, errors: [404, 409] } },
    async (request) => {
      await deleteBranch(app.db, kind, ownInstitutionToManage(request.user, kind), request.params.id);
      return { message: 'Branch deleted successfully!' };
    },
  );
  app.get(
    `/${kind}/:id/branches/`,
    {
      schema: {
        tags,
        summary: `A ${kind}'s branches, as its page lists them`,
        params: branchParams,
        response: { 200: z.array(publicBranch) },
      },
      config: { access: 'public', publicCache: { reads: ['branch', 'district'] } },
    },
    (request) => publicBranches(app.db, kind, request.params.id),
  );
  app.get(
    `/branches/${kind}/`,
    {
      schema: {
        tags,
        summary: `Every ${kind}'s branches, each with its ${kind}'s id (what the site build reads in one request)`,
        querystring: z.strictObject({}),
        response: { 200: z.array(institutionBranch) },
      },
      config: { access: 'public', publicCache: { reads: ['branch', 'district'] } },
    },
    () => everyPublicBranch(app.db, kind),
  );
}

/**
 * Institution dashboards: each account reads and edits only its own consultancy, college or
 * university, and never the fields only an admin may set (verified, moe_certified, claimed, priority).
 */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const role of INSTITUTION_ROLES) profileRoutes(app, role);
  universityRoutes(app);
  collegeRoutes(app);
  for (const kind of BRANCH_KINDS) branchRoutes(app, kind);
}
