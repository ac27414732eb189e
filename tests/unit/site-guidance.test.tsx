// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({ modalSettings: vi.fn(), siteSettings: vi.fn() }));

import * as publicApi from '../../src/lib/api/public.ts';
import { GUIDANCE_DELAY_MS, GuidanceModal, guidanceAllowed } from '../../src/islands/GuidanceModal.tsx';
import { resetAutoDialogs, startPageView } from '../../src/lib/site/autoDialogs.ts';
import { $bookingOpen, $siteSettings, resetSettings } from '../../src/lib/stores/settings.ts';

const modalSettings = vi.mocked(publicApi.modalSettings);
const flush = () => act(async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
});

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  resetAutoDialogs();
  resetSettings();
  $bookingOpen.set(false);
  modalSettings.mockResolvedValue({ hide_study_abroad_modal: false, hide_full_detail_modal: false });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

async function mount(path: string) {
  render(<GuidanceModal path={path} />);
  await flush();
  act(() => void vi.advanceTimersByTime(GUIDANCE_DELAY_MS));
  await flush();
}

describe('study-abroad guidance modal (SPEC §2, issue 4)', () => {
  it('offers free guidance after a while, once per session', async () => {
    await mount('/university/');
    expect(screen.getByRole('dialog', { name: 'Planning to study abroad?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    cleanup();
    startPageView();
    await mount('/course/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each(['/admin/', '/dashboard/', '/login/', '/consultancy/', '/consultancy/everest/', '/consultancy/everest/apply/'])('is hidden on %s', async (path) => {
    expect(guidanceAllowed(path)).toBe(false);
    await mount(path);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the modal settings only when it is due, not with the page (issue 22)', async () => {
    render(<GuidanceModal path="/university/" />);
    await flush();
    expect(modalSettings).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(GUIDANCE_DELAY_MS));
    await flush();
    expect(modalSettings).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Planning to study abroad?' })).toBeTruthy();
  });

  it('is hidden when the modal settings say hide_study_abroad_modal', async () => {
    modalSettings.mockResolvedValue({ hide_study_abroad_modal: true, hide_full_detail_modal: false });
    await mount('/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leads into the booking flow when a provider is configured', async () => {
    $siteSettings.set({ loading: false, data: { featured_counselling_consultancy_id: 1, featured_counselling_consultancy_name: 'X', featured_counselling_consultancy_slug: 'x', featured_counselling_consultancy_verified: false, show_counselling_bar: true } });
    await mount('/');
    fireEvent.click(screen.getByRole('button', { name: 'Get free guidance' }));
    expect($bookingOpen.get()).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Planning to study abroad?' })).toBeNull();
  });

  it('waits while the booking dialog is open', async () => {
    $bookingOpen.set(true);
    await mount('/');
    expect(screen.queryByRole('dialog', { name: 'Planning to study abroad?' })).toBeNull();
    act(() => $bookingOpen.set(false));
    await flush();
    expect(screen.getByRole('dialog', { name: 'Planning to study abroad?' })).toBeTruthy();
  });

  it('closes on Escape', async () => {
    await mount('/');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
