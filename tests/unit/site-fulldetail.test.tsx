// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({
  modalSettings: vi.fn(),
  siteSettings: vi.fn(() => new Promise(() => {})),
  roadblockAds: vi.fn(async () => []),
  pageview: vi.fn(async () => {}),
}));

import * as publicApi from '../../src/lib/api/public.ts';
import { FullDetailPrompt } from '../../src/islands/FullDetailPrompt.tsx';
import { resetAutoDialogs, startPageView } from '../../src/lib/site/autoDialogs.ts';
import SiteChrome from '../../src/islands/SiteChrome.tsx';
import { $bookingOpen, $siteSettings, resetSettings } from '../../src/lib/stores/settings.ts';
import { $session } from '../../src/lib/stores/session.ts';

const modalSettings = vi.mocked(publicApi.modalSettings);
const flush = () => act(async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
});
const scrollTo = (share: number) => {
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: 4000, configurable: true });
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
  Object.defineProperty(window, 'scrollY', { value: share * 4000 - 800, configurable: true });
  act(() => {
    fireEvent.scroll(window);
  });
};

beforeEach(() => {
  sessionStorage.clear();
  resetAutoDialogs();
  resetSettings();
  $bookingOpen.set(false);
  modalSettings.mockResolvedValue({ hide_study_abroad_modal: false, hide_full_detail_modal: false });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('"see full details" prompt (issue 4: hide_full_detail_modal)', () => {
  it('comes up once the visitor has read most of a detail page, once per session', async () => {
    render(<FullDetailPrompt title="Aalborg University" />);
    await flush();
    scrollTo(0.5);
    expect(screen.queryByRole('dialog')).toBeNull();
    scrollTo(0.9);
    expect(screen.getByRole('dialog', { name: 'See the full details' }).textContent).toContain('Aalborg University');
    fireEvent.click(screen.getByRole('button', { name: 'Keep reading' }));
    cleanup();
    startPageView();
    render(<FullDetailPrompt title="Other" />);
    await flush();
    scrollTo(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never comes up when the modal settings say hide_full_detail_modal', async () => {
    modalSettings.mockResolvedValue({ hide_study_abroad_modal: false, hide_full_detail_modal: true });
    render(<FullDetailPrompt title="X" />);
    await flush();
    scrollTo(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leads into the booking dialog when a provider is configured', async () => {
    $siteSettings.set({ loading: false, data: { featured_counselling_consultancy_id: 1, featured_counselling_consultancy_name: 'X', featured_counselling_consultancy_slug: 'x', featured_counselling_consultancy_verified: false, show_counselling_bar: true } });
    render(<FullDetailPrompt title="X" />);
    await flush();
    scrollTo(1);
    fireEvent.click(screen.getByRole('button', { name: 'Talk to a counsellor' }));
    expect($bookingOpen.get()).toBe(true);
  });
});

describe('site chrome island', () => {
  it('restores the session and sends one pageview with the institute of the page', async () => {
    $session.set({ access: null, refresh: null, user: null, loading: true });
    render(<SiteChrome path="/consultancy/everest/" institute={{ type: 'consultancy', id: 9 }} provider={{ verified: false, claimed: false }} />);
    await flush();
    expect($session.get().loading).toBe(false);
    expect(publicApi.pageview).toHaveBeenCalledTimes(1);
    expect(vi.mocked(publicApi.pageview).mock.calls[0]![0]).toMatchObject({ institute_type: 'consultancy', institute_id: 9 });
  });
});
