import type { Review } from '../../lib/api/reviews.ts';
import { listRows, REVIEW_LIST } from './content.ts';

let byConsultancy: Promise<Map<number, Review[]>> | null = null;

/** A consultancy's reviews, newest first (the list's order), read once per build for every page. */
export async function reviewsOf(consultancyId: number): Promise<Review[]> {
  byConsultancy ??= listRows<Review>(REVIEW_LIST).then((rows) => {
    const out = new Map<number, Review[]>();
    for (const row of rows) {
      const list = out.get(row.consultancy_id) ?? [];
      list.push(row);
      out.set(row.consultancy_id, list);
    }
    return out;
  });
  return (await byConsultancy).get(consultancyId) ?? [];
}
