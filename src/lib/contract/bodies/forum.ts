import { z } from 'zod';
import { optionalId, plainText } from '../values.ts';

/** Request bodies of the forum: questions, their changes, replies and moderation. */

export const newQuestion = z.strictObject({
  title: plainText(250, 5),
  body: plainText(10_000).default(''),
  category: optionalId.default(null),
});
export const questionChanges = z.strictObject({
  title: plainText(250, 5).optional(),
  body: plainText(10_000).optional(),
  category: optionalId.optional(),
});
export const replyBody = z.strictObject({ body: plainText(5_000, 1) });
export const moderation = z.strictObject({ hidden: z.boolean({ error: 'Must be true or false' }) });
export const acceptance = z.strictObject({ reply: optionalId });
export const report = z.strictObject({ reason: plainText(500, 3) });
/** a moderator's delete of someone else's post says why (the author is told); an author's own delete needs none */
export const removal = z.strictObject({ reason: plainText(500, 3).optional() }).nullish();
