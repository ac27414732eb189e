import { z } from 'zod';
import { entities, type EntityDeclaration } from '../index.ts';
import { idSchema } from '../fields.ts';

/** The kinds of rows a shortlist holds: the declarations with `shortlist`. */
export const SHORTLIST_KINDS = (Object.values(entities) as EntityDeclaration[]).filter((d) => d.shortlist).map((d) => d.name) as [
  string,
  ...string[],
];

/** At most this many saved rows: a shortlist, not a copy of the directory. */
export const SHORTLIST_MAX = 200;

export const shortlistItem = z.strictObject({
  entity: z.enum(SHORTLIST_KINDS, { error: `entity must be one of: ${SHORTLIST_KINDS.join(', ')}` }),
  id: idSchema,
});
export type ShortlistItem = z.infer<typeof shortlistItem>;

/** Items a device adds to the account's shortlist (on sign-in: all it saved while signed out). */
export const shortlistAdd = z.strictObject({ items: z.array(shortlistItem).max(SHORTLIST_MAX, `At most ${SHORTLIST_MAX} items`) });
