/**
 * The build's copy of the API's lists (SITE_DATA_DIR, set by the rebuild runner): every list as
 * read by an earlier build, one JSON file per entity, brought up to date from the rows changed
 * since instead of being read again. A rebuild after one edit then reads a few rows per list.
 *
 * How a list is brought up to date (`syncLists`):
 * - `start` is when the copy was read: the local clock before the request, or the API's Date
 *   header when that is earlier. Every write of a content row sets updated_at = now() (the write's
 *   transaction start), so a change the copy does not hold has updated_at after
 *   `start - MARGIN_MS` (MARGIN_MS covers a write's transaction and the clocks of the API and the
 *   database). One request, newest first (`ordering=-updated_at,-id` or the list's own, PROBE_SIZE rows, then
 *   PAGE_SIZE if they are all that recent), returns those rows and the list's count; any row it
 *   returns that differs from the copy counts as changed. A list whose rows show other rows' values
 *   (a forum post its author's name) answers, as updated_at, when anything it shows last changed.
 * - Changed rows whose place in the list cannot move (same values of the ordering fields) are
 *   replaced where they are. New rows of a list ordered by numbers and timestamps (`placed`: the
 *   forum's posts, the reviews) are put in their places (list-order.ts). A new row of another list,
 *   a moved row, or more recent rows than PAGE_SIZE: the list is read again, whole (its order is
 *   the API's).
 * - count != rows kept + new rows: rows were deleted. The list is read again, and so is every list
 *   with a single reference to it (a delete sets those references to NULL without touching their
 *   updated_at).
 * - No copy, another API_URL, SITE_DATA_REFRESH=1 or a copy read more than MAX_AGE_MS ago: the
 *   list is read whole.
 * Without SITE_DATA_DIR every list is read whole, as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { api, apiBase, type Page } from '../../lib/api/client.ts';
import type { Row } from '../../lib/api/public.ts';
import { placeRows } from './list-order.ts';

export const MARGIN_MS = 2_000;
export const MAX_AGE_MS = 60 * 60_000;
/** rows asked for first (the rows changed since the last build are usually one or two) */
export const PROBE_SIZE = 5;
/** asked for when the probe is all recent; more recent rows than this: the list is read again */
export const PAGE_SIZE = 100;
const FORMAT = 1;

export interface ListSpec {
  name: string;
  /** API list path, e.g. 'consultancy' or 'blog/categories' */
  path: string;
  /** the list's default order (its keys decide whether a changed row can stay in place) */
  ordering: string[];
  /** entities this one refers to with a single reference (set to NULL when the target is deleted) */
  refersTo: string[];
  /** the list's `ordering` for the most recently changed rows first, when not CHANGED_FIRST */
  changedFirst?: string;
  /** the API orders the list by `ordering` (numbers and timestamps) then id, so a new row can be put in its place */
  placed?: boolean;
}

export const CHANGED_FIRST = '-updated_at,-id';

/**
 * One list as last read or brought up to date, in `<name>.json`: its rows and when they were read,
 * written together (a file is replaced whole), so two builds at once can never pair one's rows
 * with the other's start. A list that did not change keeps its file and its start: the next probe
 * looks back from there, which costs nothing more (no row changed since), and after MAX_AGE_MS the
 * list is read whole again.
 */
interface Snapshot {
  format: number;
  api: string;
  start: number;
  rows: Row[];
}
/** index.json: the first request of the next sync, list by list, for the runner to send ahead (PREFETCH). */
interface Index {
  format: number;
  api: string;
  probes: string[];
}

/** Requests sent ahead (by the runner, see render.ts): '<path>/?<query>' → the reply, and the clock before it was sent (read once the reply is in). */
export const PREFETCH = Symbol.for('studyabroad.site.prefetch');
export type Prefetched = Map<string, { before: number; reply: Promise<{ body: Page<Row> | Row[]; date: number | null }> }>;
const requestKey = (listPath: string, query: Record<string, string | number>) =>
  `${listPath}/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
const probeQuery = (spec: ListSpec, size: number) => ({ ordering: spec.changedFirst ?? CHANGED_FIRST, page: 1, page_size: size });

export type Fetcher = (path: string, query: Record<string, string | number>) => Promise<{ body: Page<Row> | Row[]; date: number | null }>;

/** GET a page of a list through the one client, with the reply's Date header (small pages uncompressed: cheaper both ends). */
const defaultFetch: Fetcher = async (listPath, query) => {
  const small = Number(query.page_size) <= PAGE_SIZE;
  const response = await api.get(`${listPath}/`, { searchParams: query, ...(small ? { headers: { 'accept-encoding': 'identity' } } : {}) });
  const date = Date.parse(response.headers.get('date') ?? '');
  return { body: (await response.json()) as Page<Row> | Row[], date: Number.isFinite(date) ? date : null };
};

export interface SyncReport {
  /** name → how its rows were had: 'kept' (no change), 'added N' and/or 'patched N' (N rows put in, or replaced), 'read' (whole list) */
  lists: Record<string, string>;
  requests: number;
  /** reading the copy, asking the API, writing the copy */
  ms: { read: number; fetch: number; write: number };
}

export interface SyncOptions {
  dir: string | undefined;
  apiUrl?: string;
  refresh?: boolean;
  fetch?: Fetcher;
  now?: () => number;
}

const rowsFile = (dir: string, name: string) => path.join(dir, `${name}.json`);
const indexFile = (dir: string) => path.join(dir, 'index.json');

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

function writeJson(file: string, value: unknown) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value));
  fs.renameSync(tmp, file);
}

const updatedAt = (row: Row) => (typeof row.updated_at === 'string' ? Date.parse(row.updated_at) : NaN);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Probe = { kind: 'kept' | 'patched'; rows: Row[]; start: number; changed: number; added: number } | { kind: 'read' | 'deleted' };

type Get = (listPath: string, query: Record<string, string | number>) => Promise<{ body: Page<Row> | Row[]; start: number }>;

/** One request of a sync: a reply the runner sent ahead when there is one, else asked now; `start` is when it was read. */
function requester(fetchPage: Fetcher, now: () => number, report: SyncReport): Get {
  const prefetched = (globalThis as Record<symbol, Prefetched | undefined>)[PREFETCH];
  return async (listPath, query) => {
    report.requests++;
    const key = requestKey(listPath, query);
    const ahead = prefetched?.get(key);
    if (ahead) {
      prefetched?.delete(key);
      try {
        const reply = await ahead.reply;
        return { body: reply.body, start: Math.min(ahead.before, reply.date ?? ahead.before) };
      } catch {
        /* not sent ahead after all: asked now */
      }
    }
    const before = now();
    const reply = await fetchPage(listPath, query);
    return { body: reply.body, start: Math.min(before, reply.date ?? before) };
  };
}

/** The whole list, in the API's order, 1000 rows a request. */
async function readWhole(get: Get, spec: ListSpec): Promise<{ start: number; rows: Row[] }> {
  const rows: Row[] = [];
  let start = Infinity;
  for (let page = 1; ; page++) {
    const reply = await get(spec.path, { page, page_size: 1000 });
    start = Math.min(start, reply.start);
    const results = Array.isArray(reply.body) ? reply.body : reply.body.results;
    rows.push(...results);
    if (Array.isArray(reply.body) || !reply.body.next || results.length === 0) break;
  }
  return { start, rows };
}

/** The newest rows of a list, newest first, until a row older than `since` shows every recent row has been seen. */
async function recentRows(get: Get, spec: ListSpec, since: number): Promise<{ body: Page<Row>; start: number } | null> {
  let start = Infinity;
  for (const size of [PROBE_SIZE, PAGE_SIZE]) {
    const reply = await get(spec.path, probeQuery(spec, size));
    start = Math.min(start, reply.start);
    if (Array.isArray(reply.body)) return null;
    const results = reply.body.results;
    if (results.some((r) => Number.isNaN(updatedAt(r)))) return null;
    const oldest = results[results.length - 1];
    if (results.length < size || (oldest && updatedAt(oldest) < since)) return { body: reply.body, start };
  }
  return null;
}

/** What changed in a list since its copy was read. */
async function probe(get: Get, spec: ListSpec, snap: { start: number; rows: Row[] }): Promise<Probe> {
  const recent = await recentRows(get, spec, snap.start - MARGIN_MS);
  if (!recent) return { kind: 'read' };
  const { body, start } = recent;
  const byId = new Map(snap.rows.map((r) => [r.id, r]));
  const differ = body.results.filter((r) => !same(r, byId.get(r.id)));
  const added = differ.filter((r) => !byId.has(r.id));
  const changed = differ.filter((r) => byId.has(r.id));
  if (body.count !== snap.rows.length + added.length) return { kind: 'deleted' };
  if (added.length > 0 && !spec.placed) return { kind: 'read' };
  const keys = spec.ordering.map((k) => k.replace(/^-/, ''));
  if (changed.some((r) => keys.some((k) => !same(r[k], byId.get(r.id)?.[k])))) return { kind: 'read' };
  if (differ.length === 0) return { kind: 'kept', rows: snap.rows, start, changed: 0, added: 0 };
  const replace = new Map(changed.map((r) => [r.id, r]));
  const patched = snap.rows.map((r) => replace.get(r.id) ?? r);
  const rows = added.length > 0 ? placeRows(spec.ordering, patched, added) : patched;
  if (!rows) return { kind: 'read' };
  return { kind: 'patched', rows, start, changed: changed.length, added: added.length };
}

/** The copies that can be brought up to date: same format and API, and not older than MAX_AGE_MS. */
function readSnapshots(specs: ListSpec[], options: SyncOptions, apiUrl: string, now: () => number): Map<string, Snapshot> {
  const snaps = new Map<string, Snapshot>();
  for (const spec of specs) {
    const snap = options.dir && !options.refresh ? readJson<Snapshot>(rowsFile(options.dir, spec.name)) : null;
    if (snap && snap.format === FORMAT && snap.api === apiUrl && Array.isArray(snap.rows) && now() - snap.start <= MAX_AGE_MS)
      snaps.set(spec.name, snap);
  }
  return snaps;
}

/** Every list named, up to date, with a report of what was read. */
export async function syncLists(specs: ListSpec[], options: SyncOptions): Promise<{ rows: Map<string, Row[]>; report: SyncReport }> {
  const now = options.now ?? Date.now;
  const apiUrl = options.apiUrl ?? apiBase();
  const report: SyncReport = { lists: {}, requests: 0, ms: { read: 0, fetch: 0, write: 0 } };
  let t = performance.now();
  const lap = (phase: keyof SyncReport['ms']) => {
    const n = performance.now();
    report.ms[phase] += Math.round(n - t);
    t = n;
  };
  const get = requester(options.fetch ?? defaultFetch, now, report);
  const snaps = readSnapshots(specs, options, apiUrl, now);
  lap('read');
  const probes = await Promise.all(
    specs.map(async (spec) => {
      const snap = snaps.get(spec.name);
      return [spec, snap ? await probe(get, spec, snap) : ({ kind: 'read' } as Probe)] as const;
    }),
  );
  const deleted = new Set(probes.filter(([, p]) => p.kind === 'deleted').map(([s]) => s.name));
  const out = new Map<string, Row[]>();
  const write: [string, { start: number; rows: Row[] }][] = [];
  await Promise.all(
    probes.map(async ([spec, p]) => {
      if (p.kind === 'read' || p.kind === 'deleted' || spec.refersTo.some((n) => deleted.has(n))) {
        const whole = await readWhole(get, spec);
        out.set(spec.name, whole.rows);
        report.lists[spec.name] = 'read';
        write.push([spec.name, whole]);
      } else if (p.kind === 'kept' || p.kind === 'patched') {
        out.set(spec.name, p.rows);
        report.lists[spec.name] =
          p.kind === 'kept' ? 'kept' : [p.added && `added ${p.added}`, p.changed && `patched ${p.changed}`].filter(Boolean).join(', ');
        // patched: the copy now holds everything up to this probe
        if (p.kind === 'patched') write.push([spec.name, { start: p.start, rows: p.rows }]);
      }
    }),
  );
  lap('fetch');
  if (options.dir) {
    for (const [name, { start, rows }] of write)
      writeJson(rowsFile(options.dir, name), { format: FORMAT, api: apiUrl, start, rows } satisfies Snapshot);
    writeJson(indexFile(options.dir), {
      format: FORMAT,
      api: apiUrl,
      probes: specs.map((spec) => requestKey(spec.path, probeQuery(spec, PROBE_SIZE))),
    } satisfies Index);
  }
  lap('write');
  return { rows: out, report };
}
