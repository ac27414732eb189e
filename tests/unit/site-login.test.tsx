// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({ register: vi.fn(), requestPasswordReset: vi.fn(), confirmEmail: vi.fn() }));

import * as publicApi from '../../src/lib/api/public.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import Login from '../../src/islands/Login.tsx';

const api = vi.mocked(publicApi);

beforeEach(() => {
  vi.clearAllMocks();
  history.replaceState(null, '', '/login/');
});
afterEach(cleanup);

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/login/', () => {
  it('says beside each field what the server refused, then what to do next once the account is made', async () => {
    api.register.mockRejectedValueOnce(
      new ApiError('Some values are not valid.', 400, { email: ['An account with this email already exists.'] }),
    );
    api.register.mockResolvedValueOnce({ message: 'We sent a link to asha@example.com.' });
    render(<Login />);
    fireEvent.click(screen.getByRole('tab', { name: 'Create a student account' }));
    type(/First name/, ' Asha ');
    type(/Last name/, 'Gurung');
    type(/^Email/, 'asha@example.com');
    type(/^Password/, 'secret-123');
    fireEvent.submit(screen.getByRole('form', { name: 'Create a student account' }));
    expect((await screen.findByText('An account with this email already exists.')).id).toBe('su-email-error');
    expect(screen.getByRole('alert').textContent).toBe('Sign-up failedSome values are not valid.');
    expect(api.register).toHaveBeenCalledWith({
      email: 'asha@example.com',
      password: 'secret-123',
      first_name: 'Asha',
      last_name: 'Gurung',
      phone: '',
    });
    fireEvent.submit(screen.getByRole('form', { name: 'Create a student account' }));
    expect((await screen.findByRole('status')).textContent).toBe('We sent a link to asha@example.com.');
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
  });

  it('a spent link from the sign-up mail opens the sign-up form saying why', async () => {
    history.replaceState(null, '', '/login/?verify=spent');
    api.confirmEmail.mockRejectedValueOnce(new ApiError('This link has expired.', 400));
    render(<Login />);
    await waitFor(() => expect(screen.getByRole('form', { name: 'Create a student account' })).toBeTruthy());
    expect(api.confirmEmail).toHaveBeenCalledWith('spent');
    expect(location.search).toBe('');
    expect(screen.getByRole('alert').textContent).toBe(
      'This link is no longer valid. Create the account again to get a new one.This link has expired.',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Sign in' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Create a student account' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
