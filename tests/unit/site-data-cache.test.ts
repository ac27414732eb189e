import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MARGIN_MS,
  MAX_AGE_MS,
  PAGE_SIZE,
  PREFETCH,
  PROBE_SIZE,
  syncLists,
  type Fetcher,
  type ListSpec,
  type Prefetched,
} from '../../src/pages/_lib/data-cache.ts';
import type { Row } from '../../src/lib/api/public.ts';

/**
 * The build's copy of the API's lists (src/pages/_lib/data-cache.ts) against a fake API whose
 * lists behave as the real ones: default order, ?ordering=-updated_at,-id, paging with `next`.
 */
let dir: string;
let clock: number;
const tables: Record<string, Row[]> = {};
const stamp = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '+00');
const specs: ListSpec[] = [
  { name: 'university', path: 'university', ordering: ['-priority', 'name'], refersTo: [] },
  { name: 'course', path: 'course', ordering: ['name', 'id'], refersTo: ['university'] },
];
const cmp = (keys: string[]) => (a: Row, b: Row) => {
  for (const key of keys) {
    const f = key.replace(/^-/, '');
    const x = a[f] as string | number;
    const y = b[f] as string | number;
    if (x !== y) return (x < y ? -1 : 1) * (key.startsWith('-') ? -1 : 1);
  }
  return 0;
};
const requests: string[] = [];
const api: Fetcher = async (listPath, query) => {
  requests.push(`${listPath}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  const spec = specs.find((s) => s.path === listPath)!;
  const ordering = query.ordering ? [...String(query.ordering).split(','), 'id'] : spec.ordering;
  const all = [...tables[spec.name]!].sort(cmp(ordering));
  const page = Number(query.page ?? 1);
  const size = Number(query.page_size ?? 20);
  const results = all.slice((page - 1) * size, page * size).map((r) => ({ ...r }));
  return {
    body: { count: all.length, next: page * size < all.length ? `next` : null, previous: null, results },
    date: Math.floor(clock / 1000) * 1000,
  };
};
const sync = (extra: Partial<Parameters<typeof syncLists>[1]> = {}) =>
  syncLists(specs, { dir, apiUrl: 'http://api.test/api/', fetch: api, now: () => clock, ...extra });
const names = (rows: Row[] | undefined) => rows?.map((r) => r.name);

function edit(table: string, id: number, values: Record<string, unknown>) {
  const row = tables[table]!.find((r) => r.id === id)!;
  Object.assign(row, values, { updated_at: stamp(clock) });
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-data-'));
  clock = Date.parse('2026-11-01T10:00:00Z');
  requests.length = 0;
  const old = stamp(clock - 3_600_000);
  tables.university = ['Aalborg', 'Bergen', 'Cork', 'Delft'].map((name, i) => ({
    id: i + 1,
    name,
    slug: name.toLowerCase(),
    priority: i === 2 ? 5 : 0,
    updated_at: old,
  }));
  tables.course = Array.from({ length: 30 }, (_, i) => ({
    id: i + 1,
    name: `Course ${String(i).padStart(2, '0')}`,
    university_id: (i % 4) + 1,
    updated_at: old,
  }));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  delete (globalThis as Record<symbol, unknown>)[PREFETCH];
});

/** First sync, then the clock moves on a minute (the rebuild comes later). */
async function primed() {
  await sync();
  clock += 60_000;
  requests.length = 0;
}

describe('the build data copy (data-cache.ts)', () => {
  it('reads every list whole the first time and keeps it', async () => {
    const { rows, report } = await sync();
    expect(names(rows.get('university'))).toEqual(['Cork', 'Aalborg', 'Bergen', 'Delft']);
    expect(rows.get('course')).toHaveLength(30);
    expect(report.lists).toEqual({ university: 'read', course: 'read' });
    expect(fs.existsSync(path.join(dir, 'university.json'))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')).probes).toEqual([
      `university/?ordering=-updated_at%2C-id&page=1&page_size=${PROBE_SIZE}`,
      `course/?ordering=-updated_at%2C-id&page=1&page_size=${PROBE_SIZE}`,
    ]);
  });

  it('asks one small page per list when nothing changed', async () => {
    await primed();
    const { rows, report } = await sync();
    expect(report.lists).toEqual({ university: 'kept', course: 'kept' });
    expect(requests).toEqual([
      `university?ordering=-updated_at%2C-id&page=1&page_size=${PROBE_SIZE}`,
      `course?ordering=-updated_at%2C-id&page=1&page_size=${PROBE_SIZE}`,
    ]);
    expect(names(rows.get('university'))).toEqual(['Cork', 'Aalborg', 'Bergen', 'Delft']);
  });

  it('replaces an edited row where it is when its place cannot move', async () => {
    await primed();
    edit('university', 2, { slug: 'bergen-uni' });
    const { rows, report } = await sync();
    expect(report.lists).toEqual({ university: 'patched 1', course: 'kept' });
    expect(rows.get('university')!.map((r) => r.slug)).toEqual(['cork', 'aalborg', 'bergen-uni', 'delft']);
    // and the copy holds it for the next build
    clock += 60_000;
    const again = await sync();
    expect(again.report.lists.university).toBe('kept');
    expect(again.rows.get('university')![2]!.slug).toBe('bergen-uni');
  });

  it('reads a list again when an edit moves a row, or a row is added', async () => {
    await primed();
    edit('university', 4, { priority: 9 });
    let { rows, report } = await sync();
    expect(report.lists.university).toBe('read');
    expect(names(rows.get('university'))).toEqual(['Delft', 'Cork', 'Aalborg', 'Bergen']);

    clock += 60_000;
    tables.course!.push({ id: 31, name: 'Course 00a', university_id: 1, updated_at: stamp(clock) });
    ({ rows, report } = await sync());
    expect(report.lists).toEqual({ university: 'kept', course: 'read' });
    expect(names(rows.get('course'))!.slice(0, 3)).toEqual(['Course 00', 'Course 00a', 'Course 01']);
  });

  it('after a delete, reads that list again and every list that refers to it', async () => {
    await primed();
    tables.university = tables.university!.filter((r) => r.id !== 3);
    const { rows, report } = await sync();
    expect(report.lists).toEqual({ university: 'read', course: 'read' });
    expect(names(rows.get('university'))).toEqual(['Aalborg', 'Bergen', 'Delft']);
  });

  it('looks further than one small page when more rows changed, and reads the list when even a page is not enough', async () => {
    await primed();
    for (let id = 1; id <= PROBE_SIZE + 2; id++) edit('course', id, { duration: id });
    const first = await sync();
    const { rows } = first;
    let { report } = first;
    expect(report.lists.course).toBe(`patched ${PROBE_SIZE + 2}`);
    expect(rows.get('course')![0]!.duration).toBe(1);
    expect(requests).toContain(`course?ordering=-updated_at%2C-id&page=1&page_size=${PAGE_SIZE}`);

    clock += 60_000;
    tables.course = Array.from({ length: PAGE_SIZE + 1 }, (_, i) => ({
      id: i + 1,
      name: `Course ${String(i).padStart(3, '0')}`,
      university_id: 1,
      updated_at: stamp(clock),
    }));
    ({ report } = await sync());
    expect(report.lists.course).toBe('read');
  });

  it('takes the rows changed up to MARGIN_MS before the copy was read, and any row the probe shows different', async () => {
    await primed();
    const read = clock - 60_000;
    // a write whose transaction began just before the copy was read but committed after it
    Object.assign(
      tables.university!.find((r) => r.id === 1)!,
      { slug: 'late', updated_at: stamp(read - MARGIN_MS + 500) },
    );
    const { rows, report } = await sync();
    expect(report.lists.university).toBe('patched 1');
    expect(rows.get('university')!.find((r) => r.id === 1)!.slug).toBe('late');
  });

  it('reads whole again when asked to, when the copy is too old or was read from another API', async () => {
    await primed();
    expect((await sync({ refresh: true })).report.lists).toEqual({ university: 'read', course: 'read' });
    clock += MAX_AGE_MS - 60_000;
    expect((await sync()).report.lists).toEqual({ university: 'kept', course: 'kept' });
    // a list that stays the same keeps the time it was read
    clock += 60_001;
    expect((await sync()).report.lists).toEqual({ university: 'read', course: 'read' });
    clock += 60_000;
    expect((await sync({ apiUrl: 'http://other.test/api/' })).report.lists).toEqual({ university: 'read', course: 'read' });
  });

  it('takes the replies the runner asked for ahead, with the clock from when they were sent', async () => {
    await primed();
    edit('university', 1, { slug: 'ahead' });
    const key = `university/?ordering=-updated_at%2C-id&page=1&page_size=${PROBE_SIZE}`;
    const reply = await api('university', { ordering: '-updated_at,-id', page: 1, page_size: PROBE_SIZE });
    requests.length = 0;
    const ahead: Prefetched = new Map([[key, { before: clock - 5_000, reply: Promise.resolve(reply) }]]);
    (globalThis as Record<symbol, unknown>)[PREFETCH] = ahead;
    const { rows, report } = await sync();
    expect(report.lists.university).toBe('patched 1');
    expect(rows.get('university')!.find((r) => r.id === 1)!.slug).toBe('ahead');
    expect(requests).toEqual([`course?ordering=-updated_at%2C-id&page=1&page_size=${PROBE_SIZE}`]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'university.json'), 'utf8')).start).toBe(clock - 5_000);
  });

  it("asks a list with an order of its own for the most recently changed rows (the forum's -updated_at) by that order", async () => {
    const entity = specs[0]!;
    specs[0] = { ...entity, changedFirst: '-updated_at' };
    try {
      await primed();
      edit('university', 2, { slug: 'bergen-uni' });
      const { rows, report } = await sync();
      expect(report.lists.university).toBe('patched 1');
      expect(requests[0]).toBe(`university?ordering=-updated_at&page=1&page_size=${PROBE_SIZE}`);
      expect(rows.get('university')!.map((r) => r.slug)).toEqual(['cork', 'aalborg', 'bergen-uni', 'delft']);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')).probes[0]).toBe(
        `university/?ordering=-updated_at&page=1&page_size=${PROBE_SIZE}`,
      );
    } finally {
      specs[0] = entity;
    }
  });

  it('puts a new row in its place in a list ordered by numbers and timestamps (`placed`), and reads another list again', async () => {
    const entity = specs[0]!;
    specs[0] = { ...entity, ordering: ['-priority', '-id'], placed: true };
    try {
      await primed();
      tables.university!.push({ id: 5, name: 'Esbjerg', slug: 'esbjerg', priority: 0, updated_at: stamp(clock) });
      tables.course!.push({ id: 31, name: 'Course 30', university_id: 5, updated_at: stamp(clock) });
      const { rows, report } = await sync();
      expect(report.lists).toEqual({ university: 'added 1', course: 'read' });
      expect(names(rows.get('university'))).toEqual(['Cork', 'Esbjerg', 'Delft', 'Bergen', 'Aalborg']);
      expect(rows.get('course')).toHaveLength(31);
    } finally {
      specs[0] = entity;
    }
  });

  it('reads every list whole without a folder for the copy', async () => {
    const { report } = await sync({ dir: undefined });
    expect(report.lists).toEqual({ university: 'read', course: 'read' });
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
