import { sql } from 'drizzle-orm';
import { FINISHED_COMPLAINT_STATUSES } from '../../src/lib/contract/complaints.ts';
import { complaints } from '../db/schema/index.ts';

/** Past its deadline, not answered, and still owed an answer (the consultancy's list and its reminders). */
export const overdue = sql<boolean>`(${complaints.first_answer_at} is null and ${complaints.answer_due_at} < now() and ${complaints.status} not in (${sql.join(
  FINISHED_COMPLAINT_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)}))`;
