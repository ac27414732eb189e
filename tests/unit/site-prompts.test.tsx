// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({ modalSettings: vi.fn(), siteSettings: vi.fn(() => new Promise(() => {})) }));

import * as publicApi from '../../src/lib/api/public.ts';
import GuidancePrompt from '../../src/islands/GuidancePrompt.tsx';
import { guidanceAllowed } from '../../src/lib/site/prompts.ts';
import { $bookingOpen, $siteSettings, resetSettings } from '../../src/lib/stores/settings.ts';

const modalSettings = vi.mocked(publicApi.modalSettings);
const flush = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });

beforeEach(() => {
  sessionStorage.clear();
  resetSettings();
  $bookingOpen.set(false);
  modalSettings.mockResolvedValue({ hide_study_abroad_modal: false, hide_full_detail_modal: false });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function mount(path: string, detailTitle?: string) {
  const view = render(<GuidancePrompt path={path} detailTitle={detailTitle} />);
  await flush();
  return view;
}

describe('counsellor prompts: cards in the page flow, never dialogs (issue 22)', () => {
  it('offers guidance as a card, not a dialog, and "Not now" puts it away for the session', async () => {
    await mount('/university/');
    expect(screen.getByRole('region', { name: 'Planning to study abroad?' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region')).toBeNull();
    cleanup();
    await mount('/course/');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('a detail page offers the full details instead, naming the page', async () => {
    await mount('/university/aalborg/', 'Aalborg University');
    expect(screen.getByRole('region', { name: 'See the full details' }).textContent).toContain('Aalborg University');
    expect(screen.queryByRole('region', { name: 'Planning to study abroad?' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows nothing until the modal settings are known', async () => {
    modalSettings.mockReturnValue(new Promise(() => {}));
    await mount('/');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it.each([
    '/admin/',
    '/dashboard/',
    '/login/',
    '/consultancy/',
    '/consultancy/everest/apply/',
    '/track/',
    '/complaint/',
    '/booking/',
    '/my-profile/',
    '/offline/',
  ])('the guidance card is hidden on %s', async (path) => {
    expect(guidanceAllowed(path)).toBe(false);
    await mount(path);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('hide_study_abroad_modal hides the guidance card', async () => {
    modalSettings.mockResolvedValue({ hide_study_abroad_modal: true, hide_full_detail_modal: false });
    await mount('/');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('hide_full_detail_modal hides the full-details card', async () => {
    modalSettings.mockResolvedValue({ hide_study_abroad_modal: false, hide_full_detail_modal: true });
    await mount('/university/aalborg/', 'Aalborg University');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('leads into the booking dialog when a provider is configured', async () => {
    await mount('/');
    act(() =>
      $siteSettings.set({
        loading: false,
        data: {
          featured_counselling_consultancy_id: 1,
          featured_counselling_consultancy_name: 'X',
          featured_counselling_consultancy_slug: 'x',
          featured_counselling_consultancy_verified: false,
          show_counselling_bar: true,
        },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Get free guidance' }));
    expect($bookingOpen.get()).toBe(true);
  });
});
