// @vitest-environment happy-dom
/** @jsxImportSource preact */
/**
 * Dialogs that open by themselves over a whole browser session (issue 22, src/lib/site/autoDialogs.ts):
 * the page's chrome as it runs on each page, with the roadblock ad and the banner both on.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({
  siteSettings: vi.fn(),
  modalSettings: vi.fn(async () => ({ hide_study_abroad_modal: false, hide_full_detail_modal: false })),
  roadblockAds: vi.fn(),
  pageview: vi.fn(async () => {}),
  loadDestinations: vi.fn(async () => []),
  loadExams: vi.fn(async () => []),
  me: vi.fn(),
  submitInquiry: vi.fn(),
}));

import * as publicApi from '../../src/lib/api/public.ts';
import '../../src/islands/BookingDialog.tsx'; // cached, so the banner's lazy import resolves at once
import SiteChrome from '../../src/islands/SiteChrome.tsx';
import { AUTO_OPEN_MS } from '../../src/islands/CounsellingBanner.tsx';
import { AFTER_ROADBLOCK_MS, QUIET_AFTER_INPUT_MS, resetAutoDialogs, startPageView } from '../../src/lib/site/autoDialogs.ts';
import { $bookingOpen, resetSettings } from '../../src/lib/stores/settings.ts';

const SETTINGS = {
  featured_counselling_consultancy_id: 7,
  featured_counselling_consultancy_name: 'Everest Education',
  featured_counselling_consultancy_slug: 'everest-education',
  featured_counselling_consultancy_verified: false,
  show_counselling_bar: true,
};
const AD = {
  id: 3,
  placement: 'roadblock_ad',
  title: 'Study in Japan fair',
  redirect_url: '',
  desktop_image_url: '/media/ab/desk.webp',
  mobile_image_url: '/media/cd/mob.webp',
  desktop_image_2x_url: null,
  mobile_image_2x_url: null,
};
const BOOKING = 'Book FREE Study Abroad Counselling Session with Everest Education';
const api = vi.mocked(publicApi);
const flush = () =>
  act(async () => {
    for (let i = 0; i < 30; i++) await Promise.resolve();
  });
const advance = async (ms: number) => {
  act(() => void vi.advanceTimersByTime(ms));
  await flush();
};
/** the names of the dialogs open now */
const open = () =>
  screen
    .queryAllByRole('dialog')
    .map((d) => d.getAttribute('aria-labelledby') && document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent);
const imageLoads = async () => {
  const img = document.querySelector<HTMLImageElement>('img[data-roadblock-preload]');
  if (img) fireEvent.load(img);
  await flush();
};
const closeAll = async () => {
  for (const button of screen.queryAllByRole('button', { name: 'Close' })) fireEvent.click(button);
  await flush();
};

/** One page view: the chrome mounts on `path` (with `search` in the address), then `ms` pass, the visitor closing whatever opens. */
async function visit(path: string, ms = 30_000, search = '') {
  cleanup();
  startPageView();
  history.replaceState(null, '', `${path}${search}`);
  render(<SiteChrome path={path} />);
  await flush();
  await imageLoads();
  const seen: string[] = [];
  for (let t = 0; t < ms; t += 500) {
    await advance(500);
    for (const name of open()) if (name && !seen.includes(name)) seen.push(name);
    await closeAll();
  }
  return seen;
}

beforeEach(() => {
  vi.useFakeTimers();
  resetAutoDialogs();
  resetSettings();
  sessionStorage.clear();
  $bookingOpen.set(false);
  api.siteSettings.mockResolvedValue(SETTINGS);
  api.roadblockAds.mockResolvedValue([AD]);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('at most two dialogs open by themselves in a browser session', () => {
  it('the roadblock ad and then the booking dialog, on the first page; nothing on the four pages after it', async () => {
    const first = await visit('/university/');
    expect(first).toEqual(['Study in Japan fair', BOOKING]);
    for (const path of ['/course/', '/destination/', '/scholarship/', '/university/aalborg/']) {
      expect(await visit(path)).toEqual([]);
    }
  });

  it('the booking dialog opens a moment after the roadblock is closed, never at once', async () => {
    cleanup();
    render(<SiteChrome path="/" />);
    await flush();
    await imageLoads();
    await advance(AUTO_OPEN_MS);
    expect(open()).toEqual(['Study in Japan fair']);
    await closeAll();
    await advance(AFTER_ROADBLOCK_MS - 500);
    expect(open()).toEqual([]);
    await advance(500);
    expect(open()).toEqual([BOOKING]);
  });

  it('a task page first keeps the turn for the next page', async () => {
    expect(await visit('/track/')).toEqual([]);
    expect(await visit('/university/')).toEqual(['Study in Japan fair', BOOKING]);
  });
});

describe('none while the visitor types or uses a filter, nor within 10 s of their last input', () => {
  it('a dialog that comes due while the visitor types waits until 10 s after the last key', async () => {
    api.roadblockAds.mockResolvedValue([]);
    cleanup();
    render(
      <>
        <form role="search">
          <input aria-label="Search courses" type="search" />
        </form>
        <SiteChrome path="/course/" />
      </>,
    );
    await flush();
    const field = screen.getByRole('searchbox');
    field.focus();
    // typing through the 2 s and beyond
    for (let i = 0; i < 6; i++) {
      fireEvent.keyDown(field, { key: 'a' });
      fireEvent.input(field, { target: { value: 'a'.repeat(i + 1) } });
      await advance(1000);
    }
    expect($bookingOpen.get()).toBe(false);
    // done: the field loses focus; 10 s after the last key, and not before, the dialog opens
    field.blur();
    await advance(QUIET_AFTER_INPUT_MS - 1000 - 500);
    expect($bookingOpen.get()).toBe(false);
    await advance(500);
    expect(open()).toEqual([BOOKING]);
  });

  it('a tap on a filter counts as input too; a focused field holds every dialog however long', async () => {
    api.roadblockAds.mockResolvedValue([]);
    cleanup();
    render(
      <>
        <form>
          <select aria-label="Destination">
            <option>Australia</option>
          </select>
        </form>
        <SiteChrome path="/course/" />
      </>,
    );
    await flush();
    const select = screen.getByRole('combobox', { name: 'Destination' });
    fireEvent.pointerDown(select);
    select.focus();
    await advance(60_000);
    expect($bookingOpen.get()).toBe(false);
    select.blur();
    await advance(500);
    expect(open()).toEqual([BOOKING]);
  });
});

describe('none from a mailed link', () => {
  it('a session that begins from a link of our mails (via=mail) stays quiet, and the marker leaves the address', async () => {
    expect(await visit('/university/', 30_000, '?via=mail')).toEqual([]);
    expect(location.search).toBe('');
    expect(await visit('/course/')).toEqual([]);
    expect(api.roadblockAds).not.toHaveBeenCalled();
  });

  it('the marker keeps the rest of the address', async () => {
    expect(await visit('/track/', 1000, '?code=AB12-CD34&via=mail')).toEqual([]);
    expect(location.search).toBe('?code=AB12-CD34');
  });
});
