import { complaintEvents, complaints } from '../../schema/index.ts';
import { hashCode } from '../../../services/tracking-code.ts';
import { COMPLAINT_ANSWER_DAYS } from '../../../../src/lib/contract/complaints.ts';
import type { ComplaintStatus } from '../../../../src/lib/contract/leads.ts';
import { insertRows } from '../bulk.ts';
import type { SeedContext } from './context.ts';
import type { Institutions } from './institutions.ts';
import { applicant, fingerprint, trackingCode } from './activity.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Story {
  /** index into the seeded consultancies: 0 is the demo account's */
  consultancy: number;
  ageDays: number;
  subject: string;
  /** hours after filing of the consultancy's first answer; none: never answered */
  answeredAfter?: number;
  /** where an admin left it, and why */
  status?: { to: ComplaintStatus; note: string; afterDays: number };
  /** the complainant wrote back after the answer */
  reply?: string;
}

const MESSAGE = 'I paid the consultancy and have been waiting for weeks without any update. Please look into this.';
const ANSWER = 'We are sorry for the delay. Our counsellor has called you and we have sent the details by email.';

/**
 * Complaints that show every case of the accountability rules: answered in time, answered late,
 * unanswered and overdue, still within the deadline, resolved, rejected as invalid, one outside
 * the 12-month window; several on the demo consultancy, so its dashboard and page show them.
 */
const STORIES: Story[] = [
  {
    consultancy: 0,
    ageDays: 40,
    subject: 'Service charge not refunded',
    answeredAfter: 20,
    status: { to: 'resolved', note: 'The consultancy refunded the charge.', afterDays: 6 },
  },
  {
    consultancy: 0,
    ageDays: 25,
    subject: 'Documents not returned',
    answeredAfter: 9 * 24,
    status: { to: 'in_progress', note: 'Asked the consultancy for a date.', afterDays: 8 },
    reply: 'I still have not got my transcripts back.',
  },
  { consultancy: 0, ageDays: 12, subject: 'Counsellor did not respond' },
  { consultancy: 0, ageDays: 2, subject: 'Wrong information about visa' },
  {
    consultancy: 0,
    ageDays: 60,
    subject: 'Extra fees asked after enrolment',
    status: { to: 'rejected', note: 'The fee was in the signed agreement.', afterDays: 5 },
  },
  {
    consultancy: 1,
    ageDays: 90,
    subject: 'Service charge not refunded',
    answeredAfter: 5,
    status: { to: 'resolved', note: 'Refund confirmed by the student.', afterDays: 3 },
  },
  {
    consultancy: 1,
    ageDays: 200,
    subject: 'Counsellor did not respond',
    answeredAfter: 30,
    status: { to: 'resolved', note: 'The student has a new counsellor.', afterDays: 4 },
  },
  {
    consultancy: 1,
    ageDays: 15,
    subject: 'Wrong information about visa',
    answeredAfter: 48,
    status: { to: 'in_progress', note: 'Waiting for the embassy letter.', afterDays: 3 },
  },
  {
    consultancy: 2,
    ageDays: 50,
    subject: 'Documents not returned',
    status: { to: 'closed', note: 'The student stopped answering our emails.', afterDays: 30 },
  },
  { consultancy: 2, ageDays: 9, subject: 'Extra fees asked after enrolment' },
  {
    consultancy: 2,
    ageDays: 30,
    subject: 'Service charge not refunded',
    answeredAfter: 12 * 24,
    status: { to: 'resolved', note: 'Refunded after our reminder.', afterDays: 14 },
  },
  {
    consultancy: 3,
    ageDays: 400,
    subject: 'Counsellor did not respond',
    answeredAfter: 24,
    status: { to: 'resolved', note: 'Settled.', afterDays: 3 },
  },
  {
    consultancy: 3,
    ageDays: 100,
    subject: 'Wrong information about visa',
    answeredAfter: 6 * 24,
    status: { to: 'resolved', note: 'The consultancy corrected its advice.', afterDays: 9 },
  },
  { consultancy: 4, ageDays: 5, subject: 'Documents not returned' },
  {
    consultancy: 4,
    ageDays: 70,
    subject: 'Service charge not refunded',
    answeredAfter: 2,
    status: { to: 'closed', note: 'Answered; the student is satisfied.', afterDays: 2 },
  },
];

export async function seedComplaints({ tx, rng, now }: SeedContext, institutions: Institutions) {
  const at = (ms: number) => new Date(ms).toISOString();
  const stories = STORIES.map((story, i) => {
    const person = applicant(rng, 300 + i);
    const filed = now - Math.round(story.ageDays * DAY);
    const answered = story.answeredAfter === undefined ? null : filed + story.answeredAfter * HOUR;
    const values = {
      ...person,
      consultancy_id: institutions.consultancies[story.consultancy]!.id,
      subject: story.subject,
      message: MESSAGE,
      status: story.status?.to ?? 'open',
    };
    // the codes are never shown: nobody follows a demo complaint, but each has one like a real complaint
    const code = trackingCode(rng);
    const row = {
      ...values,
      fingerprint: fingerprint(values),
      reference: `C-${trackingCode(rng).replace(/-/g, '').slice(0, 6)}`,
      code_hash: hashCode(code),
      answer_due_at: at(filed + COMPLAINT_ANSWER_DAYS * DAY),
      first_answer_at: answered === null ? null : at(answered),
      created_at: at(filed),
      updated_at: at(filed),
    };
    return { story, row, filed, answered };
  });
  const ids = await insertRows(
    tx,
    complaints,
    stories.map((s) => s.row),
  );
  await insertRows(
    tx,
    complaintEvents,
    stories.flatMap(({ story, filed, answered }, i) => {
      const complaint_id = ids[i]!;
      const events: (typeof complaintEvents.$inferInsert)[] = [
        { complaint_id, kind: 'submitted', author: 'complainant', created_at: at(filed) },
      ];
      if (answered !== null) events.push({ complaint_id, kind: 'message', author: 'consultancy', body: ANSWER, created_at: at(answered) });
      if (story.reply && answered !== null)
        events.push({ complaint_id, kind: 'message', author: 'complainant', body: story.reply, created_at: at(answered + 6 * HOUR) });
      if (story.status)
        events.push({
          complaint_id,
          kind: 'status',
          author: 'admin',
          status: story.status.to,
          body: story.status.note,
          created_at: at(filed + story.status.afterDays * DAY),
        });
      return events.map((e) => ({ ...e, updated_at: e.created_at }));
    }),
  );
}
