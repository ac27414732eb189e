// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/dashboard.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/dashboard.ts')>();
  return { ...real, myPageviews: vi.fn(async () => []), getProfile: vi.fn(async () => ({})), listBranches: vi.fn(async () => []) };
});

import Console from '../../src/admin/Console.tsx';
import { $router } from '../../src/lib/stores/admin.ts';
import { $session, KEYS } from '../../src/lib/stores/session.ts';

const signIn = (role: string) => {
  localStorage.clear();
  localStorage.setItem(KEYS.access, 'token');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 1, email: `${role}@x.np`, firstName: 'Test', lastName: role, phone: '', role }));
  $session.set({ access: null, refresh: null, user: null, loading: true });
};
afterEach(() => cleanup());

/** The dashboard's screens come from the institution registry (src/lib/contract/institutions.ts). */
describe('dashboard routes by institution kind', () => {
  it("answers a screen another kind has with Not found, and lists only the kind's own screens", async () => {
    $router.open('/dashboard/applications/');
    signIn('university');
    render(<Console area="dashboard" />);
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Overview', 'Profile', 'Courses']);
  });

  it("marks Branches as the current screen on a branch's form", async () => {
    $router.open('/dashboard/branches/new/');
    signIn('college');
    render(<Console area="dashboard" />);
    await act(async () => {});
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Branches');
  });
});
