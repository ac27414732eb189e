// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/staff.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/staff.ts')>();
  return { ...real, previewInvitation: vi.fn(), acceptInvitation: vi.fn() };
});

import Console from '../../src/admin/Console.tsx';
import * as staffApi from '../../src/lib/api/staff.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import { $router } from '../../src/lib/stores/admin.ts';
import { $redirect, $session, KEYS } from '../../src/lib/stores/session.ts';

const api = vi.mocked(staffApi);
const redirect = vi.fn();
const INVALID = 'This invitation is no longer valid: it was used, withdrawn or is more than a week old. Ask for a new one.';

/** Opens the mailed link signed out. */
function openLink(token = 'tok-1') {
  history.replaceState(null, '', `/dashboard/accept-invite/?token=${token}`);
  $router.open(`/dashboard/accept-invite/?token=${token}`);
  localStorage.clear();
  $session.set({ access: null, refresh: null, user: null, loading: true });
  render(<Console area="dashboard" />);
}

beforeEach(() => {
  vi.clearAllMocks();
  $redirect.set(redirect);
  api.previewInvitation.mockResolvedValue({ email: 'ram@x.np', consultancy_name: 'Everest Education', expires_at: '2026-12-01T00:00:00Z' });
});
afterEach(() => cleanup());

describe('accept-invite page', () => {
  it('opens signed out, says who invites, and signs the new counsellor in and to the dashboard', async () => {
    api.acceptInvitation.mockResolvedValue({
      access: 'a',
      refresh: 'r',
      user: {
        id: 9,
        email: 'ram@x.np',
        first_name: 'Ram',
        last_name: '',
        phone: '',
        role: 'consultancy',
        staff_role: 'counsellor',
        consultancy_id: 7,
      },
    });
    openLink();
    expect((await screen.findByText('Everest Education')).tagName).toBe('STRONG');
    expect(api.previewInvitation).toHaveBeenCalledWith('tok-1');
    fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Ram' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'a long pass phrase 9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join and sign in' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/dashboard/'));
    expect(redirect).not.toHaveBeenCalledWith(expect.stringContaining('/login/'));
    expect(api.acceptInvitation).toHaveBeenCalledWith({
      token: 'tok-1',
      first_name: 'Ram',
      last_name: '',
      password: 'a long pass phrase 9',
    });
    expect($session.get().user).toMatchObject({ email: 'ram@x.np', role: 'consultancy', staffRole: 'counsellor' });
    expect(localStorage.getItem(KEYS.consultancyId)).toBe('7');
  });

  it('an expired or used link says so and shows no form', async () => {
    api.previewInvitation.mockRejectedValue(new ApiError(INVALID, 404));
    openLink('old');
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(screen.queryByRole('form', { name: 'Accept the invitation' })).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('checks the name before sending, and shows the server refusal of the password beside it', async () => {
    api.acceptInvitation.mockRejectedValueOnce(new ApiError('Some values are not valid.', 400, { password: ['Too common a password.'] }));
    openLink();
    await screen.findByRole('form', { name: 'Accept the invitation' });
    fireEvent.click(screen.getByRole('button', { name: 'Join and sign in' }));
    await act(async () => {});
    expect(api.acceptInvitation).not.toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Ram' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'password1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join and sign in' }));
    expect(await screen.findByText('Too common a password.')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('the link used after the page opened: the refusal is said above the button', async () => {
    api.acceptInvitation.mockRejectedValue(new ApiError(INVALID, 400, { token: [INVALID] }));
    openLink();
    await screen.findByRole('form', { name: 'Accept the invitation' });
    fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Ram' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'a long pass phrase 9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
  });
});
