// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

// the account's side is the API's (tests/api/plans.api.test.ts); here only what the device sends it
vi.mock('../../src/lib/api/planTicks.ts', () => ({
  mergeTicksIntoAccount: vi.fn(async (plans: { destination_id: number; ticks: string[] }[]) => ({
    plans: [...plans.map((p) => ({ ...p, ticks: [...p.ticks, '7'] })), { destination_id: 2, ticks: ['9'] }],
  })),
  setAccountTicks: vi.fn(async (destination_id: number, ticks: string[]) => ({ plans: [{ destination_id, ticks }] })),
}));

import * as accountApi from '../../src/lib/api/planTicks.ts';
import { $session } from '../../src/lib/stores/session.ts';
import { $planTicks, loadPlanTicks, shareAddress, sharedTicks, syncTicksWithAccount, toggleTick } from '../../src/lib/stores/planTicks.ts';

const api = vi.mocked(accountApi);
const user = { id: 5, email: 's@example.com', firstName: 'S', lastName: 'T', phone: '', role: 'student' as const };

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
  $planTicks.set({});
  $session.set({ access: null, refresh: null, user: null, loading: false });
});

describe('plan ticks on the device', () => {
  it('ticks and unticks steps and documents per destination, kept in storage, without an account call when signed out', async () => {
    loadPlanTicks();
    await toggleTick(1, '12');
    await toggleTick(1, '12.0');
    await toggleTick(3, '40');
    await toggleTick(1, '12');
    expect(JSON.parse(localStorage.getItem('plan_ticks')!)).toEqual({ 1: ['12.0'], 3: ['40'] });
    expect(api.setAccountTicks).not.toHaveBeenCalled();
  });

  it('merges into the account once per account and device, then sends each change', async () => {
    await toggleTick(1, '12');
    $session.set({ access: 'a', refresh: 'r', user, loading: false });
    await syncTicksWithAccount();
    await syncTicksWithAccount();
    expect(api.mergeTicksIntoAccount).toHaveBeenCalledTimes(1);
    expect(api.mergeTicksIntoAccount).toHaveBeenCalledWith([{ destination_id: 1, ticks: ['12'] }]);
    expect($planTicks.get()).toEqual({ 1: ['12', '7'], 2: ['9'] });
    await toggleTick(1, '7');
    expect(api.setAccountTicks).toHaveBeenCalledWith(1, ['12']);
  });

  it('shares the ticks in an address and reads only well-formed ticks back from one', () => {
    const address = shareAddress('https://example.org', '/destination/australia/plan/', ['13', '12.1']);
    expect(address).toBe('https://example.org/destination/australia/plan/?ticked=12.1,13');
    expect(sharedTicks(new URL(address).search)).toEqual(['12.1', '13']);
    expect(sharedTicks('?ticked=12,<script>,1.2.3,')).toEqual(['12']);
    expect(sharedTicks('')).toBeNull();
  });

  it('follows another tab, ignoring what is not ticks in storage', () => {
    loadPlanTicks();
    localStorage.setItem('plan_ticks', JSON.stringify({ 1: ['12', 'x', 5], nope: ['1'] }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'plan_ticks' }));
    expect($planTicks.get()).toEqual({ 1: ['12'] });
  });
});
