import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { consultancyApplications } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { mayReadConsultancyFile, ownConsultancy } from './institutions.ts';

/**
 * An application's case (messages, payments, agreement) from the consultancy's side: its own
 * accounts and admins read it; only its own accounts write. To another consultancy it does not exist.
 */

const caseColumns = {
  id: consultancyApplications.id,
  consultancy_id: consultancyApplications.consultancy_id,
  tracking_code: consultancyApplications.tracking_code,
  full_name: consultancyApplications.full_name,
};
export type CaseApplication = { id: number; consultancy_id: number; tracking_code: string; full_name: string };

const missing = () => notFound('Application not found.');

/** The application, for an admin or an account of the consultancy it was sent to. */
export async function caseForReader(db: Db, user: SessionUser, applicationId: number): Promise<CaseApplication> {
  const [row] = await db.select(caseColumns).from(consultancyApplications).where(eq(consultancyApplications.id, applicationId));
  if (!row || !mayReadConsultancyFile(user, row.consultancy_id)) throw missing();
  return row;
}

/** The application, for an account of the consultancy it was sent to (who record payments and write messages). */
export async function caseForConsultancy(db: Db, user: SessionUser, applicationId: number): Promise<CaseApplication> {
  const consultancyId = ownConsultancy(user);
  const [row] = await db
    .select(caseColumns)
    .from(consultancyApplications)
    .where(and(eq(consultancyApplications.id, applicationId), eq(consultancyApplications.consultancy_id, consultancyId)));
  if (!row) throw missing();
  return row;
}
