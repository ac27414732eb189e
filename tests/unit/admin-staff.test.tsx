// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/staff.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/staff.ts')>();
  return { ...real, listInvitations: vi.fn(), invite: vi.fn(), withdrawInvitation: vi.fn(), removeCounsellor: vi.fn() };
});
vi.mock('../../src/lib/api/casework.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/casework.ts')>();
  return { ...real, listStaff: vi.fn() };
});
vi.mock('../../src/lib/api/dashboard.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/dashboard.ts')>();
  return { ...real, myPageviews: vi.fn(async () => []), getProfile: vi.fn(async () => ({})) };
});

import Console from '../../src/admin/Console.tsx';
import * as staffApi from '../../src/lib/api/staff.ts';
import * as caseworkApi from '../../src/lib/api/casework.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import { $router } from '../../src/lib/stores/admin.ts';
import { $question, answer } from '../../src/lib/stores/adminConfirm.ts';
import { $flash } from '../../src/lib/stores/adminFlash.ts';
import { $session, KEYS } from '../../src/lib/stores/session.ts';

const api = vi.mocked(staffApi);
const work = vi.mocked(caseworkApi);

const members = [
  { id: 1, email: 'owner@x.np', first_name: 'Gita', last_name: 'Rai', staff_role: 'owner' as const },
  { id: 5, email: 'ram@x.np', first_name: 'Ram', last_name: 'Thapa', staff_role: 'counsellor' as const },
];

function openAs(staffRole: 'owner' | 'counsellor', path = '/dashboard/staff/') {
  localStorage.clear();
  localStorage.setItem(KEYS.access, 'token');
  localStorage.setItem(KEYS.consultancyId, '7');
  const user = { id: 1, email: 'me@x.np', firstName: 'Me', lastName: '', phone: '', role: 'consultancy', staffRole };
  localStorage.setItem(KEYS.user, JSON.stringify(user));
  $session.set({ access: null, refresh: null, user: null, loading: true });
  $router.open(path);
  render(<Console area="dashboard" />);
}
const navLabels = () => [...screen.getByRole('navigation', { name: 'Dashboard' }).querySelectorAll('a')].map((a) => a.textContent);

beforeEach(() => {
  vi.clearAllMocks();
  work.listStaff.mockResolvedValue(members);
  api.listInvitations.mockResolvedValue([{ id: 3, email: 'new@x.np', expires_at: '2026-12-01T06:00:00Z', expired: false }]);
  api.withdrawInvitation.mockResolvedValue({ message: 'Invitation withdrawn.' });
  api.removeCounsellor.mockResolvedValue({ message: 'Counsellor removed.' });
});
afterEach(() => cleanup());

describe("the owner's staff screen", () => {
  it('lists staff with their role and pending invitations with their expiry, under a nav entry', async () => {
    openAs('owner');
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect((await within(table).findAllByText('Ram Thapa')).length).toBeGreaterThan(0);
    expect(within(table).getByText('ram@x.np')).toBeTruthy();
    expect(within(table).getByText('counsellor')).toBeTruthy();
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(await within(pending).findByText('new@x.np')).toBeTruthy();
    expect(within(pending).getByRole('columnheader', { name: 'Expires' })).toBeTruthy();
    expect(navLabels()).toContain('Staff');
    // an owner is not removed from here: only counsellors have the button
    expect(within(table).getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);
  });

  it('invites by email, and a refusal is said at the field', async () => {
    api.invite.mockResolvedValueOnce({ id: 4, email: 'sita@x.np', expires_at: '2026-12-02T00:00:00Z', expired: false });
    api.invite.mockRejectedValueOnce(new ApiError('An account with this email already exists.', 409));
    openAs('owner');
    const form = await screen.findByRole('form', { name: 'Invite a counsellor' });
    const email = within(form).getByLabelText('Invite a counsellor by email');
    fireEvent.input(email, { target: { value: 'sita@x.np' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect($flash.get()?.text).toBe('Invitation sent to sita@x.np.'));
    expect(api.invite).toHaveBeenCalledWith('sita@x.np');
    await waitFor(() => expect((email as HTMLInputElement).value).toBe(''));
    fireEvent.input(email, { target: { value: 'owner@x.np' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('An account with this email already exists.')).toBeTruthy();
  });

  it('withdraws an invitation and removes a counsellor only after the confirm dialog says yes', async () => {
    openAs('owner');
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    fireEvent.click(await within(pending).findByRole('button', { name: /^Withdraw/ }));
    expect($question.get()?.title).toBe('Withdraw this invitation?');
    act(() => answer(false));
    await act(async () => {});
    expect(api.withdrawInvitation).not.toHaveBeenCalled();
    fireEvent.click(within(pending).getByRole('button', { name: /^Withdraw/ }));
    act(() => answer(true));
    await waitFor(() => expect(api.withdrawInvitation).toHaveBeenCalledWith(3));
    const table = screen.getByRole('table', { name: 'Staff' });
    fireEvent.click(within(table).getByRole('button', { name: /^Remove/ }));
    expect($question.get()?.title).toBe('Remove Ram Thapa?');
    act(() => answer(true));
    await waitFor(() => expect(api.removeCounsellor).toHaveBeenCalledWith(5));
    await waitFor(() => expect($flash.get()?.text).toBe('Ram Thapa removed.'));
  });
});

describe("a counsellor's view", () => {
  it("sees only the case work in the navigation, and none of an owner's screens", async () => {
    openAs('counsellor');
    await screen.findByRole('heading', { name: 'Not found' });
    expect(navLabels()).toEqual(['Overview', 'Applications', 'Inquiries', 'Counselling']);
    expect(api.listInvitations).not.toHaveBeenCalled();
    for (const path of ['/dashboard/profile/', '/dashboard/licence/', '/dashboard/complaints/', '/dashboard/reviews/']) {
      cleanup();
      openAs('counsellor', path);
      await screen.findByRole('heading', { name: 'Not found' });
    }
  });
});
