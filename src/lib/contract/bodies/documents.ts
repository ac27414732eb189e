import { z } from 'zod';
import { CHECKLIST_MAX_ITEMS, DOCUMENT_NAME_MAX } from '../documents.ts';
import { plainText } from '../values.ts';

/** Request bodies of document requests: one, several from the checklist, a decision, and a checklist. */

const name = plainText(DOCUMENT_NAME_MAX, 2);
const dueOn = z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' });

export const documentRequest = z.strictObject({ name, note: plainText(1000).default(''), due_on: dueOn });

export const checklistRequest = z.strictObject({
  items: z.array(name).min(1, { error: 'Choose at least one document' }).max(CHECKLIST_MAX_ITEMS),
  note: plainText(1000).default(''),
  due_on: dueOn,
});

export const documentReview = z
  .strictObject({
    decision: z.enum(['accepted', 'rejected'], { error: 'Must be accepted or rejected' }),
    reason: plainText(1000).default(''),
  })
  .refine((b) => b.decision === 'accepted' || b.reason.length > 0, {
    path: ['reason'],
    error: 'Say why the document is rejected: the student reads it',
  });

/** A consultancy's checklist for a destination (the destination is in the path); an empty list brings the defaults back. */
export const checklist = z.strictObject({ items: z.array(name).max(CHECKLIST_MAX_ITEMS) });
