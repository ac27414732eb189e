import type { SwaggerTransform } from '@fastify/swagger';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_KINDS, INSTITUTION_ROLES, bodySchema, dropdownItem, removalField, type FieldMeta } from '../src/lib/contract/index.ts';
import { visibleColumns } from './entities/query.ts';
import { registry, uploadRules, type ServerEntity } from './entities/registry.ts';

/**
 * The OpenAPI reference at /api/docs, documentation only. The generic entity routes take their
 * bodies through readForm (JSON or multipart) and answer without a response schema, so the zod
 * type provider has nothing to document for them; this transform adds, to the documented schema
 * only, the request body and the responses the declaration implies. The real routes are left as
 * they are: no validation or serialization changes at runtime.
 */

type JsonSchema = Record<string, unknown>;

const API_PREFIX = '/api';

// ---------------------------------------------------------------------------------------------
// shared shapes

export const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'A human sentence' },
    fields: {
      type: 'object',
      description: 'Only on validation errors: the messages per field',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input',
  401: 'No or expired token',
  403: 'Wrong role or not the owner',
  404: 'Not found',
  409: 'Conflict with a stored record',
  413: 'Too large',
  415: 'Wrong file type',
  429: 'Rate limited',
};

function errors(codes: number[]): Record<string, JsonSchema> {
  return Object.fromEntries(codes.map((code) => [String(code), { ...errorSchema, description: ERROR_TEXT[code] }]));
}

const withDescription = (schema: JsonSchema, description: string): JsonSchema => ({ ...schema, description });

/** `GET /x/{id}/uses/`: the kinds of rows that refer to one, each with its count and first titles (server/entities/write.ts UsedBy). */
const usesSchema: JsonSchema = {
  type: 'object',
  required: ['used_by'],
  properties: {
    used_by: {
      type: 'array',
      items: {
        type: 'object',
        required: ['entity', 'label', 'count', 'names'],
        properties: { entity: { type: 'string' }, label: { type: 'string' }, count: { type: 'integer' }, names: { type: 'array', items: { type: 'string' }, description: 'The first few by title; count says how many there are' } },
      },
    },
  },
};
const messageSchema = (example: string): JsonSchema => ({
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string', example } },
});

const toJson = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' }) as JsonSchema;

// ---------------------------------------------------------------------------------------------
// entity objects, from the declaration and the table's columns

const timestamp = (description: string): JsonSchema => ({ type: 'string', description: `${description} (timestamp with time zone)` });
const fileUrl: JsonSchema = { type: 'string', description: 'URL of the stored file' };

function valueOf(meta: FieldMeta | undefined, col: PgColumn, name: string): JsonSchema {
  if (!meta) {
    if (name === 'created_at' || name === 'updated_at') return timestamp(name === 'created_at' ? 'Created' : 'Last changed');
    if (col.columnType === 'PgTimestampString' || col.columnType === 'PgTimestamp') return timestamp(name);
    if (col.columnType === 'PgArray') return { type: 'array', items: {} };
    switch (col.dataType) {
      case 'number':
        return { type: 'integer' };
      case 'boolean':
        return { type: 'boolean' };
      case 'json':
        return {};
      default:
        return { type: 'string' };
    }
  }
  switch (meta.kind) {
    case 'text':
    case 'textarea':
    case 'html':
    case 'email':
    case 'url':
      return { type: 'string' };
    case 'select':
      return { type: 'string', enum: [...(meta.options ?? [])] };
    case 'number':
    case 'ref':
      return { type: 'integer' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return timestamp(meta.label);
    case 'refs':
      return { type: 'array', items: { type: 'integer' } };
    case 'tags':
      return { type: 'array', items: { type: 'string' } };
    case 'faqs':
      return {
        type: 'array',
        items: { type: 'object', required: ['question', 'answer'], properties: { question: { type: 'string' }, answer: { type: 'string' } } },
      };
    case 'image':
    case 'file':
      return col.columnType === 'PgArray' ? { type: 'array', items: fileUrl } : col.dataType === 'json' ? {} : fileUrl;
  }
}

const describeField = (meta: FieldMeta) => (meta.help ? `${meta.label}. ${meta.help}` : meta.label);

/** One row as the API answers it: every visible column, typed from the declaration where it has the field. */
export function entityObjectSchema(entity: ServerEntity, options: { related?: boolean } = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, value] of Object.entries(visibleColumns(entity))) {
    const meta = entity.decl.fields[name];
    const computed = entity.computed?.[name];
    if (computed) {
      properties[name] = meta ? { ...computed.schema, description: describeField(meta) } : computed.schema;
      continue;
    }
    const col = value as PgColumn;
    let schema = valueOf(meta, col, name);
    if (col.columnType === 'PgArray' && schema.type !== 'array') schema = { type: 'array', items: schema };
    if (meta) schema = { ...schema, description: describeField(meta) };
    if (!col.notNull) schema = { ...schema, nullable: true };
    properties[name] = schema;
  }
  const required = Object.keys(properties);
  if (options.related) {
    const refFields = Object.entries(entity.decl.fields).filter(([, meta]) => meta.kind === 'ref' || meta.kind === 'refs');
    const item = { type: 'object', required: ['id', 'label', 'slug'], properties: { id: { type: 'integer' }, label: { type: 'string' }, slug: { type: 'string', nullable: true } } };
    properties.related = {
      type: 'object',
      description: 'Names of the rows the ref fields point to, per field',
      required: refFields.map(([name]) => name),
      properties: Object.fromEntries(refFields.map(([name]) => [name, { type: 'array', items: item }])),
    };
    required.push('related');
  }
  return { type: 'object', title: entity.decl.label, required, properties };
}

export function listPageSchema(entity: ServerEntity): JsonSchema {
  return {
    type: 'object',
    required: ['count', 'next', 'previous', 'results'],
    properties: {
      count: { type: 'integer', description: 'Rows matching the filters and search' },
      next: { type: 'string', nullable: true, description: 'Path and query of the next page' },
      previous: { type: 'string', nullable: true, description: 'Path and query of the previous page' },
      results: { type: 'array', items: entityObjectSchema(entity) },
      ...(entity.decl.filters
        ? {
            facets: {
              type: 'object',
              description: 'Only when ?facets= asks: per filter named there, the rows each of its values would list with the search and the other filters as they are (value: an id, an option or "true")',
              additionalProperties: { type: 'object', additionalProperties: { type: 'integer' } },
            },
          }
        : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// request bodies

function annotate(schema: JsonSchema, fields: Record<string, FieldMeta>): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, prop] of Object.entries(properties)) {
    const meta = fields[name];
    if (meta && !prop.description) properties[name] = { ...prop, description: describeField(meta) };
  }
  return schema;
}

/** Create/update bodies: the contract's bodySchema as JSON, and (multipart entities) the form with its files as binary. */
export function entityRequestBody(entity: ServerEntity, mode: 'create' | 'update', options: { omitAdminOnly?: boolean } = {}): { content: Record<string, { schema: JsonSchema }> } {
  const { decl } = entity;
  // derived fields are refused on every write: not part of any documented body
  const omit = (meta: FieldMeta) => Boolean(meta.derived) || Boolean(options.omitAdminOnly && meta.adminOnly);
  const json = annotate(toJson(bodySchema(decl.fields, mode, { omit }), 'input'), decl.fields);
  const fileFields = Object.entries(decl.fields).filter(([, meta]) => FILE_KINDS.includes(meta.kind) && !omit(meta));
  if (!decl.multipart && fileFields.length === 0) return { content: { 'application/json': { schema: json } } };

  const rules = uploadRules(entity);
  const properties: Record<string, JsonSchema> = { ...(json.properties as Record<string, JsonSchema>) };
  for (const [name, meta] of fileFields) {
    const binary = { type: 'string', format: 'binary' };
    const accepts = (rules[name]?.kind ?? 'image') === 'image' ? 'JPEG, PNG, GIF or WebP image' : rules[name]?.kind === 'pdf' ? 'PDF' : 'PDF or image';
    const description = `${describeField(meta)} (${accepts}${mode === 'update' ? '; only when replacing it' : ''})`;
    if (rules[name]?.multiple) {
      properties[name] = { type: 'array', items: binary, description: `${description}; repeat the field for several files` };
      if (mode === 'update') properties[removalField(name, meta)] = { type: 'array', items: { type: 'string' }, description: `URLs of ${meta.label.toLowerCase()} images to remove (a JSON list as text)` };
    } else properties[name] = { ...binary, description };
  }
  const form: JsonSchema = {
    ...json,
    properties,
    description: 'Lists may be sent as JSON text or as repeated fields; booleans as "true"/"false".',
  };
  return {
    content: {
      'multipart/form-data': { schema: form },
      // readForm takes JSON too: then the files cannot be sent
      'application/json': { schema: { ...json, description: 'The same fields without files.' } },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// which route is which: the URLs routes/entities.ts and routes/dashboards.ts register

type Documented = { body?: unknown; response: Record<string, JsonSchema> };

function entityRoutes(): Map<string, () => Documented> {
  const map = new Map<string, () => Documented>();
  const add = (method: string, path: string, doc: () => Documented) => map.set(`${method} ${API_PREFIX}/${path}/`, doc);

  for (const entity of Object.values(registry)) {
    const { decl } = entity;
    const publicReads = decl.publicList !== 'none';
    const readErrors = publicReads ? [] : [401, 403];
    const writeErrors = [400, 401, 403, 404, 409, 413, 415];
    const list = (): Documented => ({ response: { 200: withDescription(listPageSchema(entity), `A page of ${decl.plural.toLowerCase()}`), ...errors([400, ...readErrors]) } });

    add('GET', publicReads ? decl.path : decl.routes?.adminList ?? decl.path, list);
    if (publicReads && decl.routes?.adminList) add('GET', decl.routes.adminList, () => ({ response: { 200: list().response[200], ...errors([400, 401, 403]) } }));
    add('GET', `${decl.path}/:id`, () => ({
      response: { 200: withDescription(entityObjectSchema(entity, { related: true }), `The ${decl.label.toLowerCase()}, with the names its refs point to`), ...errors([400, ...readErrors, 404]) },
    }));
    if (decl.dropdown) {
      const path = typeof decl.dropdown === 'string' ? decl.dropdown : `${decl.path}/dropdown`;
      add('GET', path, () => ({ response: { 200: withDescription(toJson(z.array(dropdownItem), 'output'), 'Options for a select'), ...errors([400]) } }));
    }
    add('POST', decl.routes?.create ?? `${decl.path}/create`, () => ({
      body: entityRequestBody(entity, 'create'),
      response: { 201: withDescription(entityObjectSchema(entity), `The created ${decl.label.toLowerCase()}`), ...errors(writeErrors.filter((c) => c !== 404)) },
    }));
    add('PATCH', decl.routes?.update ?? `${decl.path}/:id/update`, () => ({
      body: entityRequestBody(entity, 'update'),
      response: { 200: withDescription(entityObjectSchema(entity), `The updated ${decl.label.toLowerCase()}`), ...errors(writeErrors) },
    }));
    if (decl.confirmed)
      add('POST', `${decl.path}/:id/still-correct`, () => ({
        body: { content: { 'application/json': { schema: { type: 'object', additionalProperties: false, description: 'Nothing: the values are confirmed as they are' } } } },
        response: { 200: withDescription(entityObjectSchema(entity), `The ${decl.label.toLowerCase()}, its checked-on day now today`), ...errors([401, 403, 404]) },
      }));
    add('GET', `${decl.path}/:id/uses`, () => ({
      response: { 200: withDescription(usesSchema, `What uses the ${decl.label.toLowerCase()}: empty when it can be deleted`), ...errors([400, 401, 403, 404]) },
    }));
    add('DELETE', decl.routes?.delete ?? `${decl.path}/:id/delete`, () => ({
      response: { 200: withDescription(messageSchema(`${decl.label} deleted successfully!`), 'Deleted, with its files'), ...errors([400, 401, 403, 404]) },
    }));
  }

  for (const role of INSTITUTION_ROLES) {
    const entity = registry[role];
    add('GET', `${role}/dashboard`, () => ({
      response: { 200: withDescription(entityObjectSchema(entity, { related: true }), `The own ${role} profile`), ...errors([401, 403, 404]) },
    }));
    add('PATCH', `${role}/dashboard/update`, () => ({
      body: entityRequestBody(entity, 'update', { omitAdminOnly: true }),
      response: { 200: withDescription(entityObjectSchema(entity), `The updated ${role} profile`), ...errors([400, 401, 403, 404, 409, 413, 415]) },
    }));
  }
  return map;
}

// ---------------------------------------------------------------------------------------------
// settings and auth: small shapes written out here (their handlers have no output schema)

const nullableInt = { type: 'integer', nullable: true };
const siteSettings: JsonSchema = {
  type: 'object',
  required: [
    'featured_counselling_consultancy_id',
    'featured_counselling_consultancy_name',
    'featured_counselling_consultancy_slug',
    'featured_counselling_consultancy_verified',
    'featured_counselling_consultancy_claimed',
    'show_counselling_bar',
    'updated_at',
  ],
  properties: {
    featured_counselling_consultancy_id: nullableInt,
    featured_counselling_consultancy_name: { type: 'string', nullable: true },
    featured_counselling_consultancy_slug: { type: 'string', nullable: true },
    featured_counselling_consultancy_verified: { type: 'boolean', nullable: true },
    featured_counselling_consultancy_claimed: { type: 'boolean', nullable: true },
    show_counselling_bar: { type: 'boolean' },
    updated_at: { ...timestamp('Last changed'), nullable: true },
  },
};
const modalSettings: JsonSchema = {
  type: 'object',
  required: ['hide_study_abroad_modal', 'hide_full_detail_modal'],
  properties: { hide_study_abroad_modal: { type: 'boolean' }, hide_full_detail_modal: { type: 'boolean' } },
};
const adFeed: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'placement', 'title', 'redirect_url', 'desktop_image_url', 'mobile_image_url', 'weight'],
    properties: {
      id: { type: 'integer' },
      placement: { type: 'string' },
      title: { type: 'string' },
      redirect_url: { type: 'string' },
      desktop_image_url: { type: 'string', nullable: true },
      mobile_image_url: { type: 'string', nullable: true },
      weight: { type: 'integer' },
    },
  },
};
const sessionUser: JsonSchema = {
  type: 'object',
  required: ['id', 'email', 'role', 'first_name', 'last_name', 'phone', 'consultancy_id', 'college_id', 'university_id'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string', format: 'email' },
    role: { type: 'string', enum: ['admin', 'consultancy', 'college', 'university', 'student'] },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    phone: { type: 'string' },
    consultancy_id: nullableInt,
    college_id: nullableInt,
    university_id: nullableInt,
  },
};
const session: JsonSchema = {
  type: 'object',
  required: ['access', 'refresh', 'user'],
  properties: {
    access: { type: 'string', description: 'Short-lived access JWT (Authorization: Bearer)' },
    refresh: { type: 'string', description: 'Refresh token, rotated on every refresh' },
    user: sessionUser,
  },
};

function otherRoutes(): Map<string, () => Documented> {
  const admin = [400, 401, 403];
  const entries: [string, Documented][] = [
    ['GET /api/site-settings/', { response: { 200: withDescription(siteSettings, 'Site settings') } }],
    ['PATCH /api/site-settings/update/', { response: { 200: withDescription(siteSettings, 'The saved site settings'), ...errors(admin) } }],
    ['GET /api/leads/modal-settings/', { response: { 200: withDescription(modalSettings, 'Modal settings') } }],
    ['PATCH /api/leads/modal-settings/update/', { response: { 200: withDescription(modalSettings, 'The saved modal settings'), ...errors(admin) } }],
    ['GET /api/ads/', { response: { 200: withDescription(adFeed, 'Ads running now, heaviest first'), ...errors([400]) } }],
    ['POST /api/auth/login/', { response: { 200: withDescription(session, 'Signed in'), ...errors([400, 401, 429]) } }],
    ['POST /api/auth/register/', { response: { 201: withDescription(session, 'Signed up and signed in'), ...errors([400, 409, 429]) } }],
    ['POST /api/auth/refresh/', { response: { 200: withDescription(session, 'A new access token and a rotated refresh token'), ...errors([400, 401, 429]) } }],
    ['POST /api/auth/logout/', { response: { 200: withDescription(messageSchema('Logged out.'), 'The refresh token is revoked'), ...errors([400, 429]) } }],
    ['GET /api/auth/me/', { response: { 200: withDescription(sessionUser, 'The signed-in user'), ...errors([401]) } }],
  ];
  return new Map(entries.map(([key, doc]) => [key, () => doc]));
}

// ---------------------------------------------------------------------------------------------

let documented: Map<string, () => Documented> | undefined;

/** What the reference adds to a route's documented schema, by method and URL (undefined: nothing). */
export function documentedSchema(method: string, url: string): Documented | undefined {
  documented ??= new Map([...entityRoutes(), ...otherRoutes()]);
  return documented.get(`${method.toUpperCase()} ${url}`)?.();
}

/**
 * The transform given to @fastify/swagger: the zod type provider's jsonSchemaTransform, then the
 * body and responses above merged into the documented copy of the schema. A schema the route
 * already has (a zod body) wins over the added one.
 */
export const openapiTransform: SwaggerTransform = (document) => {
  const transformed = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = transformed.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return transformed;
  const method = [document.route.method].flat()[0];
  const extra = documentedSchema(String(method), document.url);
  if (!extra) return transformed;
  return {
    ...transformed,
    schema: {
      ...schema,
      ...(extra.body && !schema.body ? { body: extra.body } : {}),
      response: { ...extra.response, ...(schema.response as Record<string, unknown> | undefined) },
    },
  };
};
