// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({
  modalSettings: vi.fn(async () => ({ hide_study_abroad_modal: false, hide_full_detail_modal: false })),
  siteSettings: vi.fn(),
  roadblockAds: vi.fn(async () => []),
  pageview: vi.fn(async () => {}),
  loadDestinations: vi.fn(async () => []),
  loadExams: vi.fn(async () => []),
  me: vi.fn(),
  submitInquiry: vi.fn(),
}));

import * as publicApi from '../../src/lib/api/public.ts';
import '../../src/islands/BookingDialog.tsx'; // cached, so the banner's lazy import resolves at once
import { AUTO_OPEN_MS } from '../../src/islands/CounsellingBanner.tsx';
import GuidancePrompt from '../../src/islands/GuidancePrompt.tsx';
import SiteChrome from '../../src/islands/SiteChrome.tsx';
import { bookingAvailable } from '../../src/lib/site/booking.ts';
import { $bookingOpen, resetSettings, type SiteSettingsState } from '../../src/lib/stores/settings.ts';
import { resetAutoDialogs, startPageView } from '../../src/lib/site/autoDialogs.ts';

const SETTINGS = {
  featured_counselling_consultancy_id: 7,
  featured_counselling_consultancy_name: 'Everest Education',
  featured_counselling_consultancy_slug: 'everest-education',
  featured_counselling_consultancy_verified: false,
  show_counselling_bar: true,
};
const BOOKING = 'Book FREE Study Abroad Counselling Session with Everest Education';
const siteSettings = vi.mocked(publicApi.siteSettings);
const flush = () =>
  act(async () => {
    for (let i = 0; i < 30; i++) await Promise.resolve();
  });

beforeEach(() => {
  resetAutoDialogs();
  sessionStorage.clear();
  resetSettings();
  $bookingOpen.set(false);
  siteSettings.mockResolvedValue(SETTINGS);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('bookingAvailable: the one rule for the banner and every booking offer (SPEC §2)', () => {
  const loaded: SiteSettingsState = { loading: false, data: SETTINGS };
  it('holds when the settings have loaded with a provider id and name, the bar is on, and the page is neither verified nor claimed', () => {
    expect(bookingAvailable(loaded)).toBe(true);
    expect(bookingAvailable(loaded, null)).toBe(true);
    expect(bookingAvailable(loaded, { verified: false, claimed: false })).toBe(true);
  });
  it.each<[string, SiteSettingsState, { verified?: boolean; claimed?: boolean } | undefined]>([
    ['settings loading', { loading: true, data: null }, undefined],
    ['settings call failed', { loading: false, data: null }, undefined],
    ['no provider id', { loading: false, data: { ...SETTINGS, featured_counselling_consultancy_id: null } }, undefined],
    ['no provider name', { loading: false, data: { ...SETTINGS, featured_counselling_consultancy_name: '' } }, undefined],
    ['bar off', { loading: false, data: { ...SETTINGS, show_counselling_bar: false } }, undefined],
    ['verified page', loaded, { verified: true }],
    ['claimed page', loaded, { claimed: true }],
  ])('fails when %s', (_, settings, provider) => {
    expect(bookingAvailable(settings, provider)).toBe(false);
  });
});

/** A page: the chrome (banner, booking dialog) and the counsellor card in the page flow. */
const page = (props: { path: string; provider?: { verified: boolean; claimed: boolean }; detailTitle?: string }) => (
  <>
    <SiteChrome path={props.path} provider={props.provider} />
    <GuidancePrompt {...props} />
  </>
);

describe('"see full details" card offers booking only when the booking dialog can open', () => {
  it.each([
    ['a verified provider page', { verified: true, claimed: false }],
    ['a claimed provider page', { verified: false, claimed: true }],
  ])('on %s it leads to the consultancy list instead', async (_, provider) => {
    render(page({ path: '/consultancy/x/', provider, detailTitle: 'X' }));
    await flush();
    expect(screen.getByRole('region', { name: 'See the full details' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Talk to a counsellor' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Find a counsellor' }).getAttribute('href')).toBe('/consultancy/');
  });

  it('with no provider name it leads to the consultancy list instead', async () => {
    siteSettings.mockResolvedValue({ ...SETTINGS, featured_counselling_consultancy_name: null });
    render(page({ path: '/university/x/', detailTitle: 'X' }));
    await flush();
    expect(screen.queryByRole('button', { name: 'Talk to a counsellor' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Find a counsellor' })).toBeTruthy();
  });

  it('when the banner is shown, "Talk to a counsellor" opens the booking dialog', async () => {
    render(page({ path: '/consultancy/x/', provider: { verified: false, claimed: false }, detailTitle: 'X' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Talk to a counsellor' }));
    await flush();
    expect(screen.getByRole('dialog', { name: BOOKING })).toBeTruthy();
  });
});

describe('guidance card offers booking only when the booking dialog can open', () => {
  it('with no provider name it leads to the consultancy list', async () => {
    siteSettings.mockResolvedValue({ ...SETTINGS, featured_counselling_consultancy_name: '' });
    render(page({ path: '/university/' }));
    await flush();
    expect(screen.getByRole('region', { name: 'Planning to study abroad?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get free guidance' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Find a consultancy' }).getAttribute('href')).toBe('/consultancy/');
  });

  it('the booking dialog opens by itself on the first page only; on the next the card still opens it', async () => {
    vi.useFakeTimers();
    render(page({ path: '/university/' }));
    await flush();
    act(() => void vi.advanceTimersByTime(AUTO_OPEN_MS));
    await flush();
    expect(screen.getByRole('dialog', { name: BOOKING })).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await flush();

    cleanup();
    startPageView();
    render(page({ path: '/course/' }));
    await flush();
    act(() => void vi.advanceTimersByTime(60_000));
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Get free guidance' }));
    await flush();
    expect(screen.getByRole('dialog', { name: BOOKING })).toBeTruthy();
  });
});
