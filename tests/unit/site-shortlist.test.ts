// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/shortlist.ts', () => ({
  addToAccount: vi.fn(async (items: unknown[]) => ({ items: [{ entity: 'course', id: 9 }, ...items] })),
  removeFromAccount: vi.fn(async () => ({ items: [] })),
}));

import * as accountApi from '../../src/lib/api/shortlist.ts';
import { $session } from '../../src/lib/stores/session.ts';
import { $shortlist, fromQuery, loadShortlist, merge, shareQuery, syncWithAccount, toggleSaved } from '../../src/lib/stores/shortlist.ts';
import { comparedIn } from '../../src/islands/Compare.tsx';

const api = vi.mocked(accountApi);
const KINDS = ['university', 'course', 'consultancy', 'scholarship'];

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
  $shortlist.set([]);
  $session.set({ access: null, refresh: null, user: null, loading: false });
});

describe('the shortlist on the device', () => {
  it('saves and unsaves a row, kept in storage for the next page and other tabs', async () => {
    loadShortlist();
    await toggleSaved({ entity: 'university', id: 3 });
    await toggleSaved({ entity: 'course', id: 42 });
    expect(JSON.parse(localStorage.getItem('shortlist')!)).toEqual([
      { entity: 'university', id: 3 },
      { entity: 'course', id: 42 },
    ]);
    await toggleSaved({ entity: 'university', id: 3 });
    expect($shortlist.get()).toEqual([{ entity: 'course', id: 42 }]);
    // signed out: nothing goes to an account
    expect(api.addToAccount).not.toHaveBeenCalled();
  });

  it('shares as an address and reads a shared address back, ignoring what is not a saved kind or an id', () => {
    const list = [
      { entity: 'university', id: 3 },
      { entity: 'university', id: 17 },
      { entity: 'course', id: 42 },
    ];
    expect(shareQuery(list)).toBe('?university=3%2C17&course=42');
    expect(fromQuery('?university=3,17&course=42&event=5&consultancy=x,7', KINDS)).toEqual([...list, { entity: 'consultancy', id: 7 }]);
    expect(
      merge(list, [
        { entity: 'course', id: 42 },
        { entity: 'course', id: 1 },
      ]),
    ).toEqual([...list, { entity: 'course', id: 1 }]);
  });

  it('signed in: merges the device list into the account once, then sends each change', async () => {
    $shortlist.set([{ entity: 'university', id: 3 }]);
    $session.set({
      access: 'token',
      refresh: 'r',
      user: { id: 5, email: 's@example.com', firstName: 'Sita', lastName: '', phone: '', role: 'student' },
      loading: false,
    });
    await syncWithAccount();
    expect(api.addToAccount).toHaveBeenCalledWith([{ entity: 'university', id: 3 }]);
    expect($shortlist.get()).toEqual([
      { entity: 'university', id: 3 },
      { entity: 'course', id: 9 },
    ]);
    await syncWithAccount();
    expect(api.addToAccount).toHaveBeenCalledTimes(1);
    await toggleSaved({ entity: 'course', id: 9 });
    expect(api.removeFromAccount).toHaveBeenCalledWith({ entity: 'course', id: 9 });
  });

  it('compares at most four rows of one kind, as the address names them', () => {
    expect(comparedIn('?university=3,17,3,5,6,8', ['university', 'course'])).toEqual({ kind: 'university', ids: [3, 17, 5, 6] });
    expect(comparedIn('?course=x', ['university', 'course'])).toBeNull();
  });
});
