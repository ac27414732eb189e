import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inOrderOf, serializerCompiler } from '../../server/plugins/serializer.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

describe('response schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('every route describes its success answer with a response schema, or says why it streams a file instead', () => {
    const missing = t.app.routeList
      .filter((r) => !r.responses.some((status) => /^2\d\d$/.test(status)) && !r.download)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const downloads = t.app.routeList.filter((r) => r.download).map((r) => `${r.method} ${r.url}`);
    expect(
      // private files (documents, evidence, message files, the agreement) and the archives built for download
      downloads.every((route) => route.startsWith('GET ') && /(document|evidence|files|agreement|export)/.test(route)),
      downloads.join(', '),
    ).toBe(true);
  });

  it('documents the errors from what a route takes, who may call it, its rate limits and its config.errors', async () => {
    type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as Doc;
    const codes = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses).sort();
    expect(codes('/api/auth/login/', 'post')).toEqual(['200', '400', '401', '429']);
    expect(codes('/api/site-settings/', 'get')).toEqual(['200']);
    expect(codes('/api/site-settings/update/', 'patch')).toEqual(['200', '400', '401', '403']);
    expect(codes('/api/consultancy/{id}/delete/', 'delete')).toEqual(['200', '400', '401', '403', '404', '409']);
    expect(doc.paths['/api/complaint/{id}/evidence/']!.get!.responses['200']).toMatchObject({
      content: { 'application/octet-stream': {} },
    });
  });
});

describe('the serializer', () => {
  it('keeps the keys in the order the handler gave them, nested too, and drops what the schema does not declare', () => {
    const schema = z.object({
      b: z.number(),
      a: z.object({ y: z.string(), x: z.string() }),
      list: z.array(z.object({ q: z.number(), p: z.number() })),
    });
    const data = { a: { x: '1', y: '2', secret: 's' }, list: [{ p: 1, q: 2 }], b: 3, hidden: true };
    const serialize = serializerCompiler({ schema, method: 'GET', url: '/x' });
    expect(serialize(data)).toBe('{"a":{"x":"1","y":"2"},"list":[{"p":1,"q":2}],"b":3}');
    expect(inOrderOf({ b: 1 }, { a: 2, b: 1 })).toEqual({ b: 1, a: 2 });
  });

  it('answers 500 rather than an answer that breaks its schema', async () => {
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    app.get('/x', { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({ id: 'not a number' }));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });
});
