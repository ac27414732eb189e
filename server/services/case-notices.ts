import { STAGE_LABELS, type Stage } from '../../src/lib/contract/applications.ts';
import { formatMoney } from '../../src/lib/format.ts';
import { compose } from '../mail.ts';
import { enqueue } from './outbox.ts';
import { application, caseAddresses, consultancyName, dashboard, stopLine, toEach, trackLink, type Site } from './notices.ts';
import type { Runner } from './tx.ts';

/**
 * Notices of an application's case (issue 26). Each says that something happened and links to
 * where it is read: never the message's text nor a file, which stay behind the code or a sign-in.
 */

const caseLink = (site: Site, applicationId: number) => dashboard(site, `applications/${applicationId}`, 'Open the application');

/** A new message: to the other side. The student is not mailed when they stopped this application's messages. */
export async function messagePosted(db: Runner, site: Site, applicationId: number, messageId: number, by: 'applicant' | 'consultancy') {
  const a = await application(db, applicationId);
  const key = `application.${a.id}.message.${messageId}`;
  if (by === 'applicant') {
    const to = await caseAddresses(db, a.id, a.consultancy_id);
    await enqueue(
      db,
      ...toEach(to, key, `New message from ${a.full_name}`, [
        `${a.full_name} sent you a message about application ${a.tracking_code}. Read it and answer in your dashboard:`,
        caseLink(site, a.id),
      ]),
    );
    return;
  }
  if (!a.notify) return;
  const name = await consultancyName(db, a.consultancy_id);
  await enqueue(
    db,
    compose(key, a.email, `New message from ${name}`, [
      `Hello ${a.full_name},`,
      `${name} sent you a message about your application ${a.tracking_code}. Read it and answer on its tracking page:`,
      trackLink(site, a.tracking_code),
      stopLine,
    ]),
  );
}

/** The consultancy recorded a payment: the student is asked to confirm or dispute it. */
export async function paymentRecorded(db: Runner, site: Site, applicationId: number, paymentId: number, amountNpr: number) {
  const a = await application(db, applicationId);
  if (!a.notify) return;
  const name = await consultancyName(db, a.consultancy_id);
  await enqueue(
    db,
    compose(`application.${a.id}.payment.${paymentId}`, a.email, `${name} recorded a payment of ${formatMoney(amountNpr, 'NPR')}`, [
      `Hello ${a.full_name},`,
      `${name} recorded that you paid ${formatMoney(amountNpr, 'NPR')} for your application ${a.tracking_code}. Please confirm it, or dispute it if it is not right, on the tracking page:`,
      trackLink(site, a.tracking_code),
      stopLine,
    ]),
  );
}

/** A dispute, to those who answer for the case: what is disputed and a link to the case, never the student's documents. */
async function disputed(db: Runner, site: Site, applicationId: number, key: string, what: string) {
  const a = await application(db, applicationId);
  await enqueue(
    db,
    ...toEach(await caseAddresses(db, a.id, a.consultancy_id), `application.${a.id}.${key}.disputed`, `${a.full_name} disputed ${what}`, [
      `${a.full_name} disputed ${what} on application ${a.tracking_code}. Their reason is on the application's page in your dashboard:`,
      caseLink(site, a.id),
    ]),
  );
}

/** The student disputed a payment the consultancy recorded. */
export const paymentDisputed = (db: Runner, site: Site, applicationId: number, paymentId: number) =>
  disputed(db, site, applicationId, `payment.${paymentId}`, 'a payment you recorded');

/** The student said the offer or visa decision the consultancy set is not right (`entryId`: that stage's history entry). */
export const decisionDisputed = (db: Runner, site: Site, applicationId: number, entryId: number, stage: Stage) =>
  disputed(db, site, applicationId, `decision.${entryId}`, `the "${STAGE_LABELS[stage]}" you recorded`);
