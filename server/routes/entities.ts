import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { entityPaths, idSchema, writeAccess } from '../../src/lib/contract/index.ts';
import { MAX_PAGE_SIZE, dropdownRows, findRow, listQuerySchema, listRows, relatedOf, pagingQuery, type ListQuery } from '../entities/query.ts';
import { registry, uploadRules, type ServerEntity } from '../entities/registry.ts';
import { deleteRow, saveRow } from '../entities/write.ts';
import { readForm } from '../uploads.ts';

const idParams = z.object({ id: z.string().max(200) });
/** a delete of a row others use: the row of the same kind they are to use instead */
const deleteQuery = z.strictObject({ reassign_to: idSchema.optional() });

/** DRF-style page links, relative to the API origin, keeping every other query parameter. */
export function pageLinks(request: FastifyRequest, count: number, page: number, pageSize: number) {
  const url = new URL(request.url, 'http://x');
  const link = (p: number) => {
    url.searchParams.set('page', String(p));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  return { next: page * pageSize < count ? link(page + 1) : null, previous: page > 1 ? link(page - 1) : null };
}

export async function pagedReply(request: FastifyRequest, query: ListQuery, result: { count: number; results: unknown[] }) {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  return { count: result.count, ...pageLinks(request, result.count, page, pageSize), results: result.results };
}

const deletedMessage = (entity: ServerEntity) => `${entity.decl.label} deleted successfully!`;

/** List, detail, dropdown, create, update and delete for every declared entity: one table of handlers. */
export default async function entityRoutes(app: FastifyInstance) {
  for (const entity of Object.values(registry)) {
    const { decl } = entity;
    const tags = [decl.plural];
    const paths = entityPaths(decl);
    const readAccess = paths.publicList ? ('public' as const) : (['admin'] as const);
    const write = { access: writeAccess(decl) };
    const querystring = listQuerySchema(entity);

    const list = async (request: FastifyRequest) => {
      const query = request.query as ListQuery;
      return pagedReply(request, query, await listRows(app.db, entity, query));
    };
    app.get(`/${paths.publicList ?? paths.adminList}/`, { schema: { querystring, tags, summary: `List ${decl.plural.toLowerCase()}` }, config: { access: readAccess } }, list);
    if (paths.publicList && paths.adminList !== paths.publicList) {
      app.get(`/${paths.adminList}/`, { schema: { querystring, tags, summary: `List ${decl.plural.toLowerCase()} (admin)` }, config: { access: ['admin'] } }, list);
    }

    app.get(
      `/${paths.one}/`,
      { schema: { params: idParams, tags, summary: `One ${decl.label.toLowerCase()} by id or slug` }, config: { access: readAccess } },
      async (request) => {
        const row = await findRow(app.db, entity, (request.params as { id: string }).id);
        return { ...row, related: await relatedOf(app.db, entity, row) };
      },
    );

    if (paths.dropdown) {
      const path = paths.dropdown;
      const dropdownQuery = z.strictObject({ search: pagingQuery.search, page_size: pagingQuery.page_size });
      app.get(`/${path}/`, { schema: { querystring: dropdownQuery, tags, summary: `${decl.label} options for selects` }, config: { access: 'public' } }, async (request) => {
        const query = request.query as { search?: string; page_size?: number };
        return dropdownRows(app.db, entity, query.search, query.page_size ?? MAX_PAGE_SIZE);
      });
    }

    const rules = uploadRules(entity);
    const writeOptions = { db: app.db, storage: app.storage, privateStorage: app.privateStorage };
    app.post(
      `/${paths.create}/`,
      { schema: { tags, summary: `Create a ${decl.label.toLowerCase()} (${decl.multipart ? 'multipart' : 'JSON'})` }, config: write },
      async (request, reply) => reply.status(201).send(await saveRow(entity, await readForm(request, rules), null, writeOptions)),
    );
    app.patch(
      `/${paths.update}/`,
      { schema: { params: idParams, tags, summary: `Update a ${decl.label.toLowerCase()}; files only when new ones are sent` }, config: write },
      async (request) => {
        const existing = await findRow(app.db, entity, (request.params as { id: string }).id);
        return saveRow(entity, await readForm(request, rules), existing, writeOptions);
      },
    );
    app.delete(
      `/${paths.remove}/`,
      {
        schema: { params: idParams, querystring: deleteQuery, tags, summary: `Delete a ${decl.label.toLowerCase()} and its files; 409 with used_by when other rows use it, unless reassign_to names the one they use instead` },
        config: write,
      },
      async (request) => {
        const { reassign_to } = request.query as z.infer<typeof deleteQuery>;
        await deleteRow(entity, (request.params as { id: string }).id, { ...writeOptions, reassignTo: reassign_to });
        return { message: deletedMessage(entity) };
      },
    );
  }
}
