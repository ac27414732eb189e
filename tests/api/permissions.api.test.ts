import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colleges, consultancies, universities } from '../../server/db/schema/index.ts';
import { buildTestApp, engines, tokenFor, type TestApp } from './helpers.ts';
import { EXPECTED_ACCESS } from './permissions.table.ts';

type Caller = 'anonymous' | 'student' | 'consultancy' | 'college' | 'university' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'student', 'consultancy', 'college', 'university', 'admin'];

/** Whether `caller` gets past the access gate of a route declared with `access`. */
function allowed(access: string, caller: Caller): boolean {
  if (access === 'public' || access === 'optional') return true;
  if (caller === 'anonymous') return false;
  if (access === 'user') return true;
  return access.split(',').includes(caller);
}

const concrete = (url: string) => url.replace(/:id/g, '999999').replace(/:code/g, 'ABCD-EFGH-JKMN').replace(/:[a-z_]+/g, 'x');

describe.each(engines)('permission matrix on %s', (engine) => {
  let t: TestApp;
  const headers: Partial<Record<Caller, Record<string, string>>> = { anonymous: {} };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    const [consultancy] = await db.insert(consultancies).values({ name: 'Own Consultancy', slug: 'own-consultancy' }).returning();
    const [college] = await db.insert(colleges).values({ name: 'Own College', slug: 'own-college' }).returning();
    const [university] = await db.insert(universities).values({ name: 'Own University', slug: 'own-university' }).returning();
    headers.student = (await tokenFor(t, 'student')).auth;
    headers.admin = (await tokenFor(t, 'admin')).auth;
    headers.consultancy = (await tokenFor(t, 'consultancy', { consultancy_id: consultancy.id })).auth;
    headers.college = (await tokenFor(t, 'college', { college_id: college.id })).auth;
    headers.university = (await tokenFor(t, 'university', { university_id: university.id })).auth;
  });
  afterAll(() => t.close());

  it('has an expected access entry for every route, and no entry without a route', () => {
    const actual = t.app.routeList.map((r) => `${r.method} ${r.url}`).sort();
    expect(actual).toEqual(Object.keys(EXPECTED_ACCESS).sort());
  });

  it('declares on every route the access the table expects', () => {
    for (const route of t.app.routeList) {
      const declared = Array.isArray(route.access) ? [...route.access].sort().join(',') : String(route.access);
      expect(declared, `${route.method} ${route.url}`).toBe(EXPECTED_ACCESS[`${route.method} ${route.url}`]);
    }
  });

  it('lets each caller through exactly where the table allows, and never answers 500', async () => {
    let ip = 0;
    const failures: string[] = [];
    for (const route of t.app.routeList) {
      const access = EXPECTED_ACCESS[`${route.method} ${route.url}`];
      for (const caller of CALLERS) {
        ip += 1;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: headers[caller],
          // every call from its own address, so rate limits never stand in for the access rule
          remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const expected = allowed(access, caller) ? 'through' : caller === 'anonymous' ? 401 : 403;
        const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'through';
        if (got !== expected || res.statusCode >= 500) failures.push(`${caller} ${route.method} ${route.url}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
