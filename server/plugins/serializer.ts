import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers serialized through the route's response schema: validated and stripped to what it
 * declares (an answer that breaks it is a 500, not a leak), with the keys in the order the
 * handler gave them, so a schema written in another order never changes a byte of an answer.
 */

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** `output` (the schema's) with its keys in the order of `input` (the handler's); keys only the schema added come last. */
export function inOrderOf(input: unknown, output: unknown): unknown {
  if (Array.isArray(input) && Array.isArray(output)) return output.map((item, i) => inOrderOf(input[i], item));
  if (!isPlain(input) || !isPlain(output)) return output;
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(input)) if (Object.hasOwn(output, key)) ordered[key] = inOrderOf(input[key], output[key]);
  for (const key of Object.keys(output)) if (!Object.hasOwn(ordered, key)) ordered[key] = output[key];
  return ordered;
}

export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = z.safeEncode(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(inOrderOf(data, result.data));
  };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** why the route answers without a response schema (a file download): the route walk accepts only this */
    download?: string;
  }
}

/** The reason a download route gives for having no response schema. */
export const download = 'a stored file, streamed as it is: not JSON, nothing to serialize';
