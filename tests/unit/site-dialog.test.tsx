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
  roadblockAds: vi.fn(async () => [
    {
      id: 1,
      placement: 'roadblock_ad',
      title: 'Study in Japan fair',
      redirect_url: 'https://example.com/',
      desktop_image_url: '/d.webp',
      mobile_image_url: '/m.webp',
    },
  ]),
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
import { AFTER_ROADBLOCK_MS, resetAutoDialogs } from '../../src/lib/site/autoDialogs.ts';

const flush = () =>
  act(async () => {
    for (let i = 0; i < 30; i++) await Promise.resolve();
  });
const BOOKING = 'Book FREE Study Abroad Counselling Session with Everest Education';
const key = (k: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(document.activeElement ?? document.body, { key: k, ...init });
const layer = (dialog: HTMLElement) => Number((dialog.parentElement as HTMLElement).style.zIndex);

beforeEach(() => {
  resetAutoDialogs();
  sessionStorage.clear();
  resetSettings();
  $bookingOpen.set(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('the roadblock ad and the 2 s booking dialog on a first visit', () => {
  it('keeps the booking dialog back while the ad is open, and opens it, with focus, a moment after the ad is closed', async () => {
    vi.useFakeTimers();
    render(<SiteChrome path="/" />);
    await flush();
    // the ad opens once its image is there
    fireEvent.load(document.querySelector('img[data-roadblock-preload]')!);
    await flush();
    const ad = screen.getByRole('dialog', { name: 'Study in Japan fair' });
    expect(ad.contains(document.activeElement)).toBe(true);
    act(() => void vi.advanceTimersByTime(AUTO_OPEN_MS));
    await flush();
    expect(screen.queryByRole('dialog', { name: BOOKING })).toBeNull();
    expect(ad.contains(document.activeElement)).toBe(true);
    key('Escape');
    await flush();
    expect(screen.queryByRole('dialog', { name: BOOKING })).toBeNull();
    act(() => void vi.advanceTimersByTime(AFTER_ROADBLOCK_MS));
    await flush();
    const booking = screen.getByRole('dialog', { name: BOOKING });
    expect(screen.queryByRole('dialog', { name: 'Study in Japan fair' })).toBeNull();
    expect(booking.contains(document.activeElement)).toBe(true);
    expect($dialogs.get()).toEqual([booking]);
  });
});

describe('dialog stack', () => {
  function Stacked() {
    const [lower, setLower] = useState(true);
    const [upper, setUpper] = useState(true);
    return (
      <>
        {lower && (
          <Dialog title="Lower" onClose={() => setLower(false)}>
            <button type="button">In lower</button>
          </Dialog>
        )}
        {upper && (
          <Dialog title="Upper" onClose={() => setUpper(false)}>
            <button type="button">First in upper</button>
            <button type="button">Last in upper</button>
          </Dialog>
        )}
      </>
    );
  }

  it('draws the newest dialog on top and gives it focus', () => {
    render(<Stacked />);
    const [lower, upper] = [screen.getByRole('dialog', { name: 'Lower' }), screen.getByRole('dialog', { name: 'Upper' })];
    expect(layer(upper)).toBeGreaterThan(layer(lower));
    expect(layer(lower)).toBeGreaterThanOrEqual(50); // above the banner (40)
    expect(upper.contains(document.activeElement)).toBe(true);
    expect($dialogs.get()).toEqual([lower, upper]);
  });

  it('Escape closes the dialog on top only, and focus goes back into the one below', async () => {
    render(<Stacked />);
    const lower = screen.getByRole('dialog', { name: 'Lower' });
    key('Escape');
    await flush();
    expect(screen.queryByRole('dialog', { name: 'Upper' })).toBeNull();
    expect(lower.contains(document.activeElement)).toBe(true);
    key('Escape');
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($dialogs.get()).toEqual([]);
  });

  it('Tab and Shift+Tab cycle inside the dialog on top, never into the one below', () => {
    render(<Stacked />);
    const upper = screen.getByRole('dialog', { name: 'Upper' });
    const [close, , last] = within(upper).getAllByRole('button');
    expect(document.activeElement).toBe(close);
    key('Tab', { shiftKey: true });
    expect(document.activeElement).toBe(last);
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
