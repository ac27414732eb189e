import { and, asc, eq, max, notInArray } from 'drizzle-orm';
import { applicationStatusHistory, consultancyApplications, consultancyReviews } from '../../schema/index.ts';
import { APPLICANT_STATUSES } from '../../../../src/lib/contract/reviews.ts';
import { insertRows } from '../bulk.ts';
import { Random } from '../random.ts';
import type { SeedContext } from './context.ts';
import type { Institutions } from './institutions.ts';

/** Its own sequence, so the content drawn after it (accounts, forum) stays what it was. */
const SEED = 20261102;
const DAY_MS = 86_400_000;

const TEXTS = [
  'They told me every fee up front, including the visa lodgement and health cover, and nothing changed later. My counsellor answered on WhatsApp within a few hours.',
  'Good help with the SOP and the GTE statement. The documents checklist was clear. Replies were slow in the week before Dashain, but they caught up.',
  'The service charge was higher than they first said: a "file opening" fee appeared after I paid. Visa guidance itself was correct and my visa was granted.',
  'Very patient with my questions about part-time work and the financial documents. They checked my bank statement twice before lodging.',
  'They pushed a college I had not asked for because of their partnership. When I insisted, they did apply to the university I wanted.',
  'Quick replies, honest about my chances with a 6.0 IELTS, and they told me which intake was realistic instead of promising everything.',
];
const REPLY =
  'Thank you for your kind words. We are glad the visa came through, and we wish you all the best for your studies. Our door stays open if you need help after you arrive.';
const REMOVED_BECAUSE = 'It named a counsellor and shared their personal phone number.';

/**
 * Reviews of applications the consultancies acted on: most on the demo consultancy (one with its
 * reply, one removed by an admin with the reason shown), one or two on a few others.
 */
export async function seedReviews({ tx, now }: SeedContext, institutions: Institutions) {
  const rng = new Random(SEED);
  const a = consultancyApplications;
  const h = applicationStatusHistory;
  // acted on: a status in the history that only the consultancy sets; reviewed a day after its last move
  const acted = await tx
    .select({ id: a.id, consultancy_id: a.consultancy_id, last: max(h.created_at) })
    .from(a)
    .innerJoin(h, and(eq(h.application_id, a.id), notInArray(h.status, [...APPLICANT_STATUSES])))
    .groupBy(a.id)
    .orderBy(asc(a.id));
  const demo = acted.filter((r) => r.consultancy_id === institutions.demoConsultancyId).slice(0, 4);
  // the first three other consultancies with acted-on applications, whichever the activity seed made
  const reviewed = [...new Set(acted.map((r) => r.consultancy_id).filter((id) => id !== institutions.demoConsultancyId))].slice(0, 3);
  const others = reviewed.flatMap((id) => acted.filter((r) => r.consultancy_id === id).slice(0, 2));
  const rows = [...demo, ...others].map((application, i) => {
    const at = new Date(Math.min(now, Date.parse(application.last!) + DAY_MS)).toISOString();
    const replied = application === demo[0];
    const removed = application === demo[1];
    return {
      application_id: application.id,
      consultancy_id: application.consultancy_id,
      honesty: rng.int(2, 5),
      responsiveness: rng.int(3, 5),
      visa_guidance: rng.int(3, 5),
      text: TEXTS[i % TEXTS.length]!,
      reply: replied ? REPLY : null,
      replied_at: replied ? at : null,
      removed_reason: removed ? REMOVED_BECAUSE : null,
      removed_at: removed ? at : null,
      created_at: at,
      updated_at: at,
    };
  });
  await insertRows(tx, consultancyReviews, rows);
}
