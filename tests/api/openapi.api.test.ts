import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../src/lib/contract/index.ts';
import { buildTestApp, engines, tokenFor, type TestApp } from './helpers.ts';

type Schema = { type?: string; format?: string; properties?: Record<string, Schema>; items?: Schema; required?: string[] };
type Operation = {
  tags?: string[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

const json = (op: Operation, status: string) => op.responses[status]?.content?.['application/json']?.schema;

describe.each(engines)('OpenAPI reference at /api/docs on %s', (engine) => {
  let t: TestApp;
  let doc: Doc;
  const op = (path: string, method: string) => {
    const found = doc.paths[path]?.[method];
    expect(found, `${method.toUpperCase()} ${path} is documented`).toBeDefined();
    return found!;
  };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('is an OpenAPI 3 document with the API paths', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    expect(doc.paths['/api/consultancy/']).toBeDefined();
  });

  it('documents a list page with the entity fields in its results', () => {
    const page = json(op('/api/consultancy/', 'get'), '200')!;
    expect(page.required).toEqual(expect.arrayContaining(['count', 'next', 'previous', 'results']));
    expect(page.properties!.count.type).toBe('integer');
    const item = page.properties!.results.items!;
    expect(item.properties!.name.type).toBe('string');
    expect(item.properties!.slug.type).toBe('string');
    expect(item.properties!.id.type).toBe('integer');
    expect(item.properties!.districts).toMatchObject({ type: 'array', items: { type: 'integer' } });
    expect(item.properties!.verified.type).toBe('boolean');
    expect(item.properties!.gallery).toMatchObject({ type: 'array' });
    // 4xx: the error shape of DESIGN.md
    expect(json(op('/api/consultancy/', 'get'), '400')).toMatchObject({
      required: ['error'],
      properties: { error: { type: 'string' }, fields: { type: 'object' } },
    });
  });

  it('documents the detail with its related names, and the dropdown options', () => {
    const detail = json(op('/api/consultancy/{id}/', 'get'), '200')!;
    expect(detail.properties!.name.type).toBe('string');
    expect(detail.properties!.related.properties!.districts.items!.properties!.label.type).toBe('string');
    expect(json(op('/api/consultancy/{id}/', 'get'), '404')!.properties!.error.type).toBe('string');
    const options = json(op('/api/consultancy/dropdown/', 'get'), '200')!;
    expect(options.type).toBe('array');
    expect(Object.keys(options.items!.properties!)).toEqual(expect.arrayContaining(['id', 'value', 'label']));
  });

  it('documents the multipart create of a consultancy, its files as binary', () => {
    const create = op('/api/consultancy/create/', 'post');
    const form = create.requestBody!.content['multipart/form-data'].schema;
    expect(form.properties!.name.type).toBe('string');
    expect(form.required).toContain('name');
    expect(form.properties!.logo).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties!.gallery).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
    expect(json(create, '201')!.properties!.slug.type).toBe('string');
    for (const status of ['400', '401', '403', '413', '415']) expect(json(create, status)!.required).toEqual(['error']);
    const update = op('/api/consultancy/{id}/update/', 'patch');
    expect(update.requestBody!.content['multipart/form-data'].schema.properties!.logo.format).toBe('binary');
    expect(update.requestBody!.content['multipart/form-data'].schema.required ?? []).toEqual([]);
  });

  it('documents a JSON create as application/json, without multipart', () => {
    const create = op('/api/districts/create/', 'post');
    expect(Object.keys(create.requestBody!.content)).toEqual(['application/json']);
    const body = create.requestBody!.content['application/json'].schema;
    expect(body.properties!.name.type).toBe('string');
    expect(body.required).toContain('name');
  });

  it('documents delete as {message}', () => {
    const del = op('/api/consultancy/{id}/delete/', 'delete');
    expect(json(del, '200')).toMatchObject({ required: ['message'], properties: { message: { type: 'string' } } });
    expect(json(del, '404')!.required).toEqual(['error']);
  });

  it('gives every write of every entity a request body and every entity operation a response', () => {
    const plurals = new Set<string>(Object.values(entities).map((d) => d.plural));
    let writes = 0;
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!operation.tags?.some((tag) => plurals.has(tag))) continue;
        operations += 1;
        const success = Object.keys(operation.responses).find((s) => s.startsWith('2'));
        expect(success && operation.responses[success].content, `${method} ${path} documents its response`).toBeTruthy();
        if (!['post', 'patch', 'put'].includes(method)) continue;
        writes += 1;
        expect(operation.requestBody, `${method} ${path} documents its body`).toBeDefined();
      }
    }
    // create and update for each of the 18 declarations
    expect(writes).toBeGreaterThanOrEqual(Object.keys(entities).length * 2);
    expect(operations).toBeGreaterThan(writes);
  });

  it('documents exactly the fields a real reply has', async () => {
    const admin = (await tokenFor(t, 'admin')).auth;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/districts/create/',
      headers: admin,
      payload: { name: 'Lalitpur', province: 'Bagmati' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const documented = json(op('/api/districts/create/', 'post'), '201')!;
    expect(Object.keys(created.json()).sort()).toEqual(Object.keys(documented.properties!).sort());
    const detail = await t.app.inject({ url: `/api/districts/${created.json().id}/` });
    expect(Object.keys(detail.json()).sort()).toEqual(Object.keys(json(op('/api/districts/{id}/', 'get'), '200')!.properties!).sort());
    const list = await t.app.inject({ url: '/api/districts/' });
    expect(Object.keys(list.json()).sort()).toEqual(['count', 'next', 'previous', 'results']);
  });

  it('also documents settings and auth replies', () => {
    expect(json(op('/api/site-settings/', 'get'), '200')!.properties!.show_counselling_bar.type).toBe('boolean');
    const login = op('/api/auth/login/', 'post');
    expect(login.requestBody!.content['application/json'].schema.properties!.email).toBeDefined();
    expect(json(login, '200')!.required).toEqual(['access', 'refresh', 'user']);
  });
});
