import { z } from 'zod';
import { INSTITUTION_ROLES } from '../entity.ts';
import { takesInquiries } from '../institutions.ts';
import { COMPLAINT_STATUSES } from '../leads.ts';
import { email, honeypot, id, optionalId, phone, plainText } from '../values.ts';

/** Request bodies of the complaint, inquiry (booking) and pageview forms, and complaint status moves. */

export const complaintForm = z.strictObject({
  name: plainText(200, 2),
  email,
  phone: z.union([z.literal(''), phone]).default(''),
  consultancy: optionalId.default(null),
  subject: plainText(250, 3),
  message: plainText(5000, 10),
  ...honeypot,
});

const inquiryFields = {
  name: plainText(200, 2),
  email,
  phone,
  message: plainText(5000).default(''),
  entity_id: id,
  destination: id.nullable().default(null),
  exam: id.nullable().default(null),
  ...honeypot,
};
/** The kinds an inquiry may be sent to (contract/institutions.ts) */
const INQUIRY_TARGETS = INSTITUTION_ROLES.filter(takesInquiries);

/**
 * SPEC §3's inquiry payload, as the booking dialog sends it, unchanged for a consultancy. An inquiry
 * to a college (read on its dashboard) is the same without `consultancy`, which names only consultancies.
 */
export const inquiryForm = z.discriminatedUnion(
  'entity_type',
  [
    z
      .strictObject({ ...inquiryFields, entity_type: z.literal('consultancy'), consultancy: id })
      .refine((v) => v.consultancy === v.entity_id, { path: ['consultancy'], message: 'Must be the same as entity_id' }),
    z.strictObject({ ...inquiryFields, entity_type: z.literal('college') }),
  ],
  { error: `Must be one of ${INQUIRY_TARGETS.join(', ')}` },
);

// Beacon fields come from the browser as they are: over-long values are cut rather than refused.
const cut = (max: number) => z.string({ error: 'Must be text' }).transform((s) => s.replaceAll('\0', '').slice(0, max));
export const pageviewForm = z.strictObject({
  institute_type: z
    .string()
    .regex(/^[a-z_]{1,20}$/, 'Must be an institute type such as consultancy')
    .nullable()
    .default(null),
  institute_id: id.nullable().default(null),
  session_id: z.string({ error: 'Must be text' }).regex(/^[\w.:-]{1,64}$/, 'Must be a session id of at most 64 letters, digits or -_.:'),
  user_agent: cut(500).default(''),
  browser: cut(60).default(''),
  device: cut(20).default(''),
  path: cut(500).default(''),
  ...honeypot,
});

/** An admin's status move, with an optional note the complainant and the consultancy see in the complaint's history. */
export const complaintStatusChange = z.strictObject({
  status: z.enum(COMPLAINT_STATUSES, { error: `Must be one of ${COMPLAINT_STATUSES.join(', ')}` }),
  note: plainText(2000).default(''),
});
