import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { FilterMeta } from '../../src/lib/contract/index.ts';
import type { Db } from '../db/index.ts';
import { badRequest, notFound } from '../errors.ts';
import { plainText } from '../services/fields.ts';
import { serverEntity, type ServerEntity } from './registry.ts';

export const MAX_PAGE_SIZE = 1000;
export const MAX_SEARCH_LENGTH = 200;

const HIDDEN_COLUMNS = new Set(['search', 'search_text']);

/** The columns an API reply shows: everything but the generated search columns. */
export function visibleColumns(entity: ServerEntity): Record<string, PgColumn> {
  return Object.fromEntries(Object.entries(getTableColumns(entity.table)).filter(([name]) => !HIDDEN_COLUMNS.has(name)));
}

export const column = (entity: ServerEntity, name: string): PgColumn => {
  const col = getTableColumns(entity.table)[name];
  if (!col) throw new Error(`${entity.decl.name} has no column ${name}`);
  return col;
};

const pageInt = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`));

export const pagingQuery = {
  page: pageInt('page', 1_000_000).optional(),
  page_size: pageInt('page_size', MAX_PAGE_SIZE).optional(),
  // control characters dropped: PostgreSQL refuses a NUL in text
  search: plainText(MAX_SEARCH_LENGTH).optional(),
};

const filterValue = (name: string, meta: FilterMeta) => {
  switch (meta.kind) {
    case 'boolean':
    case 'flag':
      return z.enum(['true', 'false'], { error: `${name} must be true or false` });
    case 'select':
      return z.enum(meta.options as [string, ...string[]], { error: `${name} must be one of: ${meta.options!.join(', ')}` });
    case 'ref':
      return z.string().min(1).max(200);
  }
};

/** The query string schema of an entity's list: paging, search, ordering and its own filters. */
export function listQuerySchema(entity: ServerEntity) {
  const filters = Object.fromEntries(Object.entries(entity.decl.filters ?? {}).map(([name, meta]) => [name, filterValue(name, meta).optional()]));
  return z.strictObject({ ...pagingQuery, ordering: z.string().max(60).optional(), ...filters });
}

export type ListQuery = { page?: number; page_size?: number; search?: string; ordering?: string } & Record<string, string | number | undefined>;

/** An id or a slug of `refName`, as the row id; unknown values are a 400 naming the filter. */
async function resolveRef(db: Db, refName: string, value: string, filterName: string): Promise<number> {
  const ref = serverEntity(refName);
  const idCol = column(ref, 'id');
  const where = /^\d{1,9}$/.test(value) ? eq(idCol, Number(value)) : eq(column(ref, 'slug'), value);
  const [row] = await db.select({ id: idCol }).from(ref.table).where(where).limit(1);
  if (!row) throw badRequest(`Unknown ${ref.decl.label.toLowerCase()} "${value}".`, { [filterName]: [`No ${ref.decl.label.toLowerCase()} matches "${value}".`] });
  return row.id as number;
}

function searchCondition(entity: ServerEntity, search: string): { where: SQL; rank: SQL | null } {
  const q = search.trim().toLowerCase();
  if (!entity.searchable) {
    const title = column(entity, entity.decl.titleField);
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return { where: sql`${title} ILIKE ${pattern}`, rank: null };
  }
  const vector = column(entity, 'search');
  const text = column(entity, 'search_text');
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  // Full text finds words in any field; trigram word similarity forgives typos in names and places.
  return {
    where: sql`(${vector} @@ ${tsquery} OR ${q} <% ${text})`,
    rank: sql`ts_rank(${vector}, ${tsquery}) + word_similarity(${q}, ${text})`,
  };
}

function orderFor(entity: ServerEntity, keys: string[]): SQL[] {
  return keys.map((key) => {
    const name = key.replace(/^-/, '');
    const col = column(entity, name);
    return key.startsWith('-') ? sql`${desc(col)} NULLS LAST` : sql`${asc(col)} NULLS LAST`;
  });
}

function parseOrdering(entity: ServerEntity, ordering: string): string[] {
  const allowed = new Set(['id', 'created_at', 'updated_at', ...Object.keys(entity.decl.fields).filter((f) => !['refs', 'tags', 'faqs', 'image', 'file', 'html'].includes(entity.decl.fields[f].kind))]);
  const keys = ordering.split(',').map((k) => k.trim()).filter(Boolean);
  for (const key of keys) {
    if (!allowed.has(key.replace(/^-/, ''))) throw badRequest(`Cannot order by "${key}".`, { ordering: [`Use one of: ${[...allowed].join(', ')} (prefix - for descending).`] });
  }
  return [...keys, 'id'];
}

export interface ListResult {
  count: number;
  results: Record<string, unknown>[];
}

/**
 * One page of an entity: filters, search (full text + trigram, best match first), ordering.
 * `extra` narrows the rows further (the public ads list, an institution's own rows).
 */
export async function listRows(db: Db, entity: ServerEntity, query: ListQuery, extra: SQL[] = []): Promise<ListResult> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  const conditions: SQL[] = [...extra];
  let orderBy: SQL[] = orderFor(entity, query.ordering ? parseOrdering(entity, query.ordering) : entity.decl.ordering);

  for (const [name, meta] of Object.entries(entity.decl.filters ?? {})) {
    const value = query[name];
    if (value === undefined) continue;
    if (meta.kind === 'flag') {
      const flag = entity.flags?.[name];
      if (value === 'true' && flag) {
        conditions.push(flag.where);
        if (!query.ordering) orderBy = flag.orderBy;
      }
      continue;
    }
    const col = column(entity, meta.column!);
    if (meta.kind === 'boolean') conditions.push(eq(col, value === 'true'));
    else if (meta.kind === 'select') conditions.push(eq(col, value));
    else {
      const id = await resolveRef(db, meta.ref!, String(value), name);
      // An array column holds a list of ids: containment uses its GIN index.
      conditions.push(col.columnType === 'PgArray' ? sql`${col} @> ARRAY[${id}]::integer[]` : eq(col, id));
    }
  }

  if (query.search?.trim()) {
    const { where, rank } = searchCondition(entity, query.search);
    conditions.push(where);
    if (!query.ordering && rank) orderBy = [sql`${rank} DESC`, ...orderBy];
  }

  const where = conditions.length ? and(...conditions) : undefined;
  const [results, [{ count }]] = await Promise.all([
    db
      .select(visibleColumns(entity))
      .from(entity.table)
      .where(where)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(entity.table).where(where),
  ]);
  return { count, results };
}

/** The row with this numeric id or slug, or 404. */
export async function findRow(db: Db, entity: ServerEntity, idOrSlug: string, extra: SQL[] = []): Promise<Record<string, unknown>> {
  const byId = /^\d{1,9}$/.test(idOrSlug);
  if (!byId && !('slug' in getTableColumns(entity.table))) throw notFound(`${entity.decl.label} not found.`);
  const where = byId ? eq(column(entity, 'id'), Number(idOrSlug)) : eq(column(entity, 'slug'), idOrSlug);
  const [row] = await db
    .select(visibleColumns(entity))
    .from(entity.table)
    .where(and(where, ...extra))
    .limit(1);
  if (!row) throw notFound(`${entity.decl.label} not found.`);
  return row;
}

export interface RelatedItem {
  id: number;
  label: string;
  slug: string | null;
}

/** Names of the rows a detail refers to, per ref field, so a page can show them without more calls. */
export async function relatedOf(db: Db, entity: ServerEntity, row: Record<string, unknown>): Promise<Record<string, RelatedItem[]>> {
  const related: Record<string, RelatedItem[]> = {};
  await Promise.all(
    Object.entries(entity.decl.fields)
      .filter(([, meta]) => meta.kind === 'ref' || meta.kind === 'refs')
      .map(async ([field, meta]) => {
        const raw = row[field];
        const ids = (Array.isArray(raw) ? raw : raw == null ? [] : [raw]) as number[];
        if (ids.length === 0) return void (related[field] = []);
        const ref = serverEntity(meta.ref!);
        const hasSlug = 'slug' in getTableColumns(ref.table);
        const rows = await db
          .select({ id: column(ref, 'id'), label: column(ref, ref.decl.titleField), slug: hasSlug ? column(ref, 'slug') : sql<null>`null` })
          .from(ref.table)
          .where(inArray(column(ref, 'id'), ids));
        const byId = new Map(rows.map((r) => [r.id as number, r as unknown as RelatedItem]));
        related[field] = ids.map((id) => byId.get(id)).filter((r): r is RelatedItem => Boolean(r));
      }),
  );
  return related;
}

/** Dropdown options: id/value and label, searchable, at most `limit`. */
export async function dropdownRows(db: Db, entity: ServerEntity, search: string | undefined, limit: number) {
  const title = column(entity, entity.decl.titleField);
  const hasSlug = 'slug' in getTableColumns(entity.table);
  const conditions: SQL[] = [];
  let orderBy: SQL[] = [sql`${asc(title)}`];
  if (search?.trim()) {
    const { where, rank } = searchCondition(entity, search);
    conditions.push(where);
    if (rank) orderBy = [sql`${rank} DESC`, ...orderBy];
  }
  const rows = await db
    .select({ id: column(entity, 'id'), label: title, slug: hasSlug ? column(entity, 'slug') : sql<null>`null` })
    .from(entity.table)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...orderBy)
    .limit(limit);
  return rows.map((r) => ({ id: r.id as number, value: r.id as number, label: r.label as string, slug: (r.slug as string | null) ?? undefined }));
}
