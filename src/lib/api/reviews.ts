import type { z } from 'zod';
import type { replyForm, reviewChanges, reviewForm } from '../contract/bodies/reviews.ts';
import { requireDashboard } from '../forms/guards.ts';
import { call, json, type Page } from './client.ts';

/** The review calls: by tracking code (public), the consultancy's reply (dashboard); admins use the console's data provider. */

export interface Review {
  id: number;
  consultancy_id: number;
  /** "2026-03": the month applied, all the public learns of the applicant */
  applied_month: string;
  honesty: number | null;
  responsiveness: number | null;
  visa_guidance: number | null;
  /** the mean of the aspects, one decimal; null when removed */
  rating: number | null;
  text: string | null;
  reply: string | null;
  replied_at: string | null;
  removed: boolean;
  removed_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** GET /consultancy-review/check/{code}/: what the holder of a tracking code may do. */
export interface ReviewState {
  tracking_code: string;
  consultancy: { id: number; name: string; slug: string };
  applied_month: string;
  /** the consultancy has acted on the application: it may be reviewed */
  acted: boolean;
  /** why it may not be reviewed yet */
  refusal: string | null;
  review: (Omit<Review, 'id' | 'consultancy_id'> & { honesty: number; responsiveness: number; visa_guidance: number; text: string }) | null;
}

export type ReviewInput = Omit<z.infer<typeof reviewForm>, 'tracking_code' | 'website'>;

const codePath = (action: 'check' | 'edit', code: string) => `consultancy-review/${action}/${encodeURIComponent(code.trim())}/`;

export const checkReview = (code: string) => call('Tracking code not found', json<ReviewState>(codePath('check', code)));

export const submitReview = (code: string, review: ReviewInput) =>
  call(
    'Failed to submit review',
    json<ReviewState>('consultancy-review/submit/', { method: 'post', json: { tracking_code: code.trim(), ...review } }),
  );

export const editReview = (code: string, changes: z.infer<typeof reviewChanges>) =>
  call('Failed to update review', json<ReviewState>(codePath('edit', code), { method: 'patch', json: changes }));

export async function myReviews(page = 1): Promise<Page<Review>> {
  requireDashboard('consultancy');
  return call('Failed to fetch reviews', json<Page<Review>>('consultancy/dashboard/reviews/', { searchParams: { page } }));
}

export async function replyToReview(id: number, body: z.infer<typeof replyForm>): Promise<Review> {
  requireDashboard('consultancy');
  return call('Failed to send reply', json<Review>(`consultancy/dashboard/reviews/${id}/reply/`, { method: 'post', json: body }));
}
