import type { KyInstance } from 'ky';
import { entities, entityPaths, INSTITUTION_ROLES, orderableFields, type EntityDeclaration, type EntityName, type FieldMeta } from '../contract/index.ts';
import { downloadBlob } from '../forms/csv.ts';
import { prepareBody, type FormValues, type Mode } from '../forms/prepare.ts';
import { USER_ROLES, prepareUserBody, userFields } from '../forms/users.ts';
import { ApiError, call, type Page } from './client.ts';
import { STATUSES as APPLICATION_STATUSES, type Status as ApplicationStatus } from '../contract/applications.ts';
import { COMPLAINT_STATUSES } from '../contract/leads.ts';
import { REASON_MAX, REASON_MIN } from '../contract/reviews.ts';

/**
 * The console's one data provider (refine / react-admin style): getList, getOne, create, update and
 * remove over the one HTTP client, for every resource. Content resources come straight from the
 * entity declarations; users, inquiries, applications and complaints are declared below in the same
 * shape. Error messages follow SPEC §8: the server's error/detail/text, else 'Failed to create
 * consultancy', 'Failed to fetch destinations', 'Failed to delete course'.
 */

export interface FilterDef {
  label: string;
  kind: 'ref' | 'boolean' | 'select' | 'flag' | 'date';
  ref?: string;
  options?: readonly string[];
}

export interface Resource {
  name: string;
  label: string;
  plural: string;
  titleField: string;
  fields: Record<string, FieldMeta>;
  filters: Record<string, FilterDef>;
  multipart: boolean;
  /** GET list path */
  list: string;
  /** fixed list parameters (inquiries: all=true) */
  listParams?: Record<string, string>;
  /** GET one path with :id; absent when the API has none */
  one?: string;
  create?: string;
  update?: string;
  updateMethod: 'patch' | 'put';
  remove?: string;
  /** GET what uses a row (a delete is refused while anything does); absent: nothing refers to this resource */
  uses?: string;
  /** default order */
  ordering: string[];
  /** the list accepts ?ordering= (content entities) */
  sortable?: boolean;
  /** what ?ordering= accepts, when the list says (content entities: orderableFields); other columns do not sort */
  orderable?: ReadonlySet<string>;
  /** what a dropdown of this resource calls: its own /dropdown/ route or the list */
  dropdown?: string;
  /** list-only resources have no form */
  readOnly?: boolean;
  /** list-only resources: one action on a row, its API call (POST) and what to say after it (stale facts: "Still correct") */
  rowAction?: { label: string; path: (row: Row) => string; done: (title: string) => string };
  /** a body preparation of its own, in place of the generic one (users: institution links) */
  prepare?: (values: FormValues, mode: Mode) => FormData | Record<string, unknown>;
  /** rows an admin removes from the site with a reason shown in their place, and restores (reviews; rows say `removed`): POST paths with :id, the reason's length */
  moderate?: { remove: string; restore: string; reason: { min: number; max: number } };
}

const lower = (s: string) => s.toLowerCase();

export function fromDeclaration(d: EntityDeclaration): Resource {
  const paths = entityPaths(d);
  const filters: Record<string, FilterDef> = {};
  for (const [k, f] of Object.entries(d.filters ?? {})) {
    // the finders' number and date-window filters are for students; the console finds rows by the others
    if (f.kind === 'min' || f.kind === 'max' || f.kind === 'within') continue;
    filters[k] = { label: f.label, kind: f.kind, ref: f.ref, options: f.options };
  }
  return {
    name: d.name,
    label: d.label,
    plural: d.plural,
    titleField: d.titleField,
    fields: d.fields,
    filters,
    multipart: !!d.multipart,
    list: paths.adminList,
    one: paths.one,
    create: paths.create,
    update: paths.update,
    updateMethod: 'patch',
    remove: paths.remove,
    uses: paths.uses,
    ordering: d.ordering,
    sortable: true,
    orderable: orderableFields(d),
    dropdown: paths.dropdown,
  };
}


export { APPLICATION_STATUSES, type ApplicationStatus };

/** The entities whose fees, intakes or deadlines are confirmed (`confirmed`): the staleness report's kinds. */
const CONFIRMABLE = (Object.values(entities) as EntityDeclaration[]).filter((d) => d.confirmed).map((d) => d.name);

/** Every console resource, by name: the content entities, then the account and lead resources. */
export const resources: Record<string, Resource> = {
  ...Object.fromEntries(Object.values(entities).map((d) => [d.name, fromDeclaration(d)])),
  user: {
    name: 'user',
    label: 'User',
    plural: 'Users',
    titleField: 'email',
    fields: userFields,
    filters: { role: { label: 'Role', kind: 'select', options: USER_ROLES }, active: { label: 'Active', kind: 'boolean' } },
    multipart: false,
    list: 'auth/users',
    one: 'auth/users/:id',
    create: 'auth/users/create',
    update: 'auth/users/:id',
    updateMethod: 'put',
    ordering: ['email'],
    prepare: prepareUserBody,
  },
  inquiry: {
    name: 'inquiry',
    label: 'Inquiry',
    plural: 'Inquiries',
    titleField: 'name',
    // what was asked and where it stands first: they stay in view when the table is wider than its box
    fields: {
      created_at: { kind: 'datetime', label: 'Received', column: true },
      name: { kind: 'text', label: 'Name', column: true },
      message: { kind: 'textarea', label: 'Message', column: true },
      status: { kind: 'text', label: 'Status', column: true },
      email: { kind: 'email', label: 'Email', column: true },
      phone: { kind: 'text', label: 'Phone', column: true },
      entity_type: { kind: 'select', label: 'Institution type', options: INSTITUTION_ROLES, column: true },
      entity_name: { kind: 'text', label: 'Institution', column: true },
      destination_name: { kind: 'text', label: 'Destination', column: true },
      exam_name: { kind: 'text', label: 'Exam', column: true },
    },
    filters: {
      entity_type: { label: 'Institution type', kind: 'select', options: INSTITUTION_ROLES },
      consultancy: { label: 'Consultancy', kind: 'ref', ref: 'consultancy' },
      destination: { label: 'Destination', kind: 'ref', ref: 'destination' },
      date_from: { label: 'Received from', kind: 'date' },
      date_to: { label: 'Received until', kind: 'date' },
    },
    multipart: false,
    list: 'inquiry/admin/all',
    listParams: { all: 'true' },
    updateMethod: 'patch',
    ordering: ['-created_at'],
    readOnly: true,
  },
  application: {
    name: 'application',
    label: 'Application',
    plural: 'Applications',
    titleField: 'tracking_code',
    fields: {
      tracking_code: { kind: 'text', label: 'Tracking code', column: true },
      full_name: { kind: 'text', label: 'Applicant', column: true },
      email: { kind: 'email', label: 'Email', column: true },
      phone: { kind: 'text', label: 'Phone', column: true },
      consultancy_name: { kind: 'text', label: 'Consultancy', column: true },
      destination_name: { kind: 'text', label: 'Destination', column: true },
      course_name: { kind: 'text', label: 'Course', column: true },
      status: { kind: 'select', label: 'Status', options: APPLICATION_STATUSES, column: true },
      documents: { kind: 'file', label: 'Documents', column: true, private: true },
      created_at: { kind: 'datetime', label: 'Submitted', column: true },
    },
    filters: { status: { label: 'Status', kind: 'select', options: APPLICATION_STATUSES } },
    multipart: false,
    list: 'consultancy-application/admin',
    updateMethod: 'patch',
    ordering: ['-created_at'],
    readOnly: true,
  },
  complaint: {
    name: 'complaint',
    label: 'Complaint',
    plural: 'Complaints',
    titleField: 'subject',
    fields: {
      reference: { kind: 'text', label: 'Reference', column: true },
      created_at: { kind: 'datetime', label: 'Received', column: true },
      answer_due_at: { kind: 'datetime', label: 'Answer due', column: true },
      overdue: { kind: 'boolean', label: 'Overdue', column: true },
      first_answer_at: { kind: 'datetime', label: 'First answer', column: true },
      name: { kind: 'text', label: 'Name', column: true },
      email: { kind: 'email', label: 'Email', column: true },
      phone: { kind: 'text', label: 'Phone', column: true },
      consultancy_id: { kind: 'ref', ref: 'consultancy', label: 'About', column: true },
      subject: { kind: 'text', label: 'Subject', column: true },
      message: { kind: 'textarea', label: 'Complaint', column: true },
      answer: { kind: 'textarea', label: "Consultancy's answer", column: true },
      evidence: { kind: 'file', label: 'Evidence', column: true, private: true },
      status: { kind: 'select', label: 'Status', options: COMPLAINT_STATUSES, column: true },
    },
    filters: { status: { label: 'Status', kind: 'select', options: COMPLAINT_STATUSES } },
    multipart: false,
    list: 'complaint/admin',
    // no form: the list changes a complaint's status (with a note), the one thing an admin updates
    update: 'complaint/:id/status',
    updateMethod: 'patch',
    // no ordering sent by default: the server puts overdue complaints first
    ordering: [],
    readOnly: true,
  },
  stale: {
    name: 'stale',
    label: 'Fees and dates to confirm',
    plural: 'Fees and dates to confirm',
    titleField: 'title',
    fields: {
      title: { kind: 'text', label: 'Name', column: true },
      entity: { kind: 'select', label: 'Kind', options: CONFIRMABLE, column: true },
      checked_on: { kind: 'date', label: 'Last confirmed', column: true },
    },
    filters: { entity: { label: 'Kind', kind: 'select', options: CONFIRMABLE } },
    multipart: false,
    list: 'reports/stale',
    updateMethod: 'patch',
    ordering: [],
    readOnly: true,
    rowAction: {
      label: 'Still correct',
      path: (row) => `${entities[row.entity as EntityName].path}/${row.id}/still-correct`,
      done: (title) => `"${title}" confirmed as still correct today.`,
    },
  },
  review: {
    name: 'review',
    label: 'Review',
    plural: 'Reviews',
    titleField: 'tracking_code',
    fields: {
      created_at: { kind: 'datetime', label: 'Written', column: true },
      consultancy_name: { kind: 'text', label: 'Consultancy', column: true },
      rating: { kind: 'number', label: 'Rating (of 5)', column: true },
      text: { kind: 'textarea', label: 'Review', column: true },
      signal_notes: { kind: 'tags', label: 'Fraud signals', column: true },
      removed_reason: { kind: 'text', label: 'Removed because', column: true },
      applicant: { kind: 'text', label: 'Applicant', column: true },
      email: { kind: 'email', label: 'Email', column: true },
      phone: { kind: 'text', label: 'Phone', column: true },
      tracking_code: { kind: 'text', label: 'Tracking code', column: true },
      reply: { kind: 'textarea', label: 'Reply', column: true },
    },
    filters: {
      signals: { label: 'With fraud signals only', kind: 'flag' },
      consultancy: { label: 'Consultancy', kind: 'ref', ref: 'consultancy' },
      removed: { label: 'Removed', kind: 'boolean' },
    },
    multipart: false,
    list: 'consultancy-review/admin',
    updateMethod: 'patch',
    ordering: ['-created_at'],
    readOnly: true,
    moderate: { remove: 'consultancy-review/:id/hide', restore: 'consultancy-review/:id/restore', reason: { min: REASON_MIN, max: REASON_MAX } },
  },
};

export function resource(name: string): Resource {
  const r = resources[name];
  if (!r) throw new Error(`Unknown resource ${name}`);
  return r;
}

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

export type Row = Record<string, unknown> & { id: number | string };

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

/** SPEC §8: a delete reports success with the server's message, e.g. 'Consultancy deleted successfully!'. */
/** A row action's call (`rowAction`): a POST with no body, the path as the resource names it. */
export const postAction = (path: string, fallback: string) => call(fallback, (c) => c.post(`${path}/`).json<Row>());

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
  return { success: true, message: typeof reply.message === 'string' && reply.message ? reply.message : `${r.label} deleted successfully!` };
}

/** Removes a row from the site with a reason shown in its place (`reason`), or restores it (null). */
export function moderate(name: string, id: string | number, reason: string | null): Promise<Row> {
  const r = resource(name);
  if (!r.moderate) return Promise.reject(new Error(`${r.plural} cannot be removed`));
  const path = withId(reason === null ? r.moderate.restore : r.moderate.remove, id);
  return call(reason === null ? `Failed to restore ${lower(r.label)}` : `Failed to remove ${lower(r.label)}`, (c) => c.post(path, { json: reason === null ? {} : { reason } }).json<Row>());
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

const toOption = (r: Resource) => (row: unknown): Option | null => {
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

// ---- personal files -------------------------------------------------------------------------

/** The name in a Content-Disposition header: filename* (UTF-8) first, else filename. */
export function dispositionName(header: string | null): string | null {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed filename*: the plain filename below will do
    }
  }
  return /filename="([^"]*)"/i.exec(header ?? '')?.[1] ?? null;
}

/**
 * Downloads an application document or complaint evidence. These have no public URL: the API
 * route (the url in the list reply) answers only with the access token, so a plain link would fail.
 */
export async function downloadPrivateFile(url: string, fallbackName: string): Promise<void> {
  const { blob, name } = await call('Failed to download the file', async (c) => {
    const res = await c.get(url.replace(/^\/api\//, ''));
    return { blob: await res.blob(), name: dispositionName(res.headers.get('content-disposition')) ?? fallbackName };
  });
  downloadBlob(name, blob);
}

// ---- settings -------------------------------------------------------------------------------

export interface SiteSettings {
  featured_counselling_consultancy_id: number | null;
  featured_counselling_consultancy_name?: string | null;
  featured_counselling_consultancy_slug?: string | null;
  featured_counselling_consultancy_verified?: boolean;
  show_counselling_bar: boolean;
}

export const getSiteSettings = () => call('Failed to fetch site settings', (c) => c.get('site-settings/').json<SiteSettings>());

export const updateSiteSettings = (values: { featured_counselling_consultancy_id: number | null; show_counselling_bar: boolean }) =>
  call('Failed to update site settings', (c) => c.patch('site-settings/update/', { json: values }).json<SiteSettings>());

export interface ModalSettings {
  hide_study_abroad_modal: boolean;
  hide_full_detail_modal: boolean;
}

/** GET /api/site/status/: what the public site shows now (server/routes/site.ts). */
export interface SiteStatus {
  runner: boolean;
  content_version: number;
  live_version?: number | null;
  building?: boolean;
  pending?: boolean;
}

export const getSiteStatus = () => call('Failed to fetch the site status', (c) => c.get('site/status/').json<SiteStatus>());

export const MODAL_DEFAULTS: ModalSettings = { hide_study_abroad_modal: false, hide_full_detail_modal: false };

/** SPEC §8: never raises; on any failure both hide flags are false. */
export async function getModalSettings(): Promise<ModalSettings> {
  try {
    const s = await call('Failed to fetch modal settings', (c) => c.get('leads/modal-settings/').json<Partial<ModalSettings>>());
    return { hide_study_abroad_modal: s?.hide_study_abroad_modal === true, hide_full_detail_modal: s?.hide_full_detail_modal === true };
  } catch {
    return { ...MODAL_DEFAULTS };
  }
}

export const updateModalSettings = (values: ModalSettings) =>
  call('Failed to update modal settings', (c) => c.patch('leads/modal-settings/update/', { json: values }).json<ModalSettings>());

// ---- analytics ------------------------------------------------------------------------------

export interface DayPoint {
  date: string;
  [series: string]: number | string;
}

/**
 * Per-day series, whatever the server's shape: rows of {date, a, b} ({days|results|series: [...]}),
 * or one list per series ({pageviews: [{date, count}], ...}). Missing days are not invented.
 */
export function toDaySeries(raw: unknown, names: string[]): DayPoint[] {
  const byDate = new Map<string, DayPoint>();
  const put = (date: unknown, name: string, value: unknown) => {
    const d = String(date ?? '').slice(0, 10);
    if (!d) return;
    const p = byDate.get(d) ?? { date: d };
    p[name] = Number(value) || 0;
    byDate.set(d, p);
  };
  const o = (raw ?? {}) as Record<string, unknown>;
  const rows = Array.isArray(raw) ? raw : Array.isArray(o.days) ? o.days : Array.isArray(o.results) ? o.results : Array.isArray(o.series) ? o.series : null;
  if (rows) {
    for (const row of rows as Record<string, unknown>[]) {
      const date = row.date ?? row.day;
      for (const n of names) if (n in row) put(date, n, row[n]);
      if (names.length === 1 && !(names[0] in row) && 'count' in row) put(date, names[0], row.count);
    }
  } else {
    for (const n of names) {
      const list = o[n];
      if (Array.isArray(list)) for (const row of list as Record<string, unknown>[]) put(row.date ?? row.day, n, row.count ?? row.value ?? row[n]);
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)).map((p) => {
    for (const n of names) p[n] ??= 0;
    return p;
  });
}

export interface Summary {
  series: DayPoint[];
  /** pageviews by institution, when the server gives them */
  byInstitution: { label: string; value: number }[];
}

export async function getSummary(days = 30): Promise<Summary> {
  const raw = await call('Failed to fetch analytics', (c) => c.get('analytics/summary/', { searchParams: { days } }).json<Record<string, unknown>>());
  const by = (raw?.top_institutions ?? raw?.by_institution ?? []) as Record<string, unknown>[];
  return {
    series: toDaySeries(raw, ['pageviews', 'inquiries', 'applications']),
    byInstitution: Array.isArray(by)
      ? by.map((b) => ({ label: String(b.name ?? b.label ?? `${b.institute_type ?? ''} #${b.institute_id ?? ''}`), value: Number(b.pageviews ?? b.count ?? b.value) || 0 }))
      : [],
  };
}
