// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Flash } from '../../src/admin/Flash.tsx';
import { $flash, dismissFlash, flash, FLASH_MS, updateFlash } from '../../src/lib/stores/adminFlash.ts';

afterEach(() => {
  dismissFlash();
  cleanup();
  vi.useRealTimers();
});

describe('the flashed outcome', () => {
  it('is said in a status region that is there before the message, and can be dismissed', () => {
    render(<Flash />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    act(() => void flash('University created.'));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toContain('University created.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(region.textContent).toBe('');
  });

  it('goes after a while; an update shows it again, but never over a newer message', () => {
    vi.useFakeTimers();
    const saved = flash('Profile saved.');
    vi.advanceTimersByTime(FLASH_MS);
    expect($flash.get()).toBeNull();
    updateFlash(saved, 'Profile saved. Live on the public site.');
    expect($flash.get()?.text).toBe('Profile saved. Live on the public site.');
    flash('Branch deleted successfully!');
    updateFlash(saved, 'Profile saved. Live on the public site.');
    expect($flash.get()?.text).toBe('Branch deleted successfully!');
  });
});
