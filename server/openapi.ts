import type { SwaggerTransform } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILE_KINDS,
  INSTITUTION_ROLES,
  bodySchema,
  entityPaths,
  removalField,
  setByServer,
  type FieldMeta,
} from '../src/lib/contract/index.ts';
import { registry, uploadRules, type ServerEntity } from './entities/registry.ts';
import { isRateLimit } from './services/limits.ts';

/**
 * The OpenAPI reference at /api/docs, generated from the routes' schemas (zod, through the type
 * provider's transform). Two things no route schema can say are added to the documented copy only:
 * the bodies of the entity writes, which readForm takes as JSON or multipart (a body schema would
 * refuse multipart), and the error answers, which the one error handler gives in one shape.
 */

type JsonSchema = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** errors the route answers beyond those its access and inputs imply (a public login's 401), for the reference */
    errors?: number[];
  }
}

// ---------------------------------------------------------------------------------------------
// shared shapes

const errorSchema: JsonSchema = {
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

const toJson = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' }) as JsonSchema;

// ---------------------------------------------------------------------------------------------
// request bodies

const describeField = (meta: FieldMeta) => (meta.help ? `${meta.label}. ${meta.help}` : meta.label);

function annotate(schema: JsonSchema, fields: Record<string, FieldMeta>): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, prop] of Object.entries(properties)) {
    const meta = fields[name];
    if (meta && !prop.description) properties[name] = { ...prop, description: describeField(meta) };
  }
  return schema;
}

/** Create/update bodies: the contract's bodySchema as JSON, and (multipart entities) the form with its files as binary. */
function entityRequestBody(
  entity: ServerEntity,
  mode: 'create' | 'update',
  options: { omitAdminOnly?: boolean } = {},
): { content: Record<string, { schema: JsonSchema }> } {
  const { decl } = entity;
  // fields the server sets are refused on every write: not part of any documented body
  const omit = (meta: FieldMeta) => setByServer(meta) || Boolean(options.omitAdminOnly && meta.adminOnly);
  const json = annotate(toJson(bodySchema(decl.fields, mode, { omit }), 'input'), decl.fields);
  const fileFields = Object.entries(decl.fields).filter(([, meta]) => FILE_KINDS.includes(meta.kind) && !omit(meta));
  if (!decl.multipart && fileFields.length === 0) return { content: { 'application/json': { schema: json } } };

  const rules = uploadRules(entity);
  const properties: Record<string, JsonSchema> = { ...(json.properties as Record<string, JsonSchema>) };
  for (const [name, meta] of fileFields) {
    const binary = { type: 'string', format: 'binary' };
    const accepts =
      (rules[name]?.kind ?? 'image') === 'image' ? 'JPEG, PNG, GIF or WebP image' : rules[name]?.kind === 'pdf' ? 'PDF' : 'PDF or image';
    const description = `${describeField(meta)} (${accepts}${mode === 'update' ? '; only when replacing it' : ''})`;
    if (rules[name]?.multiple) {
      properties[name] = { type: 'array', items: binary, description: `${description}; repeat the field for several files` };
      if (mode === 'update')
        properties[removalField(name, meta)] = {
          type: 'array',
          items: { type: 'string' },
          description: `URLs of ${meta.label.toLowerCase()} images to remove (a JSON list as text)`,
        };
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
// which writes take an entity's form: the URLs routes/entities.ts and routes/dashboards.ts register

const confirmBody = {
  content: {
    'application/json': {
      schema: { type: 'object', additionalProperties: false, description: 'Nothing: the values are confirmed as they are' },
    },
  },
};

/** An entity write: the form it takes (documented, not validated by a body schema) and the errors beyond the usual. */
type EntityWrite = { body?: () => unknown; errors: number[] };

function entityWrites(): Map<string, EntityWrite> {
  const map = new Map<string, EntityWrite>();
  const add = (method: string, path: string, write: EntityWrite) => map.set(`${method} /api/${path}/`, write);
  // a form: a unique value taken (409), a file too large (413) or of the wrong type (415)
  const form = [400, 409, 413, 415];
  for (const entity of Object.values(registry)) {
    const paths = entityPaths(entity.decl);
    add('POST', paths.create, { body: () => entityRequestBody(entity, 'create'), errors: form });
    add('PATCH', paths.update, { body: () => entityRequestBody(entity, 'update'), errors: form });
    if (paths.confirm) add('POST', paths.confirm, { body: () => confirmBody, errors: [] });
    // refused while other rows use it, unless reassign_to names the one they use instead
    add('DELETE', paths.remove, { errors: [409] });
  }
  for (const role of INSTITUTION_ROLES)
    add('PATCH', `${role}/dashboard/update`, {
      body: () => entityRequestBody(registry[role], 'update', { omitAdminOnly: true }),
      errors: form,
    });
  return map;
}

let writes: Map<string, EntityWrite> | undefined;

/** The errors a route can answer, from what it takes and who may call it (the one error handler gives them all one shape). */
function errorCodes(route: RouteOptions, url: string, schema: Record<string, unknown>, extra: number[]): number[] {
  const access = route.config?.access;
  const codes = new Set([...extra, ...(route.config?.errors ?? [])]);
  if ([route.onRequest, route.preHandler].flat().some(isRateLimit)) codes.add(429);
  if (schema.querystring || schema.params || schema.body) codes.add(400);
  if (access !== 'public' && access !== 'optional') codes.add(401);
  if (Array.isArray(access)) codes.add(403);
  if (url.includes(':')) codes.add(404);
  return [...codes].sort((a, b) => a - b);
}

/**
 * The transform given to @fastify/swagger: the zod type provider's jsonSchemaTransform (bodies,
 * parameters and the responses of every route), then an entity write's form and every route's errors.
 */
export const openapiTransform: SwaggerTransform = (document) => {
  const transformed = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = transformed.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return transformed;
  writes ??= entityWrites();
  const write = writes.get(`${String([document.route.method].flat()[0]).toUpperCase()} ${document.url}`);
  const body = write?.body?.();
  const route = document.route as RouteOptions;
  const files = route.config?.download
    ? { 200: { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } }
    : {};
  const response = {
    ...errors(errorCodes(route, document.url, schema, write?.errors ?? [])),
    ...files,
    ...(schema.response as Record<string, unknown> | undefined),
  };
  return { ...transformed, schema: { ...schema, ...(body && !schema.body ? { body } : {}), response } };
};
