import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, expectErrorShape, tokenFor, type TestApp } from './helpers.ts';

// The reference names every admin route and its fields: in production it is the admins' unless a setting opens it.
describe.each(engines)('who reads /api/docs on %s', (engine) => {
  const apps: TestApp[] = [];
  const build = async (env: Record<string, string>) => {
    const t = await buildTestApp(engine, { env });
    apps.push(t);
    return t;
  };
  let production: TestApp;
  beforeAll(async () => {
    production = await build({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('in production, answers anyone without an admin token 401 or 403 in the error shape, on every path of the reference', async () => {
    const student = await tokenFor(production, 'student');
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const anonymous = await production.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
      expectErrorShape(anonymous.json());
      const forbidden = await production.app.inject({ url, headers: student.auth });
      expect(forbidden.statusCode, url).toBe(403);
      expectErrorShape(forbidden.json());
    }
  });

  it('in production, answers an admin the reference', async () => {
    const admin = await tokenFor(production, 'admin');
    const res = await production.app.inject({ url: '/api/docs/json', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: object }>().paths).length).toBeGreaterThan(50);
  });

  it('is public in production with API_DOCS_PUBLIC=true, and outside production', async () => {
    for (const env of [{ NODE_ENV: 'production', API_DOCS_PUBLIC: 'true' }, {}] as Record<string, string>[]) {
      const t = await build(env);
      expect((await t.app.inject({ url: '/api/docs/json' })).statusCode, JSON.stringify(env)).toBe(200);
    }
  });
});
