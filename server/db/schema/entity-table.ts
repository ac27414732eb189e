import { getTableColumns, type BuildExtraConfigColumns, type HasDefault, type NotNull } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
  type ExtraConfigColumn,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import { entities, type EntityDeclaration, type EntityName, type FieldMeta } from '../../../src/lib/contract/index.ts';
import { faqList, id, idList, searchColumns, searchIndexes, textList, timestamps, type SearchSource } from './columns.ts';

/**
 * A content entity's table, built from its declaration: one column per stored field, of the type its
 * kind holds (text lengths from `max`), the slug, the day its `confirmed` facts were checked, the
 * search vector from `search`, references with their delete behaviour, and an index per reference
 * (a gin index for a list of ids a filter tests). What the declaration cannot say goes beside it, in
 * the call: further indexes, and columns that differ from their kind's.
 */

const stores = {
  varchar: (name: string, length: number) => varchar(name, { length }),
  text: (name: string) => text(name),
  integer: (name: string) => integer(name),
  double: (name: string) => doublePrecision(name),
  boolean: (name: string) => boolean(name),
  date: (name: string) => date(name, { mode: 'string' }),
  timestamp: (name: string) => timestamp(name, { withTimezone: true, mode: 'string' }),
};
type Store<K extends keyof typeof stores> = ReturnType<(typeof stores)[K]>;

/** Kinds whose column is never empty: an empty value is ''. */
const TEXT_LIKE = new Set<FieldMeta['kind']>(['text', 'textarea', 'html', 'url', 'email', 'select']);

/** Lists (ids, words, images, questions) are never null: an empty one is []. */
type ListColumn<M> = M extends { kind: 'refs' }
  ? ReturnType<typeof idList>
  : M extends { kind: 'tags' } | { kind: 'image'; multiple: true }
    ? ReturnType<typeof textList>
    : M extends { kind: 'faqs' }
      ? ReturnType<typeof faqList>
      : never;

type ValueColumn<M> = M extends { kind: 'number'; decimals: number }
  ? Store<'double'>
  : M extends { kind: 'number' | 'ref' }
    ? Store<'integer'>
    : M extends { kind: 'boolean' }
      ? Store<'boolean'>
      : M extends { kind: 'date' }
        ? Store<'date'>
        : M extends { kind: 'datetime' }
          ? Store<'timestamp'>
          : M extends { kind: 'text' | 'email' | 'select' } | { kind: 'textarea'; max: number }
            ? Store<'varchar'>
            : Store<'text'>;

/** The column a field is stored in, typed as `columnOf` builds it. */
type FieldColumn<M> = [ListColumn<M>] extends [never]
  ? M extends { kind: 'ref' }
    ? ValueColumn<M>
    : M extends { required: true }
      ? NotNull<ValueColumn<M>>
      : M extends { kind: 'text' | 'textarea' | 'html' | 'url' | 'email' | 'select' | 'boolean' } | { default: string | number | boolean }
        ? NotNull<HasDefault<ValueColumn<M>>>
        : ValueColumn<M>
  : ListColumn<M>;

/** The columns a declaration gives its table (derived fields are computed when read, never stored). */
export type DeclaredColumns<D extends EntityDeclaration> = { id: ReturnType<typeof id> } & {
  [K in keyof D['fields'] as D['fields'][K] extends { derived: string } ? never : K]: FieldColumn<D['fields'][K]>;
} & (D extends { slug: false } ? object : { slug: NotNull<Store<'varchar'>> }) &
  (D extends { confirmed: readonly string[] } ? { facts_checked_on: Store<'date'> } : object) &
  (D extends { search: object } ? ReturnType<typeof searchColumns> : object) &
  ReturnType<typeof timestamps>;

type Columns<D extends EntityDeclaration, X> = Omit<DeclaredColumns<D>, keyof X> & X;

/** The tables built so far, by entity: references find their target's id here when drizzle asks. */
const built = new Map<EntityName, PgTable>();

/** An entity's table, once built (content.ts builds them all). */
export function tableOf(name: EntityName): PgTable {
  const table = built.get(name);
  if (!table) throw new Error(`No table for ${name}: entityTable() was not called for it`);
  return table;
}

function idOf(name: EntityName): PgColumn {
  const id = getTableColumns(tableOf(name)).id;
  if (!id) throw new Error(`The ${name} table has no id`);
  return id;
}

function columnOf(name: string, meta: FieldMeta): PgColumnBuilderBase {
  switch (meta.kind) {
    case 'refs':
      return idList(name);
    case 'tags':
      return textList(name);
    case 'faqs':
      return faqList(name);
    case 'ref':
      return stores.integer(name).references(() => idOf(meta.ref), { onDelete: meta.onDelete ?? 'set null' });
    case 'image':
      if (meta.multiple) return textList(name);
  }
  const column = valueColumn(name, meta);
  if (meta.required) return column.notNull();
  const fallback = TEXT_LIKE.has(meta.kind) ? '' : meta.kind === 'boolean' ? false : undefined;
  const value = meta.default ?? fallback;
  // the union of the kinds' builders takes no one default type; the declaration's is of its field's own kind
  return value === undefined ? column : (column.notNull() as { default(value: unknown): PgColumnBuilderBase }).default(value);
}

function valueColumn(name: string, meta: FieldMeta) {
  switch (meta.kind) {
    case 'number':
      return meta.decimals ? stores.double(name) : stores.integer(name);
    case 'boolean':
      return stores.boolean(name);
    case 'date':
      return stores.date(name);
    case 'datetime':
      return stores.timestamp(name);
    case 'text':
      return stores.varchar(name, meta.max ?? 200);
    case 'email':
      // narrower than the 254 characters an address may have (fields.ts): an address this column cannot hold is refused by the database
      return stores.varchar(name, 200);
    case 'select':
      return stores.varchar(name, meta.max ?? 20);
    case 'textarea':
      return meta.max ? stores.varchar(name, meta.max) : stores.text(name);
    default:
      return stores.text(name);
  }
}

/** What a declaration's search vector is made of: its `search` fields, and the rows its `foundBy` refs name. */
function searchSource(decl: EntityDeclaration, weights: SearchSource['weights']): SearchSource {
  const fields = Object.entries(decl.fields);
  return {
    weights,
    lists: fields.flatMap(([name, meta]) => (meta.kind === 'tags' ? [name] : [])),
    foundBy: fields.flatMap(([name, meta]) =>
      (meta.kind === 'ref' || meta.kind === 'refs') && meta.foundBy
        ? [{ column: name, table: entities[meta.ref].table, many: meta.kind === 'refs' }]
        : [],
    ),
  };
}

/** The columns in the order rows are answered in: the fields in their order, the slug after the title. */
function declaredColumns(decl: EntityDeclaration): Record<string, PgColumnBuilderBase> {
  const fields = Object.entries(decl.fields).flatMap(([name, meta]): [string, PgColumnBuilderBase][] => {
    if (meta.derived) return [];
    const slug: [string, PgColumnBuilderBase][] =
      name === decl.titleField && decl.slug !== false ? [['slug', stores.varchar('slug', 200).notNull().unique()]] : [];
    return [[name, columnOf(name, meta)], ...slug];
  });
  return {
    id: id(),
    ...Object.fromEntries(fields),
    ...(decl.confirmed ? { facts_checked_on: stores.date('facts_checked_on') } : {}),
    ...(decl.search ? searchColumns(decl.table, searchSource(decl, decl.search)) : {}),
    ...timestamps(),
  };
}

/** A reference's index: every ref has one (deletes look rows up by it) unless it opts out; a list of ids has one when a filter tests it. */
function referenceIndexes(decl: EntityDeclaration, t: Record<string, ExtraConfigColumn>): PgTableExtraConfigValue[] {
  const filtered = new Set(
    Object.values(decl.filters ?? {}).flatMap((f) => (f.kind === 'ref' && !f.through && f.column ? [f.column] : [])),
  );
  return Object.entries(decl.fields).flatMap(([name, meta]) => {
    const column = t[name];
    if (!column) return [];
    if (meta.kind === 'ref' && meta.index !== false) return [index(`${decl.table}_${name.replace(/_id$/, '')}_idx`).on(column)];
    if (meta.kind === 'refs' && filtered.has(name)) return [index(`${decl.table}_${entities[meta.ref].table}_idx`).using('gin', column)];
    return [];
  });
}

export interface TableExtras<D extends EntityDeclaration, X extends Record<string, PgColumnBuilderBase>> {
  /** columns that differ from what the field's kind gives, or that no field declares */
  columns?: X;
  /** indexes beyond the references' and the search vector's */
  indexes?: (t: BuildExtraConfigColumns<D['table'], Columns<D, X>, 'pg'>) => PgTableExtraConfigValue[];
  /** the columns that come first, in this order, where rows were answered in another order than the fields' (the API keeps its answers) */
  order?: readonly NoInfer<keyof Columns<D, X> & string>[];
}

const inOrder = (columns: Record<string, PgColumnBuilderBase>, first: readonly string[] = []) => ({
  ...Object.fromEntries(first.map((name) => [name, columns[name]])),
  ...Object.fromEntries(Object.entries(columns).filter(([name]) => !first.includes(name))),
});

export function entityTable<const D extends EntityDeclaration, X extends Record<string, PgColumnBuilderBase> = Record<never, never>>(
  decl: D,
  extras: TableExtras<D, X> = {},
) {
  const columns = inOrder({ ...declaredColumns(decl), ...extras.columns }, extras.order) as Columns<D, X>;
  const table = pgTable(decl.table as D['table'], columns, (t) => {
    const byName: Record<string, ExtraConfigColumn> = t;
    const search = byName.search;
    return [...referenceIndexes(decl, byName), ...(extras.indexes?.(t) ?? []), ...(search ? searchIndexes(decl.table, { search }) : [])];
  });
  built.set(decl.name, table);
  return table;
}
