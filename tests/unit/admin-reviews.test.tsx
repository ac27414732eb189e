// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/admin.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/admin.ts')>();
  return { ...real, getList: vi.fn(), moderate: vi.fn(), dropdown: vi.fn(async () => []) };
});
vi.mock('../../src/lib/api/reviews.ts', () => ({ myReviews: vi.fn(), replyToReview: vi.fn() }));

import * as adminApi from '../../src/lib/api/admin.ts';
import * as reviewApi from '../../src/lib/api/reviews.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import { ResourceList } from '../../src/admin/ResourceScreens.tsx';
import { DashboardReviews } from '../../src/admin/ReviewScreens.tsx';
import { $flash } from '../../src/lib/stores/adminFlash.ts';
import { resetListStores } from '../../src/lib/stores/adminList.ts';
import { $session } from '../../src/lib/stores/session.ts';

const api = vi.mocked(adminApi);
const reviews = vi.mocked(reviewApi);
const page = (results: Record<string, unknown>[]) => ({ count: results.length, next: null, previous: null, results: results as never });
const FLAGGED = {
  id: 4,
  tracking_code: '7K3Q-M9XA-2HPF-R4TW',
  consultancy_name: 'Everest Education',
  rating: 4.3,
  text: 'Great, five stars, best consultancy in Kathmandu.',
  signal_notes: ['Phone also on 2 other reviews (2 of this consultancy)'],
  removed: false,
  removed_reason: null,
};
const REVIEW = {
  id: 9,
  consultancy_id: 3,
  applied_month: '2026-03',
  honesty: 4,
  responsiveness: 5,
  visa_guidance: 3,
  rating: 4,
  text: 'Clear about every fee, quick on WhatsApp.',
  reply: null,
  replied_at: null,
  removed: false,
  removed_reason: null,
  created_at: '2026-11-19T05:00:00Z',
  updated_at: '2026-11-19T05:00:00Z',
};

beforeEach(() => {
  resetListStores();
  vi.clearAllMocks();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('reviews in the admin console', () => {
  it('lists reviews with their fraud signals and removes one with a reason, then restores it', async () => {
    api.getList
      .mockResolvedValueOnce(page([FLAGGED]))
      .mockResolvedValueOnce(page([{ ...FLAGGED, removed: true, removed_reason: 'Same phone as two others' }]));
    api.moderate.mockResolvedValue({ id: 4 });
    render(<ResourceList name="review" />);
    expect(await screen.findByText('Phone also on 2 other reviews (2 of this consultancy)')).toBeTruthy();
    const remove = screen.getByRole('button', { name: 'Remove' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(`Why remove ${FLAGGED.tracking_code}? (shown in its place)`), {
      target: { value: 'Same phone as two others' },
    });
    fireEvent.click(remove);
    await waitFor(() => expect(api.moderate).toHaveBeenCalledWith('review', 4, 'Same phone as two others'));
    await waitFor(() =>
      expect($flash.get()?.text).toBe(`Review ${FLAGGED.tracking_code} is removed: “Same phone as two others” shows in its place.`),
    );
    api.getList.mockResolvedValueOnce(page([FLAGGED]));
    fireEvent.click(await screen.findByRole('button', { name: `Restore ${FLAGGED.tracking_code}` }));
    await waitFor(() => expect(api.moderate).toHaveBeenCalledWith('review', 4, null));
    // reviews are not content: no form, no delete
    expect(screen.queryByRole('link', { name: /New review/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('posts the reason to the hide route and nothing to the restore route', async () => {
    const real = await vi.importActual<typeof adminApi>('../../src/lib/api/admin.ts');
    const sent: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (req: Request) => (sent.push(req.clone()), new Response('{"id":4}', { headers: { 'content-type': 'application/json' } })),
      ),
    );
    $session.setKey('access', 'token-1');
    await real.moderate('review', 4, 'Spam link');
    await real.moderate('review', 4, null);
    expect(sent.map((r) => [r.method, new URL(r.url).pathname])).toEqual([
      ['POST', '/api/consultancy-review/4/hide/'],
      ['POST', '/api/consultancy-review/4/restore/'],
    ]);
    expect(await sent[0]!.json()).toEqual({ reason: 'Spam link' });
    $session.setKey('access', null);
  });
});

describe("the consultancy's reviews screen", () => {
  it('replies once, publicly, and shows the reply after', async () => {
    reviews.myReviews
      .mockResolvedValueOnce(page([REVIEW]) as never)
      .mockResolvedValueOnce(page([{ ...REVIEW, reply: 'Thank you, and good luck!', replied_at: '2026-11-20T05:00:00Z' }]) as never);
    reviews.replyToReview.mockResolvedValue({} as never);
    render(<DashboardReviews />);
    expect(await screen.findByText('Clear about every fee, quick on WhatsApp.')).toBeTruthy();
    expect(screen.getByText(/Verified applicant, applied March 2026/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your public reply (once; it cannot be changed)'), {
      target: { value: 'Thank you, and good luck!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish reply' }));
    await waitFor(() => expect(reviews.replyToReview).toHaveBeenCalledWith(9, { reply: 'Thank you, and good luck!' }));
    expect(await screen.findByText('Your reply')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish reply' })).toBeNull();
  });

  it('shows why a reply was refused', async () => {
    reviews.myReviews.mockResolvedValue(page([REVIEW]) as never);
    reviews.replyToReview.mockRejectedValue(new ApiError('You have already replied to this review: a consultancy replies once.', 409));
    render(<DashboardReviews />);
    fireEvent.change(await screen.findByLabelText('Your public reply (once; it cannot be changed)'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish reply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already replied to this review: a consultancy replies once.');
  });

  it('says so when there are none', async () => {
    reviews.myReviews.mockResolvedValue(page([]) as never);
    render(<DashboardReviews />);
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
  });
});
