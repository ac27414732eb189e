// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/reviews.ts', () => ({ checkReview: vi.fn(), submitReview: vi.fn(), editReview: vi.fn() }));

import * as reviewApi from '../../src/lib/api/reviews.ts';
import type { Review as ReviewRow, ReviewState } from '../../src/lib/api/reviews.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import Review from '../../src/islands/Review.tsx';
import { stars, summarize, summaryText } from '../../src/lib/site/reviews.ts';

const api = vi.mocked(reviewApi);
const flush = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });

const REFUSAL = 'Everest Education has not started working on this application yet, so it cannot be reviewed.';
const STATE: ReviewState = {
  tracking_code: '7K3Q-M9XA-2HPF-R4TW',
  consultancy: { id: 3, name: 'Everest Education', slug: 'everest' },
  applied_month: '2026-03',
  acted: true,
  refusal: null,
  review: null,
};
const WRITTEN = {
  applied_month: '2026-03',
  honesty: 4,
  responsiveness: 5,
  visa_guidance: 3,
  rating: 4,
  text: 'They told me every fee up front and answered within a day.',
  reply: 'Thank you!',
  replied_at: '2026-11-20T05:00:00Z',
  removed: false,
  removed_reason: null,
  created_at: '2026-11-19T05:00:00Z',
  updated_at: '2026-11-20T05:00:00Z',
};

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

const enter = async (code = STATE.tracking_code) => {
  fireEvent.change(screen.getByLabelText('Tracking code'), { target: { value: code } });
  fireEvent.submit(screen.getByRole('button', { name: 'Continue' }).closest('form')!);
  await flush();
};
const rate = (aspect: string, n: number) =>
  fireEvent.click(screen.getByRole('group', { name: `${aspect} *` }).querySelector(`input[value="${n}"]`)!);

describe('the review page (/review/)', () => {
  it('refuses plainly while the consultancy has not acted, with no form', async () => {
    api.checkReview.mockResolvedValue({ ...STATE, acted: false, refusal: REFUSAL });
    render(<Review />);
    await enter();
    expect(screen.getByRole('alert').textContent).toBe(REFUSAL);
    expect(screen.queryByRole('button', { name: 'Publish review' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See where your application stands' }).getAttribute('href')).toBe(
      '/track/?code=7K3Q-M9XA-2HPF-R4TW',
    );
  });

  it("says 'Tracking code not found' for a wrong code", async () => {
    api.checkReview.mockRejectedValue(new ApiError('Tracking code not found', 404));
    render(<Review />);
    await enter('NOPE');
    expect(screen.getByRole('alert').querySelector('.error')!.textContent).toBe('Tracking code not found');
  });

  it('publishes a first review with the three ratings and the text, as a verified applicant', async () => {
    api.checkReview.mockResolvedValue(STATE);
    api.submitReview.mockRejectedValueOnce(new ApiError('Some values are not valid.', 400, { text: ['Must be at least 30 characters'] }));
    render(<Review />);
    await enter();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Review Everest Education');
    expect(screen.getByText(/Verified applicant, applied March 2026/)).toBeTruthy();
    rate('Honesty about costs', 4);
    rate('Responsiveness', 5);
    rate('Visa guidance', 3);
    fireEvent.input(screen.getByLabelText(/Your experience/), { target: { value: 'Too short' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Publish review' }).closest('form')!);
    await flush();
    expect(api.submitReview).toHaveBeenCalledWith('7K3Q-M9XA-2HPF-R4TW', {
      honesty: 4,
      responsiveness: 5,
      visa_guidance: 3,
      text: 'Too short',
    });
    expect(screen.getByText('Must be at least 30 characters')).toBeTruthy();
    api.submitReview.mockResolvedValueOnce({ ...STATE, review: { ...WRITTEN, reply: null, replied_at: null } });
    fireEvent.input(screen.getByLabelText(/Your experience/), { target: { value: WRITTEN.text } });
    fireEvent.submit(screen.getByRole('button', { name: 'Publish review' }).closest('form')!);
    await flush();
    expect(screen.getByRole('status').textContent).toMatch(/your review is published/);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Edit your review of Everest Education');
  });

  it('edits an existing review from a prefilled form, sending only what changed, and shows the reply', async () => {
    api.checkReview.mockResolvedValue({ ...STATE, review: WRITTEN });
    render(<Review />);
    await enter();
    expect((screen.getByLabelText(/Your experience/) as HTMLTextAreaElement).value).toBe(WRITTEN.text);
    expect(screen.getByText('Reply from Everest Education')).toBeTruthy();
    fireEvent.submit(screen.getByRole('button', { name: 'Save changes' }).closest('form')!);
    await flush();
    expect(api.editReview).not.toHaveBeenCalled();
    expect(screen.getByText('Nothing was changed.')).toBeTruthy();
    rate('Honesty about costs', 2);
    api.editReview.mockResolvedValueOnce({ ...STATE, review: { ...WRITTEN, honesty: 2 } });
    fireEvent.submit(screen.getByRole('button', { name: 'Save changes' }).closest('form')!);
    await flush();
    expect(api.editReview).toHaveBeenCalledWith('7K3Q-M9XA-2HPF-R4TW', { honesty: 2 });
    expect(screen.getByRole('status').textContent).toMatch(/changes are saved/);
  });

  it('tells the author when an admin removed the review, and why', async () => {
    api.checkReview.mockResolvedValue({ ...STATE, review: { ...WRITTEN, removed: true, removed_reason: 'Names a counsellor' } });
    render(<Review />);
    await enter();
    expect(screen.getByText(/An admin removed this review from the page: Names a counsellor/)).toBeTruthy();
  });
});

describe('review summaries on the consultancy page', () => {
  const row = (honesty: number, responsiveness: number, visa_guidance: number, removed = false): ReviewRow =>
    ({
      id: 1,
      consultancy_id: 3,
      ...WRITTEN,
      honesty,
      responsiveness,
      visa_guidance,
      removed,
      removed_reason: removed ? 'Spam' : null,
    }) as ReviewRow;

  it('averages each aspect and overall over the reviews not removed', () => {
    const summary = summarize([row(5, 4, 4), row(4, 5, 3), row(1, 1, 1, true)]);
    expect(summary.count).toBe(2);
    expect(summary.overall).toBeCloseTo(25 / 6);
    expect(summary.aspects.map((a) => [a.label, a.average])).toEqual([
      ['Honesty about costs', 4.5],
      ['Responsiveness', 4.5],
      ['Visa guidance', 3.5],
    ]);
    expect(summaryText(summary)).toBe('4.2 from 2 reviews');
    expect(summaryText(summarize([row(5, 4, 4)]))).toBe('4.3 from 1 review');
  });

  it('says "No reviews yet" plainly, removed ones not counted', () => {
    expect(summaryText(summarize([]))).toBe('No reviews yet');
    expect(summaryText(summarize([row(5, 5, 5, true)]))).toBe('No reviews yet');
  });

  it('draws five stars, as many filled as the rating rounds to', () => {
    expect(stars(4.3)).toBe('★★★★☆');
    expect(stars(1)).toBe('★☆☆☆☆');
    expect(stars(5)).toBe('★★★★★');
  });
});
