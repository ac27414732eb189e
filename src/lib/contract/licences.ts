import { z } from 'zod';
import type { FieldMeta } from './fields.ts';
import { plainText } from './values.ts';

/**
 * A consultancy's licence: the government's permission to run an educational consultancy,
 * issued by the Ministry of Education or, since 2025 in Bagmati Province, by the province's
 * Ministry of Social Development (ECIS); about 900 of the valley's 5,000 hold one. It has its
 * number, issuing office (pages say "Licensed by" it) and dates, an optional association membership (ECAN), and the licence document, which stays private. The
 * consultancy submits it from its dashboard; an admin verifies it or rejects it with a reason.
 * Only a verified licence whose expiry date has not passed (in Nepal) makes a consultancy
 * "licensed"; a pending or rejected submission is not a licence.
 */

export const LICENCE_STATUSES = ['pending', 'verified', 'rejected', 'replaced'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

export const LICENCE_STATUS_LABELS: Record<LicenceStatus, string> = {
  pending: 'Waiting for our check',
  verified: 'Verified',
  rejected: 'Rejected',
  replaced: 'Replaced by a newer submission',
};

/** The steps of a licence's history, each kept with who took it and when. */
export const LICENCE_ACTIONS = ['submitted', 'verified', 'rejected', 'replaced'] as const;
export type LicenceAction = (typeof LICENCE_ACTIONS)[number];

export const LICENCE_ACTION_LABELS: Record<LicenceAction, string> = {
  submitted: 'Submitted',
  verified: 'Verified',
  rejected: 'Rejected',
  replaced: 'Replaced by a newer submission',
};

/** The submit and renew form, as the consultancy's dashboard draws it; the document is required on every submission. */
export const licenceFields = {
  permission_number: {
    kind: 'text',
    label: 'Permission (licence) number',
    required: true,
    max: 60,
    help: 'As printed on the permission letter, for example 1234/079-80.',
  },
  issuing_office: {
    kind: 'text',
    label: 'Issuing office',
    required: true,
    max: 200,
    help: 'As printed on the letter: Ministry of Education, Science and Technology, Kathmandu; or, in Bagmati Province since 2025, Ministry of Social Development, Bagmati Province (ECIS). Pages say "Licensed by" this office.',
  },
  issued_on: { kind: 'date', label: 'Issued on', required: true },
  expires_on: { kind: 'date', label: 'Valid until', required: true, help: 'The last day the permission is valid.' },
  association: { kind: 'text', label: 'Association membership (optional)', max: 200, help: 'For example ECAN.' },
  association_number: { kind: 'text', label: 'Membership number', max: 60 },
  document: {
    kind: 'file',
    label: 'Licence document',
    accept: 'document',
    required: true,
    private: true,
    help: 'A PDF or a photo of the permission letter. Only our team sees it.',
  },
} satisfies Record<string, FieldMeta>;

const isoDate = z
  .string({ error: 'This field is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)')
  .refine((s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().startsWith(s), 'Must be a real date');

/** A submission's text fields (the document travels as a file beside them). */
export const licenceSubmission = z
  .strictObject({
    permission_number: plainText(60, 1),
    issuing_office: plainText(200, 1),
    issued_on: isoDate,
    expires_on: isoDate,
    association: plainText(200).default(''),
    association_number: plainText(60).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.expires_on <= v.issued_on) ctx.addIssue({ code: 'custom', path: ['expires_on'], message: 'Must be after the issue date' });
    if (v.association_number && !v.association)
      ctx.addIssue({ code: 'custom', path: ['association'], message: 'Name the association this membership number belongs to' });
  });
export type LicenceSubmission = z.infer<typeof licenceSubmission>;

/** An admin's rejection: the reason is shown to the consultancy and kept in the history. */
export const licenceRejection = z.strictObject({ reason: plainText(1000, 1) });

/** What the public pages know of a consultancy's licence: the verified one that runs longest, never its document. */
export interface PublicLicence {
  permission_number: string;
  issuing_office: string;
  issued_on: string;
  expires_on: string;
  association: string;
  association_number: string;
  /** when an admin verified it */
  checked_on: string;
}
