/**
 * Reviews of a consultancy, written only by someone who applied to it through us: the holder of an
 * application's tracking code, once the consultancy has acted on that application.
 */

/** The aspects a review rates, 1 to 5 each, in the order they are asked and shown. */
export const ASPECTS = ['honesty', 'responsiveness', 'visa_guidance'] as const;
export type Aspect = (typeof ASPECTS)[number];

export const ASPECT_LABELS: Record<Aspect, string> = {
  honesty: 'Honesty about costs',
  responsiveness: 'Responsiveness',
  visa_guidance: 'Visa guidance',
};

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Long enough to say something, short enough to read on a phone. */
export const TEXT_MIN = 30;
export const TEXT_MAX = 2000;
export const REPLY_MIN = 2;
export const REPLY_MAX = 2000;
export const REASON_MIN = 5;
export const REASON_MAX = 300;

/** Statuses only the consultancy moves an application to; the applicant's own moves are 'submitted' and 'withdrawn'. */
export const APPLICANT_STATUSES = ['submitted', 'withdrawn'] as const;

/** The consultancy has acted on an application when its history holds a status the consultancy set. */
export const consultancyActed = (history: readonly string[]) =>
  history.some((status) => !(APPLICANT_STATUSES as readonly string[]).includes(status));

/**
 * A burst: at least `reviews` reviews of one consultancy written within `hours` of each other.
 * Real applicants of one consultancy rarely review it within the same day.
 */
export const BURST = { reviews: 5, hours: 24 } as const;

/** The overall rating of one review: the mean of its aspects. */
export const overallOf = (r: Record<Aspect, number>) => ASPECTS.reduce((sum, a) => sum + r[a], 0) / ASPECTS.length;
