/**
 * What no browser or CDN may keep: answers to a signed-in caller and the answers of writes (tokens,
 * tracking codes) say `Cache-Control: no-store`; public reads do not. Every answer, pages included,
 * refuses browser features no page uses (Permissions-Policy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../../server/app.ts';
import { PUBLIC_CACHE_CONTROL } from '../../server/plugins/public-cache.ts';
import { buildTestApp, createCollege, createUser, engines, freshIp, PASSWORD, tokenFor, type TestApp } from './helpers.ts';

describe.each(engines)('private answers on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => t?.close());

  it('the login answer, with its tokens, and a failed one are never kept', async () => {
    const user = await createUser(t.database.db, 'student');
    for (const password of [PASSWORD, 'wrong-password-1']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: user.email, password },
        remoteAddress: freshIp(),
      });
      expect(res.headers['cache-control'], `${res.statusCode}`).toBe('no-store');
    }
  });

  it('a signed-in caller’s account, users list and dashboard are never kept', async () => {
    const admin = await tokenFor(t, 'admin');
    for (const url of ['/api/auth/me/', '/api/auth/users/']) {
      const res = await t.app.inject({ url, headers: admin.auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const college = await tokenFor(t, 'college', { college_id: await createCollege(t.database.db) });
    const dashboard = await t.app.inject({ url: '/api/college/dashboard/', headers: college.auth });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['cache-control']).toBe('no-store');
  });

  it('an anonymous public read is left to the cache rules (tests/api/read-cache.api.test.ts), and says nothing of no-store', async () => {
    const res = await t.app.inject({ url: '/api/destination/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
  });

  it('every answer refuses the browser features no page uses', async () => {
    for (const url of ['/api/destination/', '/api/no-such-thing/']) {
      const res = await t.app.inject({ url });
      expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toMatch(/camera=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/geolocation=\(\)/);
  });
});
