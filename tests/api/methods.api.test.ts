/** A known API address asked with a method it does not answer is a 405 naming the ones it does; an unknown address stays a 404. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, expectErrorShape, type TestApp } from './helpers.ts';

describe.each(engines)('methods on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => t?.close());

  it.each([
    ['DELETE', '/api/destination/', 'GET, HEAD'],
    ['PATCH', '/api/destination/7/', 'GET, HEAD'],
    ['GET', '/api/destination/7/update/', 'PATCH'],
    ['GET', '/api/auth/login/', 'POST'],
    ['PUT', '/api/destination/?page=2', 'GET, HEAD'],
  ])('%s %s: 405, Allow %s', async (method, url, allow) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expectErrorShape(res.json());
    expect(res.json().error).toContain(allow);
  });

  it('an address no route has is still a 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing/'],
      ['DELETE', '/api/destination/7/extra/'],
      ['GET', '/api/destination'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers.allow).toBeUndefined();
    }
  });
});
