/**
 * What some entities' public pages have besides what their declarations draw: the one place the
 * generic pages ([entity]/[slug].astro, [entity]/[...page].astro, the sitemap) learn of them, instead
 * of asking an entity's name. An entity not listed has none.
 */
import type { PublicBranch, Row } from '../../lib/api/public.ts';
import { branchesOf } from './branches.ts';
import type { Review } from '../../lib/api/reviews.ts';
import type { ComplaintRecord } from '../../lib/contract/complaints.ts';
import type { Estimate } from '../../lib/site/estimate.ts';
import { complaintRecordOf } from './complaint-records.ts';
import { outcomeOf } from './outcomes.ts';
import type { Outcome } from '../../lib/contract/outcomes.ts';
import type { SiteEntity } from './content.ts';
import { estimateFor } from './estimates.ts';
import { reviewsOf } from './reviews.ts';
import { upcomingSessionsOf } from './test-sessions.ts';

/** What a detail page shows of other data than the row: part of its cacheKey. */
export interface DetailData {
  /** the institution's other offices (the kinds with branches) */
  branches?: PublicBranch[];
  complaints?: ComplaintRecord | null;
  outcome?: Outcome | null;
  reviews?: Review[];
  estimate?: Estimate | null;
  /** an exam's test sessions in Nepal still upcoming at the build (its page asks the API again) */
  sessions?: Row[];
}

export interface SiteExtras {
  /** the data its detail page shows besides the row, read once per row */
  load?: (row: Row) => Promise<DetailData>;
  /**
   * a provider students apply to: its detail page states its standing (verified, claimed) and its
   * licence, offers to apply and to track an application, and shows its complaint record
   */
  provider?: true;
  /** the pages each row has under its own, e.g. 'apply/' (the sitemap lists them) */
  rowPages?: readonly string[];
  /**
   * its detail page links the plan of a destination (/destination/{slug}/plan/, issue 27): the ref
   * fields from the row to that destination, by dots ('university_id.destination_id'), or '' for
   * the row itself (src/pages/_lib/plans.ts)
   */
  plan?: string;
}

const consultancyData = async (row: Row): Promise<DetailData> => ({
  branches: await branchesOf('consultancy', row.id),
  complaints: await complaintRecordOf(row.id),
  outcome: await outcomeOf(row.id),
  reviews: await reviewsOf(row.id),
});

export const SITE_EXTRAS: Partial<Record<SiteEntity, SiteExtras>> = {
  exam: { load: async (row) => ({ sessions: await upcomingSessionsOf(row.id) }) },
  consultancy: { load: consultancyData, provider: true, rowPages: ['apply/'] },
  college: { load: async (row) => ({ branches: await branchesOf('college', row.id) }) },
  destination: { rowPages: ['plan/'], plan: '' },
  university: { plan: 'destination_id' },
  course: { plan: 'university_id.destination_id' },
};

export const extrasOf = (name: SiteEntity): SiteExtras => SITE_EXTRAS[name] ?? {};

/** The detail page data of a row: its entity's `load`, and the first-year estimate of those that have one (ESTIMATED). */
export async function detailData(name: SiteEntity, row: Row): Promise<DetailData> {
  return { ...(await extrasOf(name).load?.(row)), estimate: await estimateFor(name, row) };
}
