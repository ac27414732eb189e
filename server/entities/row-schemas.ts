import { getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import { detailSchema, rowSchema, type RelatedItem, type RowOptions } from '../../src/lib/contract/rows.ts';
import { facets, page } from '../../src/lib/contract/responses.ts';
import type { ServerEntity } from './registry.ts';

/** The response schemas of an entity's rows: its declaration's row plus what this table and the server add. */
const rowOptions = (entity: ServerEntity): RowOptions => {
  const columns = getTableColumns(entity.table);
  const computed = entity.computed ?? {};
  // a declared value the server computes (review_count) has no column: its own schema says whether it may be null
  const notNull = (name: string) => columns[name]?.notNull ?? (computed[name] ? !computed[name].schema.nullable : undefined);
  return { slug: 'slug' in columns, computed: Object.keys(computed), notNull };
};

/**
 * The generic routes serve every entity from one loop, so their rows are typed as any row: each
 * entity's own row type is Row<D> in rows.ts, for code that knows which entity it reads.
 */
type AnyRow = Record<string, unknown>;

export const rowOf = (entity: ServerEntity): z.ZodType<AnyRow> => rowSchema(entity.decl, rowOptions(entity));
export const detailOf = (entity: ServerEntity): z.ZodType<AnyRow & { related: Record<string, RelatedItem[]> }> =>
  detailSchema(entity.decl, rowOptions(entity));

type ListPage = { count: number; next: string | null; previous: string | null; results: AnyRow[]; facets?: z.infer<typeof facets> };

/** A page of rows; with the counts per filter value when ?facets= asks (entities with filters). */
export const listOf = (entity: ServerEntity): z.ZodType<ListPage> =>
  entity.decl.filters ? page(rowOf(entity)).extend({ facets: facets.optional() }) : page(rowOf(entity));
