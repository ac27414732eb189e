// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({
  siteSettings: vi.fn(),
  modalSettings: vi.fn(async () => ({ hide_study_abroad_modal: false, hide_full_detail_modal: false })),
  loadDestinations: vi.fn(async () => []),
  loadExams: vi.fn(async () => []),
  me: vi.fn(async () => null),
  submitInquiry: vi.fn(),
}));

import * as publicApi from '../../src/lib/api/public.ts';
import '../../src/islands/BookingDialog.tsx'; // cached, so the lazy import resolves at once
import { AUTO_OPEN_MS, CounsellingBanner } from '../../src/islands/CounsellingBanner.tsx';
import { $bookingOpen, $siteSettings, resetSettings } from '../../src/lib/stores/settings.ts';
import { claimAutoOpen, mayOpenByItself, resetAutoDialogs, startPageView } from '../../src/lib/site/autoDialogs.ts';
import { $booked, resetBooking } from '../../src/lib/stores/booking.ts';

const settings = {
  featured_counselling_consultancy_id: 7,
  featured_counselling_consultancy_name: 'Everest Education',
  featured_counselling_consultancy_slug: 'everest-education',
  featured_counselling_consultancy_verified: false,
  show_counselling_bar: true,
};
const siteSettings = vi.mocked(publicApi.siteSettings);
const flush = () =>
  act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
const BANNER_TEXT = 'Need guidance? Study Abroad FREE counseling with Everest Education';

beforeEach(() => {
  resetAutoDialogs();
  resetBooking();
  resetSettings();
  $bookingOpen.set(false);
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

async function mount(value: unknown, provider?: { verified?: boolean; claimed?: boolean }, path = '/') {
  if (value instanceof Error) siteSettings.mockRejectedValue(value);
  else siteSettings.mockResolvedValue(value as typeof settings);
  const view = render(<CounsellingBanner provider={provider} path={path} />);
  await flush();
  return view;
}

const banner = () => screen.queryByRole('complementary', { name: 'Free counselling' });

describe('counselling banner (SPEC §2, §4)', () => {
  it('is hidden while the settings load', async () => {
    siteSettings.mockReturnValue(new Promise(() => {}));
    render(<CounsellingBanner path="/" />);
    await flush();
    expect($siteSettings.get().loading).toBe(true);
    expect(banner()).toBeNull();
  });

  it('shows the exact text and a Book Now button when every condition holds', async () => {
    await mount(settings);
    expect(banner()?.textContent).toContain(BANNER_TEXT);
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeTruthy();
  });

  it.each([
    ['the settings call fails', new Error('boom'), undefined],
    ['no provider id', { ...settings, featured_counselling_consultancy_id: null }, undefined],
    ['no provider name', { ...settings, featured_counselling_consultancy_name: '' }, undefined],
    ['show_counselling_bar is off', { ...settings, show_counselling_bar: false }, undefined],
    ['the provider page is verified', settings, { verified: true, claimed: false }],
    ['the provider page is claimed', settings, { verified: false, claimed: true }],
  ])('is hidden when %s', async (_, value, provider) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mount(value, provider);
    expect(banner()).toBeNull();
    act(() => void vi.advanceTimersByTime(AUTO_OPEN_MS * 2));
    expect($bookingOpen.get()).toBe(false);
  });

  it('is shown on an unverified, unclaimed provider page', async () => {
    await mount(settings, { verified: false, claimed: false });
    expect(banner()).not.toBeNull();
  });

  it('opens the booking dialog by itself exactly 2000 ms after it is shown', async () => {
    expect(AUTO_OPEN_MS).toBe(2000);
    await mount(settings);
    act(() => void vi.advanceTimersByTime(1999));
    expect($bookingOpen.get()).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect($bookingOpen.get()).toBe(true);
    await flush();
    expect(screen.getByRole('dialog', { name: 'Book FREE Study Abroad Counselling Session with Everest Education' })).toBeTruthy();
  });

  it('opens the dialog with Book Now, and its close button closes it', async () => {
    await mount(settings);
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await flush();
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect($bookingOpen.get()).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('after a booking (issue 22)', () => {
  it('the banner gives way to a lasting notice: the reference, who calls, on which number, when; OK puts it away', async () => {
    $booked.set({ reference: 'B-00012', provider: 'Everest Education', phone: '9800000000', email: 'sita@example.com', days: 2 });
    await mount(settings);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain(
      'Booked: your reference is B-00012. Everest Education will call you on 9800000000 within 2 working days',
    );
    expect(notice.textContent).toContain('sita@example.com');
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect($booked.get()).toBeNull();
    expect(banner()).not.toBeNull();
  });
});

describe('dialogs that open by themselves (issue 11: our reading of SPEC §2)', () => {
  it('opens the booking dialog by itself once per browser session: not again on the next page', async () => {
    await mount(settings, undefined, '/university/');
    act(() => void vi.advanceTimersByTime(AUTO_OPEN_MS));
    expect($bookingOpen.get()).toBe(true);
    cleanup();
    $bookingOpen.set(false);
    startPageView();
    await mount(settings, undefined, '/course/');
    expect(banner()).not.toBeNull();
    act(() => void vi.advanceTimersByTime(AUTO_OPEN_MS * 5));
    expect($bookingOpen.get()).toBe(false);
  });

  it('remembers it in a session cookie, which every tab of the browser shares', async () => {
    await mount(settings, undefined, '/university/');
    act(() => void vi.advanceTimersByTime(AUTO_OPEN_MS));
    expect(document.cookie).toMatch(/auto_dialogs=[^;]*\bbooking\b/);
  });

  it("counts Book Now before the 2 s as the session's booking dialog: it does not open again by itself", async () => {
    await mount(settings, undefined, '/university/');
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => void vi.advanceTimersByTime(AUTO_OPEN_MS * 10));
    expect($bookingOpen.get()).toBe(false);
  });

  it.each(['/track/', '/complaint/', '/login/', '/search/', '/404', '/consultancy/everest/apply/'])(
    'never opens by itself on the task page %s, where the banner still shows',
    async (path) => {
      await mount(settings, undefined, path);
      expect(banner()).not.toBeNull();
      act(() => void vi.advanceTimersByTime(AUTO_OPEN_MS * 5));
      expect($bookingOpen.get()).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
      expect($bookingOpen.get()).toBe(true);
    },
  );

  it('lets dialogs open by themselves on the first ordinary page of the session only', () => {
    expect(mayOpenByItself('booking', '/track/')).toBe(false);
    startPageView();
    expect(claimAutoOpen('roadblock', '/university/')).toBe(true);
    expect(claimAutoOpen('roadblock', '/university/')).toBe(false);
    startPageView();
    expect(mayOpenByItself('booking', '/course/')).toBe(false);
  });
});
