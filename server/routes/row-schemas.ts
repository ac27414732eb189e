import { getTableColumns } from 'drizzle-orm';
import { detailSchema, rowSchema } from '../../src/lib/contract/rows.ts';
import { facets, page } from '../../src/lib/contract/responses.ts';
import type { ServerEntity } from '../entities/registry.ts';

/** The response schemas of an entity's rows: its declaration's row plus what this table and the server add. */
const rowOptions = (entity: ServerEntity) => ({ slug: 'slug' in getTableColumns(entity.table), computed: Object.keys(entity.computed ?? {}) });

export const rowOf = (entity: ServerEntity) => rowSchema(entity.decl, rowOptions(entity));
export const detailOf = (entity: ServerEntity) => detailSchema(entity.decl, rowOptions(entity));

/** A page of rows; with the counts per filter value when ?facets= asks (entities with filters). */
export const listOf = (entity: ServerEntity) => (entity.decl.filters ? page(rowOf(entity)).extend({ facets: facets.optional() }) : page(rowOf(entity)));
