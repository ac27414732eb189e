import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dropdownItem, entityPaths, idSchema, writeAccess } from '../../src/lib/contract/index.ts';
import { message, usedBy } from '../../src/lib/contract/responses.ts';
import { dropdownRows, findRow, listQuerySchema, listRows, relatedOf, versionsWithRow } from '../entities/query.ts';
import { detailReadsOf, readsOf } from '../entities/reads.ts';
import { contentMemo } from '../entities/content-memo.ts';
import { registry, uploadRules, type ServerEntity } from '../entities/registry.ts';
import { confirmFacts, deleteRow, rowUses, saveRow } from '../entities/write.ts';
import { MAX_PAGE_SIZE, pagedReply, pageQuery } from '../services/paging.ts';
import { readForm } from '../uploads.ts';
import { detailOf, listOf, rowOf } from '../entities/row-schemas.ts';
import type { ZodApp } from '../typed-app.ts';

const idParams = z.object({ id: z.string().max(200) });
/** a delete of a row others use: the row of the same kind they are to use instead */
const deleteQuery = z.strictObject({ reassign_to: idSchema.optional() });

const deletedMessage = (entity: ServerEntity) => `${entity.decl.label} deleted successfully!`;

/** What every route of an entity is described and guarded by. */
function routeContext(entity: ServerEntity) {
  const { decl } = entity;
  return { decl, tags: [decl.plural], paths: entityPaths(decl), label: decl.label.toLowerCase(), write: { access: writeAccess(decl) } };
}

/** An entity's reads: its lists (public and admin), one row by id or slug, its dropdown. */
function readRoutes(app: ZodApp, entity: ServerEntity) {
  const { decl, tags, paths, label } = routeContext(entity);
  const readAccess = paths.publicList ? ('public' as const) : (['admin'] as const);
  const querystring = listQuerySchema(entity);
  const list = { 200: listOf(entity).describe(`A page of ${decl.plural.toLowerCase()}`) };

  // anonymous public reads are cached by the kinds of content they read (plugins/public-cache.ts)
  const cached = (
    access: 'public' | readonly ['admin'],
    publicCache: NonNullable<FastifyContextConfig['publicCache']> = { reads: readsOf(entity) },
  ): FastifyContextConfig => (access === 'public' ? { access, publicCache } : { access });
  const listRoute = (path: string, summary: string, access: 'public' | readonly ['admin']) =>
    app.get(`/${path}/`, { schema: { querystring, tags, summary, response: list }, config: cached(access) }, async (request) => {
      const memo = await contentMemo(app.db, readsOf(entity), request.contentVersions);
      const result = await listRows(app.db, entity, request.query, [], { memo });
      // facets, when asked for, beside SPEC's count/next/previous/results
      return result.facets
        ? { ...pagedReply(request, request.query, result), facets: result.facets }
        : pagedReply(request, request.query, result);
    });
  listRoute(paths.publicList ?? paths.adminList, `List ${decl.plural.toLowerCase()}`, readAccess);
  if (paths.publicList && paths.adminList !== paths.publicList)
    listRoute(paths.adminList, `List ${decl.plural.toLowerCase()} (admin)`, ['admin']);

  app.get(
    `/${paths.one}/`,
    {
      schema: {
        params: idParams,
        tags,
        summary: `One ${decl.label.toLowerCase()} by id or slug`,
        response: { 200: detailOf(entity).describe(`The ${label}, with the names its refs point to`) },
      },
      // a detail is keyed by its row's own version and what it names, not by every write to its kind
      config: cached(readAccess, {
        reads: detailReadsOf(entity),
        withRow: { kind: entity.decl.name, read: (db, params) => versionsWithRow(db, entity, (params as { id: string }).id) },
      }),
    },
    async (request) => {
      const row = await findRow(app.db, entity, request.params.id);
      return { ...row, related: await relatedOf(app.db, entity, row) };
    },
  );

  if (paths.dropdown) {
    const path = paths.dropdown;
    const dropdownQuery = z.strictObject({ search: pageQuery.search, page_size: pageQuery.page_size });
    app.get(
      `/${path}/`,
      {
        schema: {
          querystring: dropdownQuery,
          tags,
          summary: `${decl.label} options for selects`,
          response: { 200: z.array(dropdownItem).describe('Options for a select') },
        },
        config: cached('public'),
      },
      (request) => dropdownRows(app.db, entity, request.query.search, request.query.page_size ?? MAX_PAGE_SIZE),
    );
  }
}

/** An entity's writes: create, update, still correct; each with the access its declaration gives. */
function writeRoutes(app: ZodApp, entity: ServerEntity) {
  const { decl, tags, paths, label, write } = routeContext(entity);
  const row = rowOf(entity);
  const rules = uploadRules(entity);
  const writeOptions = { db: app.db, storage: app.storage, privateStorage: app.privateStorage };
  app.post(
    `/${paths.create}/`,
    {
      schema: {
        tags,
        summary: `Create a ${decl.label.toLowerCase()} (${decl.multipart ? 'multipart' : 'JSON'})`,
        response: { 201: row.describe(`The created ${label}`) },
      },
      config: write,
    },
    async (request, reply) => reply.status(201).send(await saveRow(entity, await readForm(request, rules), null, writeOptions)),
  );
  app.patch(
    `/${paths.update}/`,
    {
      schema: {
        params: idParams,
        tags,
        summary: `Update a ${decl.label.toLowerCase()}; files only when new ones are sent`,
        response: { 200: row.describe(`The updated ${label}`) },
      },
      config: write,
    },
    async (request) => {
      const existing = await findRow(app.db, entity, request.params.id);
      return saveRow(entity, await readForm(request, rules), existing, writeOptions);
    },
  );
  if (paths.confirm)
    app.post(
      `/${paths.confirm}/`,
      {
        schema: {
          params: idParams,
          tags,
          summary: `Confirm a ${decl.label.toLowerCase()}'s ${decl.confirmed!.join(', ')} as still correct today`,
          response: { 200: row.describe(`The ${label}, its checked-on day now today`) },
        },
        config: write,
      },
      async (request) => confirmFacts(app.db, entity, await findRow(app.db, entity, request.params.id)),
    );
}

/** What uses a row, asked before a delete is offered, and the delete, refused while anything does (unless reassigned). */
function removeRoutes(app: ZodApp, entity: ServerEntity) {
  const { decl, tags, paths, label, write } = routeContext(entity);
  const writeOptions = { db: app.db, storage: app.storage, privateStorage: app.privateStorage };
  app.get(
    `/${paths.uses}/`,
    {
      schema: {
        params: idParams,
        tags,
        summary: `What uses a ${decl.label.toLowerCase()} (kinds, counts, the first titles): a delete is refused while anything does`,
        response: { 200: usedBy.describe(`What uses the ${label}: empty when it can be deleted`) },
      },
      config: write,
    },
    async (request) => ({ used_by: await rowUses(app.db, entity, request.params.id) }),
  );
  app.delete(
    `/${paths.remove}/`,
    {
      schema: {
        params: idParams,
        querystring: deleteQuery,
        tags,
        summary: `Delete a ${decl.label.toLowerCase()} and its files; 409 with used_by when other rows use it, unless reassign_to names the one they use instead`,
        response: { 200: message.describe('Deleted, with its files') },
      },
      config: write,
    },
    async (request) => {
      await deleteRow(entity, request.params.id, { ...writeOptions, reassignTo: request.query.reassign_to });
      return { message: deletedMessage(entity) };
    },
  );
}

/** List, detail, dropdown, create, update and delete for every declared entity: one table of handlers. */
export default async function entityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const entity of Object.values(registry)) {
    readRoutes(app, entity);
    writeRoutes(app, entity);
    removeRoutes(app, entity);
  }
}
