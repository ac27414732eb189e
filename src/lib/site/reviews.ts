import { ASPECT_LABELS, ASPECTS, overallOf, type Aspect } from '../contract/reviews.ts';
import { countOf } from '../format.ts';
import type { Review } from '../api/reviews.ts';

/** What a consultancy's page says of its reviews: the averages over those not removed, and how many. */
export interface ReviewSummary {
  count: number;
  overall: number | null;
  aspects: { aspect: Aspect; label: string; average: number | null }[];
}

type Rated = Review & Record<Aspect, number>;
const rated = (r: Review): r is Rated => !r.removed && ASPECTS.every((a) => typeof r[a] === 'number');
const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : null);

export function summarize(reviews: Review[]): ReviewSummary {
  const shown = reviews.filter(rated);
  return {
    count: shown.length,
    overall: mean(shown.map(overallOf)),
    aspects: ASPECTS.map((aspect) => ({ aspect, label: ASPECT_LABELS[aspect], average: mean(shown.map((r) => r[aspect])) })),
  };
}

/** A rating as pages show it: one decimal, "4.0". */
export const ratingText = (n: number) => n.toFixed(1);

/** "4.3 from 12 reviews", or "No reviews yet". */
export const summaryText = (s: ReviewSummary) =>
  s.count && s.overall !== null ? `${ratingText(s.overall)} from ${countOf(s.count, 'review')}` : 'No reviews yet';

/** Five stars, as many filled as the rating rounds to (the number is always written beside them). */
export const stars = (n: number) => '★★★★★☆☆☆☆☆'.slice(5 - Math.round(n), 10 - Math.round(n));
