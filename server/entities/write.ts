import { count, eq, getTableColumns, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { bodySchema, imageLists } from '../../src/lib/contract/index.ts';
import type { Db } from '../db/index.ts';
import { bumpContentVersion, CONTENT_KINDS } from '../content-version.ts';
import { badRequest, conflict } from '../errors.ts';
import { sanitizeRichText } from '../sanitize.ts';
import type { Storage } from '../storage/index.ts';
import { removeUnreferenced } from '../storage/references.ts';
import type { Tx } from '../services/tx.ts';
import { withStoredFiles, type FormData } from '../uploads.ts';
import { CHECKED_ON } from '../../src/lib/shared/checked.ts';
import { column, findRow, visibleColumns } from './query.ts';
import { registry, serverEntity, type ServerEntity } from './registry.ts';

type Row = Record<string, unknown>;

export const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 180) || 'item';

/** A slug no other row has: name-based, then -2, -3, ...; never digits only, which pages and the API read as an id. */
async function uniqueSlug(tx: Tx, entity: ServerEntity, title: string): Promise<string> {
  const named = slugify(title);
  const base = /^\d+$/.test(named) ? `${entity.decl.name}-${named}` : named;
  const slugCol = column(entity, 'slug');
  const taken = new Set(
    (
      await tx
        .select({ slug: slugCol })
        .from(entity.table)
        .where(or(eq(slugCol, base), like(slugCol, `${base}-%`)))
    ).map((r) => r.slug as string),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Every id in a list field must exist, or the field gets a clear error. */
async function checkRefLists(tx: Tx, entity: ServerEntity, values: Row) {
  const fields: Record<string, string[]> = {};
  for (const [name, meta] of Object.entries(entity.decl.fields)) {
    const ids = values[name];
    if (meta.kind !== 'refs' || !Array.isArray(ids) || ids.length === 0) continue;
    const ref = serverEntity(meta.ref);
    const found = new Set(
      (
        await tx
          .select({ id: column(ref, 'id') })
          .from(ref.table)
          .where(inArray(column(ref, 'id'), ids as number[]))
      ).map((r) => r.id),
    );
    const missing = (ids as number[]).filter((id) => !found.has(id));
    if (missing.length) fields[name] = [`Unknown ${ref.decl.label.toLowerCase()} id(s): ${missing.join(', ')}.`];
  }
  if (Object.keys(fields).length) throw badRequest('Some values are not valid.', fields);
}

function cleanValues(entity: ServerEntity, values: Row): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const meta = entity.decl.fields[name];
    out[name] = meta?.kind === 'html' && typeof value === 'string' ? sanitizeRichText(value) : value;
  }
  return out;
}

const fileFields = (entity: ServerEntity) => Object.entries(entity.decl.fields).filter(([, m]) => m.kind === 'image' || m.kind === 'file');

/** The images a `multiple` field's removal list names: a JSON list as text (multipart), a list, or one URL. */
function parseRemovals(raw: unknown, field: string): string[] {
  if (raw === undefined || raw === '') return [];
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim().startsWith('[') ? JSON.parse(raw) : [raw];
    } catch {
      throw badRequest('Some values are not valid.', { [field]: ['Must be a list of image URLs.'] });
    }
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    throw badRequest('Some values are not valid.', { [field]: ['Must be a list of image URLs.'] });
  return value;
}

/** Splits a form's removal lists (one per `multiple` image field) from its field values. */
function splitRemovals(entity: ServerEntity, fields: Row): { removals: Record<string, string[]>; rawFields: Row } {
  const lists = imageLists(entity.decl.fields);
  const removals = Object.fromEntries(lists.map(({ name, removedBy }) => [name, parseRemovals(fields[removedBy], removedBy)]));
  const names = new Set(lists.map((l) => l.removedBy));
  const rawFields = Object.fromEntries(Object.entries(fields).filter(([key]) => !names.has(key)));
  for (const key of Object.keys(rawFields)) if (key.startsWith('deleted_')) throw badRequest(`${key} is not a field of this entity.`);
  return { removals, rawFields };
}

/** Today in Nepal, where "checked on" dates are read, as PostgreSQL computes it. */
const todayInNepal = sql`(now() AT TIME ZONE 'Asia/Kathmandu')::date`;

/**
 * Saving a new value of a `confirmed` field (a fee, an intake, a deadline) is its confirmation: the
 * row's checked-on day becomes today. A save that leaves them as they were confirms nothing.
 */
function confirmsFacts(entity: ServerEntity, values: Row, existing: Row | null): boolean {
  const covered = entity.decl.confirmed ?? [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  if (!existing) return covered.some((f) => values[f] !== undefined && values[f] !== null && values[f] !== '');
  return covered.some((f) => f in values && !same(values[f], existing[f]));
}

/** "Still correct": an admin or the owner confirms the row's `confirmed` values as they are today. */
export async function confirmFacts(db: Db, entity: ServerEntity, existing: Row): Promise<Row> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(entity.table)
      .set({ [CHECKED_ON]: todayInNepal, updated_at: sql`now()` })
      .where(eq(column(entity, 'id'), existing.id as number))
      .returning(visibleColumns(entity));
    // the pages show the date: they are built again
    await bumpContentVersion(tx, [entity.decl.name]);
    return row!;
  });
}

export interface WriteOptions {
  db: Db;
  storage: Storage;
  /** leave out fields an institution may not set (the schema then refuses them) */
  omitAdminOnly?: boolean;
}

/**
 * Creates or updates a row from a validated form: files are stored first and removed again if the
 * database write fails; replaced files are removed after it succeeded. The content version moves
 * in the same transaction.
 */
export async function saveRow(entity: ServerEntity, form: FormData, existing: Row | null, options: WriteOptions): Promise<Row> {
  const { removals, rawFields } = splitRemovals(entity, form.fields);
  const schema = bodySchema(entity.decl.fields, existing ? 'update' : 'create', {
    omit: options.omitAdminOnly ? (m) => Boolean(m.adminOnly) : undefined,
  });
  const values = cleanValues(entity, schema.parse(rawFields) as Row);
  const problems = entity.decl.check?.({ ...existing, ...values });
  if (problems) throw badRequest('Some values are not valid.', problems);
  if (confirmsFacts(entity, values, existing)) values[CHECKED_ON] = todayInNepal;

  const replaced: string[] = [];
  const row = await withStoredFiles(options.db, options.storage, form.files, (files) => {
    for (const [name, meta] of fileFields(entity)) {
      const urls = files.urls(name);
      if (meta.multiple) {
        const deleted = removals[name] ?? [];
        const before = (existing?.[name] as string[] | undefined) ?? [];
        replaced.push(...deleted.filter((u) => before.includes(u)));
        if (urls.length || deleted.length || !existing) values[name] = [...before.filter((u) => !deleted.includes(u)), ...urls];
      } else if (urls.length || (meta.doubleOf && files.urls(meta.doubleOf).length)) {
        // a new source image replaces its 2x copy too, with none when the new one is too small for it
        values[name] = urls[0] ?? null;
        if (existing?.[name] && existing[name] !== values[name]) replaced.push(existing[name] as string);
      }
    }
    return options.db.transaction(async (tx) => {
      await checkRefLists(tx, entity, values);
      const idCol = column(entity, 'id');
      let saved: Row[];
      if (existing) {
        saved = await tx
          .update(entity.table)
          .set({ ...values, updated_at: sql`now()` })
          .where(eq(idCol, existing.id as number))
          .returning(visibleColumns(entity));
      } else {
        if ('slug' in getTableColumns(entity.table)) values.slug = await uniqueSlug(tx, entity, String(values[entity.decl.titleField]));
        saved = await tx.insert(entity.table).values(values).returning(visibleColumns(entity));
      }
      await bumpContentVersion(tx, [entity.decl.name]);
      return saved[0];
    });
  });
  await removeUnreferenced(options.db, options.storage, replaced);
  return row;
}

/** The files a row's file fields refer to. */
const fileUrls = (entity: ServerEntity, row: Row) =>
  fileFields(entity).flatMap(([name]) => {
    const v = row[name];
    return Array.isArray(v) ? (v as string[]) : typeof v === 'string' && v ? [v] : [];
  });

/** The entities whose rows the database deletes with a row of `entity` (ON DELETE CASCADE), by the column that points at it. */
const cascadesTo = (entity: ServerEntity) =>
  Object.values(registry).flatMap((child) =>
    getTableConfig(child.table)
      .foreignKeys.filter((fk) => fk.onDelete === 'cascade')
      .map((fk) => fk.reference())
      .filter((ref) => ref.foreignTable === entity.table && ref.columns.length === 1)
      .map((ref) => ({ child, by: ref.columns[0]! })),
  );

/** The public files of the entity rows a delete of these ids cascades to, following the cascade down. */
async function cascadedFiles(tx: Tx, entity: ServerEntity, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const urls: string[] = [];
  for (const { child, by } of cascadesTo(entity)) {
    const files = Object.fromEntries(fileFields(child).map(([name]) => [name, column(child, name)]));
    const rows: Row[] = await tx
      .select({ id: column(child, 'id'), ...files })
      .from(child.table)
      .where(inArray(by, ids));
    urls.push(
      ...rows.flatMap((r) => fileUrls(child, r)),
      ...(await cascadedFiles(
        tx,
        child,
        rows.map((r) => r.id as number),
      )),
    );
  }
  return urls;
}

/**
 * The fields of other entities that point at rows of `entity` and would lose them in a delete: its
 * ref and ref-list fields, from the declarations. Not the rows a delete takes with it (ON DELETE
 * CASCADE: a university's courses, a consultancy's offers), which belong to the row.
 */
function referencesTo(entity: ServerEntity) {
  return Object.values(registry).flatMap((other) => {
    const owned = new Set(
      getTableConfig(other.table)
        .foreignKeys.filter((fk) => fk.onDelete === 'cascade' && fk.reference().foreignTable === entity.table)
        .flatMap((fk) => fk.reference().columns.map((c) => c.name)),
    );
    return Object.entries(other.decl.fields)
      .filter(([name, meta]) => (meta.kind === 'ref' || meta.kind === 'refs') && meta.ref === entity.decl.name && !owned.has(name))
      .map(([name, meta]) => ({ other, name, list: meta.kind === 'refs', column: column(other, name) }));
  });
}

export interface UsedBy {
  entity: string;
  label: string;
  count: number;
  /** the first few of those rows by title (only in `rowUses`: a 409 keeps to the counts) */
  names?: string[];
}

/** How many titles `rowUses` names per kind; the count says how many more there are. */
export const USES_NAMED = 5;

/** How many rows of each kind point at this one (ref and ref-list fields together, each row once). */
async function usesOf(tx: Tx, entity: ServerEntity, id: number): Promise<UsedBy[]> {
  const byKind = new Map<ServerEntity, SQL[]>();
  for (const ref of referencesTo(entity))
    byKind.set(ref.other, [...(byKind.get(ref.other) ?? []), ref.list ? sql`${ref.column} @> ARRAY[${id}::integer]` : eq(ref.column, id)]);
  const uses: UsedBy[] = [];
  for (const [other, conditions] of byKind) {
    const [row] = await tx
      .select({ n: count() })
      .from(other.table)
      .where(or(...conditions));
    if (row!.n > 0)
      uses.push({ entity: other.decl.name, label: (row!.n === 1 ? other.decl.label : other.decl.plural).toLowerCase(), count: row!.n });
  }
  return uses;
}

/**
 * What uses a row, before any delete is tried: the console asks this first so its dialog says at
 * once whether the row is in use and by which rows, instead of offering a delete the server refuses.
 */
export async function rowUses(db: Db, entity: ServerEntity, idOrSlug: string): Promise<UsedBy[]> {
  const row = await findRow(db, entity, idOrSlug);
  const id = row.id as number;
  return db.transaction(async (tx) => {
    const uses = await usesOf(tx, entity, id);
    for (const use of uses) {
      const other = serverEntity(use.entity);
      const conditions = referencesTo(entity)
        .filter((ref) => ref.other === other)
        .map((ref) => (ref.list ? sql`${ref.column} @> ARRAY[${id}::integer]` : eq(ref.column, id)));
      const title = column(other, other.decl.titleField);
      const rows = await tx
        .select({ title })
        .from(other.table)
        .where(or(...conditions))
        .orderBy(title)
        .limit(USES_NAMED);
      use.names = rows.map((r) => String(r.title));
    }
    return uses;
  });
}

/** Points every reference at `id` to `to` instead (a ref list that already names `to` just drops `id`). */
async function moveReferences(tx: Tx, entity: ServerEntity, id: number, to: number) {
  for (const { other, name, list, column: col } of referencesTo(entity)) {
    const value = list
      ? sql`CASE WHEN ${col} @> ARRAY[${to}::integer] THEN array_remove(${col}, ${id}::integer) ELSE array_replace(${col}, ${id}::integer, ${to}::integer) END`
      : sql`${to}::integer`;
    await tx
      .update(other.table)
      .set({ [name]: value, updated_at: sql`now()` } as Record<string, unknown>)
      .where(list ? sql`${col} @> ARRAY[${id}::integer]` : eq(col, id));
  }
}

const listOfUses = (uses: UsedBy[]) => uses.map((u) => `${u.count} ${u.label}`).join(', ');

/**
 * Deletes a row and its files, and the files of the rows the delete cascades to: public ones of
 * dependent entities (a university's courses, a consultancy's offers) and private ones. The
 * cascaded files are read in the delete's transaction, and removed only after it committed and
 * only when no other row still refers to them. A row that other rows use (a destination of
 * universities) is not deleted: 409 with what uses it, unless `reassignTo` names another row of
 * the same kind for all of them to point at instead, in the same transaction.
 */
export async function deleteRow(
  entity: ServerEntity,
  idOrSlug: string,
  options: WriteOptions & { privateStorage: Storage; reassignTo?: number },
) {
  const row = await findRow(options.db, entity, idOrSlug);
  const id = row.id as number;
  const { urls, cascaded } = await options.db.transaction(async (tx) => {
    const uses = await usesOf(tx, entity, id);
    if (uses.length && options.reassignTo === undefined) {
      const what = entity.decl.label.toLowerCase();
      throw conflict(`This ${what} is used by ${listOfUses(uses)}. Choose another ${what} for them, or change them first.`, {
        used_by: uses,
      });
    }
    if (options.reassignTo !== undefined) {
      if (options.reassignTo === id)
        throw badRequest('Some values are not valid.', {
          reassign_to: [`Choose another ${entity.decl.label.toLowerCase()} than the one being deleted.`],
        });
      const [target] = await tx
        .select({ id: column(entity, 'id') })
        .from(entity.table)
        .where(eq(column(entity, 'id'), options.reassignTo));
      if (!target)
        throw badRequest('Some values are not valid.', {
          reassign_to: [`No ${entity.decl.label.toLowerCase()} with id ${options.reassignTo}.`],
        });
      await moveReferences(tx, entity, id, options.reassignTo);
    }
    const dependent = await cascadedFiles(tx, entity, [id]);
    const personal = (await entity.cascadedPrivateFiles?.(tx, id)) ?? [];
    await tx.delete(entity.table).where(eq(column(entity, 'id'), id));
    // rows of other kinds lose their refs to it, or are moved to another row, or go with it: every kind moves
    await bumpContentVersion(tx, CONTENT_KINDS);
    return { urls: [...fileUrls(entity, row), ...dependent], cascaded: personal };
  });
  await removeUnreferenced(options.db, options.storage, urls);
  await removeUnreferenced(options.db, options.privateStorage, cascaded);
}
