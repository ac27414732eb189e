import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { complaints, consultancyApplications } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { hashCode, normalizeTrackingCode } from '../services/tracking-code.ts';

/**
 * Whoever holds a tracking code acts for the applicant or the complainant: no account, the code is
 * the key. A code that names nothing (or cannot be a code) is "not found", nothing more.
 */

/** The application a tracking code names (its applicant follows, edits, withdraws and reviews it). */
export async function applicationOfCode(db: Db, code: string) {
  const normalized = normalizeTrackingCode(code);
  const [row] = normalized
    ? await db.select().from(consultancyApplications).where(eq(consultancyApplications.tracking_code, normalized))
    : [];
  if (!row) throw notFound('Tracking code not found');
  return row;
}

/** The id of the complaint a follow-up code names (only its hash is stored). */
export async function complaintOfCode(db: Db, code: string): Promise<number> {
  const normalized = normalizeTrackingCode(code);
  const [row] = normalized
    ? await db
        .select({ id: complaints.id })
        .from(complaints)
        .where(eq(complaints.code_hash, hashCode(normalized)))
    : [];
  if (!row) throw notFound('Complaint not found');
  return row.id;
}
