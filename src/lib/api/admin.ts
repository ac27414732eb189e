import type { KyInstance } from 'ky';
import { resource, resources, type Resource, type Row } from '../../admin/resources/index.ts';
import { prepareBody, type FormValues } from '../forms/prepare.ts';
import { ApiError, call, type Page } from './client.ts';

/**
 * The console's one data provider (refine / react-admin style): getList, getOne, create, update,
 * remove and the rest over the one HTTP client, for every resource the console declares
 * (src/admin/resources). Error messages follow SPEC §8: the server's error/detail/text, else
 * 'Failed to create consultancy', 'Failed to fetch destinations', 'Failed to delete course'.
 */

const lower = (s: string) => s.toLowerCase();

const withId = (path: string, id: string | number) => `${path.replace(':id', encodeURIComponent(String(id)))}/`;

/** SPEC §8 generic messages. */
export const failed = {
  list: (r: Resource) => `Failed to fetch ${lower(r.plural)}`,
  one: (r: Resource) => `Failed to fetch ${lower(r.label)}`,
  create: (r: Resource) => `Failed to create ${lower(r.label)}`,
  update: (r: Resource) => `Failed to update ${lower(r.label)}`,
  remove: (r: Resource) => `Failed to delete ${lower(r.label)}`,
};

export interface ListParams {
  page?: number;
  pageSize?: number;
  search?: string;
  /** e.g. '-name' */
  ordering?: string;
  filters?: Record<string, string | undefined>;
}

/** The query string of a list call: page defaults to 1 (SPEC §9); empty values are left out. */
export function listSearchParams(r: Resource, p: ListParams = {}): URLSearchParams {
  const q = new URLSearchParams(r.listParams);
  q.set('page', String(p.page && p.page > 0 ? p.page : 1));
  if (p.pageSize) q.set('page_size', String(p.pageSize));
  if (p.search?.trim()) q.set('search', p.search.trim());
  if (p.ordering) q.set('ordering', p.ordering);
  for (const [k, v] of Object.entries(p.filters ?? {})) if (v !== undefined && v !== '') q.set(k, v);
  return q;
}

export function getList<T = Row>(name: string, params: ListParams = {}): Promise<Page<T>> {
  const r = resource(name);
  return call(failed.list(r), (c) => c.get(`${r.list}/`, { searchParams: listSearchParams(r, params) }).json<Page<T>>());
}

export function getOne<T = Row>(name: string, id: string | number): Promise<T> {
  const r = resource(name);
  if (!r.one) return Promise.reject(new Error(failed.one(r)));
  return call(failed.one(r), (c) => c.get(withId(r.one!, id)).json<T>());
}

/** Sends prepared values (SPEC §5) as multipart or JSON, per the declaration. */
function send(c: KyInstance, method: 'post' | 'patch' | 'put', path: string, r: Resource, values: FormValues, mode: 'create' | 'update') {
  const body = r.prepare ? r.prepare(values, mode) : prepareBody({ fields: r.fields, multipart: r.multipart }, values, mode);
  return c(path, body instanceof FormData ? { method, body } : { method, json: body }).json<Row>();
}

export function create(name: string, values: FormValues): Promise<Row> {
  const r = resource(name);
  return call(failed.create(r), (c) => send(c, 'post', `${r.create}/`, r, values, 'create'));
}

export function update(name: string, id: string | number, values: FormValues): Promise<Row> {
  const r = resource(name);
  return call(failed.update(r), (c) => send(c, r.updateMethod, withId(r.update!, id), r, values, 'update'));
}

/** A row action's call (`rowAction`): a POST with no body, the path as the resource names it. */
export const postAction = (path: string, fallback: string) => call(fallback, (c) => c.post(`${path}/`).json<Row>());

/** SPEC §8: a delete reports success with the server's message, e.g. 'Consultancy deleted successfully!'. */
export async function remove(name: string, id: string | number, reassignTo?: number): Promise<{ success: true; message: string }> {
  const r = resource(name);
  const reply = await call(failed.remove(r), async (c) => {
    const res = await c.delete(withId(r.remove!, id), reassignTo ? { searchParams: { reassign_to: reassignTo } } : {});
    const text = await res.text();
    try {
      return JSON.parse(text) as { message?: string };
    } catch {
      return {};
    }
  });
  return {
    success: true,
    message: typeof reply.message === 'string' && reply.message ? reply.message : `${r.label} deleted successfully!`,
  };
}

/** Removes a row from the site with a reason shown in its place (`reason`), or restores it (null). */
export function moderate(name: string, id: string | number, reason: string | null): Promise<Row> {
  const r = resource(name);
  if (!r.moderate) return Promise.reject(new Error(`${r.plural} cannot be removed`));
  const path = withId(reason === null ? r.moderate.restore : r.moderate.remove, id);
  return call(reason === null ? `Failed to restore ${lower(r.label)}` : `Failed to remove ${lower(r.label)}`, (c) =>
    c.post(path, { json: reason === null ? {} : { reason } }).json<Row>(),
  );
}

/** A refused delete's answer (409) and the uses route's: how many rows of each kind use the row. */
export interface UsedBy {
  entity: string;
  label: string;
  count: number;
  /** the first few of them by title (the uses route only) */
  names?: string[];
}

/** What uses a row, asked before a delete is offered; nothing for a resource no row refers to. */
export async function usedBy(name: string, id: string | number): Promise<UsedBy[]> {
  const r = resource(name);
  if (!r.uses) return [];
  return (await call(failed.remove(r), (c) => c.get(withId(r.uses!, id)).json<{ used_by: UsedBy[] }>())).used_by;
}

export const usedByOf = (err: unknown): UsedBy[] | null =>
  err instanceof ApiError && err.status === 409 && Array.isArray(err.body?.used_by) ? (err.body.used_by as UsedBy[]) : null;

export interface Option {
  id: number;
  value: number;
  label: string;
  slug?: string;
}

/** How many options a picker asks for: long lists are narrowed by typing, never loaded whole. */
export const DROPDOWN_PAGE_SIZE = 50;

/**
 * Options for a ref/refs widget: one page of the resource's /dropdown/ route with search, else of
 * its list. SPEC §8: a dropdown never raises; any failure is an empty list.
 */
export async function dropdown(name: string, search = ''): Promise<Option[]> {
  try {
    const r = resource(name);
    const q = search.trim();
    if (r.dropdown) {
      const searchParams = { ...(q ? { search: q } : {}), page_size: DROPDOWN_PAGE_SIZE };
      const rows = await call(failed.list(r), (c) => c.get(`${r.dropdown}/`, { searchParams }).json<unknown>());
      return Array.isArray(rows) ? rows.map(toOption(r)).filter((o): o is Option => o !== null) : [];
    }
    const page = await getList(name, { search: q, pageSize: DROPDOWN_PAGE_SIZE });
    return (page.results ?? []).map(toOption(r)).filter((o): o is Option => o !== null);
  } catch {
    return [];
  }
}

/**
 * Options for chosen ids that no dropdown page named (the dropdown route has no id filter): one
 * detail call each. Never raises, like a dropdown: an id that fails is left out.
 */
export async function optionsById(name: string, ids: number[]): Promise<Option[]> {
  const r = resources[name];
  if (!r?.one) return [];
  const rows = await Promise.all(ids.map((id) => getOne(name, id).catch(() => null)));
  return rows.map((row) => (row ? toOption(r)(row) : null)).filter((o): o is Option => o !== null);
}

const toOption =
  (r: Resource) =>
  (row: unknown): Option | null => {
    const o = row as Record<string, unknown>;
    const id = Number(o?.value ?? o?.id);
    if (!Number.isInteger(id)) return null;
    const label = String(o.label ?? o[r.titleField] ?? o.name ?? o.title ?? `#${id}`);
    return { id, value: id, label, slug: typeof o.slug === 'string' ? o.slug : undefined };
  };

/** Every page of a list, for a CSV export the admin asked for (pages of 200, never one huge call). */
export async function getAll<T = Row>(name: string, params: ListParams = {}, limitPages = 100): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= limitPages; page++) {
    const res = await getList<T>(name, { ...params, page, pageSize: 200 });
    rows.push(...res.results);
    if (!res.next || res.results.length === 0) break;
  }
  return rows;
}
