import { z } from 'zod';
import { idSchema } from './fields.ts';

/** The values request bodies are made of, the same for the server that checks them and the client that sends them. */

// PostgreSQL refuses NUL in text, and the other control characters only hide content.
// eslint-disable-next-line no-control-regex -- matching control characters is what this is for
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Plain text as typed: control characters dropped, trimmed, length-checked with a readable message. */
export const plainText = (max: number, min = 0) =>
  z
    .string({ error: 'Must be text' })
    .max(max, `Must be at most ${max} characters`)
    .transform((s) => s.replace(CONTROL, '').trim())
    .pipe(z.string().min(min, min <= 1 ? 'This field is required' : `Must be at least ${min} characters`));

export const email = z
  .string({ error: 'Must be an email address' })
  .max(254, 'Must be at most 254 characters')
  .trim()
  .toLowerCase()
  .pipe(z.email('Must be an email address'));

export const phone = z
  .string({ error: 'Must be a phone number' })
  .max(40, 'Must be a phone number')
  .trim()
  .regex(/^\+?[\d\s\-()]{6,25}$/, 'Must be a phone number');

export const password = z
  .string({ error: 'Must be text' })
  .min(8, 'Must be at least 8 characters')
  .max(128, 'Must be at most 128 characters');

export const id = idSchema;

/** An id that may be absent: null, '' and 'null' (multipart) all mean none. */
export const optionalId = z.preprocess((v) => (v === '' || v === 'null' || v === undefined ? null : v), idSchema.nullable());

/**
 * A field people never see: a bot that fills it gets an answer as if all went well and nothing is stored.
 * Any value is accepted so the bot learns nothing from a validation error.
 */
export const honeypot = { website: z.unknown().optional() };
export const caughtByHoneypot = (body: { website?: unknown }) => body.website !== undefined && body.website !== '' && body.website !== null;
