// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { useState } from 'preact/compat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({
  modalSettings: vi.fn(async () => ({ hide_study_abroad_modal: false, hide_full_detail_modal: false })),
  siteSettings: vi.fn(async () => ({
    featured_counselling_consultancy_id: 7,
    featured_counselling_consultancy_name: 'Everest Education',
    featured_counselling_consultancy_slug: 'everest-education',
    featured_counselling_consultancy_verified: false,
    show_counselling_bar: true,
  })),
  roadblockAds: vi.fn(async () => [{ id: 1, placement: 'roadblock_ad', title: 'Study in Japan fair', redirect_url: 'https://example.com/', desktop_image_url: '/d.webp', mobile_image_url: '/m.webp' }]),
  pageview: vi.fn(async () => {}),
  loadDestinations: vi.fn(async () => [{ id: 1, value: 1, label: 'Australia' }]),
  loadExams: vi.fn(async () => []),
  me: vi.fn(),
  submitInquiry: vi.fn(),
}));

import '../../src/islands/BookingDialog.tsx'; // cached, so the banner's lazy import resolves at once
import { BookingDialog } from '../../src/islands/BookingDialog.tsx';
import { AUTO_OPEN_MS } from '../../src/islands/CounsellingBanner.tsx';
import { Dialog } from '../../src/islands/Dialog.tsx';
import SiteChrome from '../../src/islands/SiteChrome.tsx';
import { $dialogs } from '../../src/lib/site/dialogs.ts';
import { $bookingOpen, resetSettings } from '../../src/lib/stores/settings.ts';

const flush = () => act(async () => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
});
const BOOKING = 'Book FREE Study Abroad Counselling Session with Everest Education';
const key = (k: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(document.activeElement ?? document.body, { key: k, ...init });
const layer = (dialog: HTMLElement) => Number((dialog.parentElement as HTMLElement).style.zIndex);

beforeEach(() => {
  sessionStorage.clear();
  resetSettings();
  $bookingOpen.set(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('dialog stack: the roadblock ad and the 2 s booking dialog on a first visit', () => {
  async function bothOpen() {
    vi.useFakeTimers();
    render(<SiteChrome path="/" />);
    await flush();
    const ad = screen.getByRole('dialog', { name: 'Study in Japan fair' });
    expect(ad.contains(document.activeElement)).toBe(true);
    act(() => void vi.advanceTimersByTime(AUTO_OPEN_MS));
    await flush();
    return { ad, booking: screen.getByRole('dialog', { name: BOOKING }) };
  }

  it('the booking dialog opens at 2000 ms on top of the ad, drawn above it and holding focus', async () => {
    const { ad, booking } = await bothOpen();
    expect(layer(booking)).toBeGreaterThan(layer(ad));
    expect(layer(ad)).toBeGreaterThanOrEqual(50); // above the banner (40)
    expect(booking.contains(document.activeElement)).toBe(true);
    expect($dialogs.get()).toEqual([ad, booking]);
  });

  it('Escape closes the dialog on top only, and focus goes back into the one below', async () => {
    const { ad } = await bothOpen();
    key('Escape');
    await flush();
    expect(screen.queryByRole('dialog', { name: BOOKING })).toBeNull();
    expect($bookingOpen.get()).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Study in Japan fair' })).toBe(ad);
    expect(ad.contains(document.activeElement)).toBe(true);
    key('Escape');
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($dialogs.get()).toEqual([]);
  });

  it('Tab and Shift+Tab cycle inside the dialog on top, never into the one below', async () => {
    const { booking } = await bothOpen();
    const close = within(booking).getByRole('button', { name: 'Close' });
    const submit = within(booking).getByRole('button', { name: 'Book my free session' });
    expect(document.activeElement).toBe(close);
    key('Tab', { shiftKey: true });
    expect(document.activeElement).toBe(submit);
    key('Tab');
    expect(document.activeElement).toBe(close);
  });
});

describe('focus trap once focus has left the dialog box', () => {
  it('Escape still closes and Tab comes back in when focus has dropped to <body>', async () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Plain" onClose={onClose}>
        <button type="button">Inside</button>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Plain' });
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    key('Tab');
    expect(dialog.contains(document.activeElement)).toBe(true);
    (document.activeElement as HTMLElement).blur();
    key('Tab', { shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    (document.activeElement as HTMLElement).blur();
    key('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('clearing the combobox leaves focus in its field, and Escape then closes the dialog', async () => {
    const onClose = vi.fn();
    render(<BookingDialog providerId={7} providerName="Everest Education" onClose={onClose} />);
    await flush();
    fireEvent.click(screen.getByLabelText('A study destination'));
    const combo = screen.getByRole('combobox');
    fireEvent.change(combo, { target: { value: 'aus' } });
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Australia' }));
    const clear = screen.getByRole('button', { name: 'Clear destination' });
    clear.focus();
    fireEvent.click(clear);
    await flush();
    expect(screen.queryByRole('button', { name: 'Clear destination' })).toBeNull();
    expect(document.activeElement).toBe(combo);
    key('Escape'); // first Escape closes the list the focused field opened
    key('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a dialog below that closes leaves focus in the one on top', async () => {
    let closeLower!: () => void;
    function Two() {
      const [lower, setLower] = useState(true);
      closeLower = () => setLower(false);
      return (
        <>
          {lower ? (
            <Dialog title="Lower" onClose={() => setLower(false)}>
              <button type="button">Lower button</button>
            </Dialog>
          ) : null}
          <Dialog title="Upper" onClose={() => {}}>
            <button type="button">Upper button</button>
          </Dialog>
        </>
      );
    }
    render(<Two />);
    await flush();
    const upper = screen.getByRole('dialog', { name: 'Upper' });
    screen.getByRole('button', { name: 'Upper button' }).focus();
    act(() => closeLower());
    await flush();
    expect(screen.queryByRole('dialog', { name: 'Lower' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upper button' }));
    expect($dialogs.get()).toEqual([upper]);
  });
});
