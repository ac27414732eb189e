import { eq, sql } from 'drizzle-orm';
import { bumpContentVersion } from '../content-version.ts';
import type { Runner } from './tx.ts';
import { consultancyId } from './licence-values.ts';
import { COMPLAINT_RECORD_MONTHS } from '../../src/lib/contract/complaints.ts';
import { complaints, consultancies, consultancyReviews as r } from '../db/schema/index.ts';

/**
 * What applicants and complainants say of a consultancy, on every row the API gives (lists
 * included), so a card states the same rating and complaint record as the page: computed when
 * read, from the same rules as the page's reviews (src/lib/site/reviews.ts: the mean of each
 * review's overall, removed ones left out) and complaint record (complaints.ts: the last 12
 * months, those rejected as invalid left out). Kept apart from the services, which the entity
 * registry must not import (as licence-values.ts).
 */

const shownReviews = sql`${r} WHERE ${r.consultancy_id} = ${consultancyId} AND ${r.removed_reason} IS NULL`;

export const standingValues = {
  review_score: {
    sql: sql<
      number | null
    >`(SELECT round(avg((${r.honesty} + ${r.responsiveness} + ${r.visa_guidance}) / 3.0), 1)::float8 FROM ${shownReviews})`,
    schema: { type: 'number', nullable: true, description: 'The mean rating of its reviews, 1 to 5, one decimal (null: no reviews)' },
  },
  review_count: {
    sql: sql<number>`(SELECT count(*)::int FROM ${shownReviews})`,
    schema: { type: 'integer', description: 'Its reviews, those removed by an admin left out' },
  },
  complaints_12m: {
    sql: sql<number>`(SELECT count(*)::int FROM ${complaints} WHERE ${complaints.consultancy_id} = ${consultancyId} AND ${complaints.status} <> 'rejected' AND ${complaints.created_at} > now() - make_interval(months => ${COMPLAINT_RECORD_MONTHS}))`,
    schema: {
      type: 'integer',
      description: `Complaints about it in the last ${COMPLAINT_RECORD_MONTHS} months, those rejected as invalid left out`,
    },
  },
};

/**
 * A review or complaint changed a consultancy's figures: its row is marked changed, so the site's
 * copy of the list (read from the rows changed since the last build) takes the new figures onto
 * its cards, and the content version moves, so the site is built again.
 */
export async function standingChanged(tx: Runner, consultancyId: number) {
  await tx
    .update(consultancies)
    .set({ updated_at: sql`now()` })
    .where(eq(consultancies.id, consultancyId));
  await bumpContentVersion(tx, ['consultancy', 'review', 'complaint']);
}
