import { atom } from 'nanostores';
import { checkReview, editReview, submitReview, type ReviewInput, type ReviewState } from '../api/reviews.ts';
import { ApiError } from '../api/client.ts';
import { ASPECTS } from '../contract/reviews.ts';

/** SPEC §8's wording for a tracking code that names no application. */
export const NOT_FOUND = 'Tracking code not found';
export const SAVE_FAILED = 'Your review was not saved';

export interface ReviewFailure {
  text: string;
  detail?: string;
  fields?: Record<string, string[]>;
}

export interface ReviewPageState {
  state: ReviewState | null;
  busy: boolean;
  /** what the last save did */
  saved: 'created' | 'updated' | null;
  error: ReviewFailure | null;
  errorIn: 'check' | 'save' | null;
}

const failure = (text: string, err: unknown): ReviewFailure => ({
  text,
  detail: err instanceof Error && err.message && err.message !== text ? err.message : undefined,
  fields: err instanceof ApiError ? err.fields : undefined,
});

/** What of the form differs from the review as it stands (all of it for a first review). */
export function reviewChangesOf(input: ReviewInput, current: ReviewState['review']): Partial<ReviewInput> {
  if (!current) return input;
  const out: Partial<ReviewInput> = {};
  for (const aspect of ASPECTS) if (input[aspect] !== current[aspect]) out[aspect] = input[aspect];
  if (input.text.trim() !== current.text) out.text = input.text;
  return out;
}

/** The review page's state and actions: look a code up, then write the review or change it. */
export function createReviewStore() {
  const $review = atom<ReviewPageState>({ state: null, busy: false, saved: null, error: null, errorIn: null });
  const set = (patch: Partial<ReviewPageState>) => $review.set({ ...$review.get(), ...patch });

  return {
    $review,
    async check(code: string): Promise<boolean> {
      if (!code.trim()) return false;
      set({ busy: true, error: null, errorIn: null, saved: null });
      try {
        set({ state: await checkReview(code), busy: false });
        return true;
      } catch (err) {
        set({ state: null, busy: false, error: failure(NOT_FOUND, err), errorIn: 'check' });
        return false;
      }
    },
    async save(input: ReviewInput): Promise<boolean> {
      const current = $review.get().state;
      if (!current) return false;
      const changes = reviewChangesOf(input, current.review);
      if (Object.keys(changes).length === 0) {
        set({ error: { text: SAVE_FAILED, detail: 'Nothing was changed.' }, errorIn: 'save', saved: null });
        return false;
      }
      set({ busy: true, error: null, errorIn: null, saved: null });
      try {
        const state = current.review ? await editReview(current.tracking_code, changes) : await submitReview(current.tracking_code, input);
        set({ state, busy: false, saved: current.review ? 'updated' : 'created' });
        return true;
      } catch (err) {
        set({ busy: false, error: failure(SAVE_FAILED, err), errorIn: 'save' });
        return false;
      }
    },
  };
}
export type ReviewStore = ReturnType<typeof createReviewStore>;
