import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REASON_MAX, REASON_MIN, REPLY_MAX, REPLY_MIN, TEXT_MAX, TEXT_MIN } from '../reviews.ts';
import { honeypot, plainText } from '../values.ts';

/** Request bodies of a review (by tracking code), its edit, the consultancy's reply and an admin's removal. */

const rating = z.preprocess(
  (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: `Choose ${RATING_MIN} to ${RATING_MAX} stars` })
    .int(`Choose ${RATING_MIN} to ${RATING_MAX} stars`)
    .min(RATING_MIN, `Choose ${RATING_MIN} to ${RATING_MAX} stars`)
    .max(RATING_MAX, `Choose ${RATING_MIN} to ${RATING_MAX} stars`),
);

const review = {
  honesty: rating,
  responsiveness: rating,
  visa_guidance: rating,
  text: plainText(TEXT_MAX, TEXT_MIN),
};

export const reviewForm = z.strictObject({ tracking_code: plainText(40, 1), ...review, ...honeypot });
export const reviewChanges = z.strictObject(review).partial();
export const replyForm = z.strictObject({ reply: plainText(REPLY_MAX, REPLY_MIN) });
export const hideForm = z.strictObject({ reason: plainText(REASON_MAX, REASON_MIN) });
