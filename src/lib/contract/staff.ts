import { z } from 'zod';
import { email, id, optionalId, password, plainText } from './values.ts';

/**
 * A consultancy's staff. Its accounts made by an admin are owners; counsellors join by an owner's
 * invitation. A counsellor works applications (reads them, moves their stage, takes an unassigned
 * one, writes notes, sets follow-ups, reads due-today and counts) but does not manage staff, assign
 * to others, export the list or edit the consultancy's profile.
 */
export const STAFF_ROLES = ['owner', 'counsellor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

export const invitation = z.strictObject({ email });
export const invitationAcceptance = z.strictObject({
  token: z.string({ error: 'Must be text' }).min(1, 'This field is required').max(200),
  first_name: plainText(120, 1),
  last_name: plainText(120).default(''),
  password,
});
/** null unassigns (owners only); a counsellor may only take an unassigned application for themself. */
export const assignment = z.strictObject({ counsellor: optionalId });
export const noteBody = z.strictObject({ body: plainText(5000, 1) });
export const followUp = z.strictObject({ follow_up_on: z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' }).nullable() });
export const staffParams = z.object({ id });

/** Where the consultancies work: "today" for follow-ups is Nepal's day. */
export const CONSULTANCY_TIME_ZONE = 'Asia/Kathmandu';
