// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/outbox.ts', () => ({ listOutbox: vi.fn(), getOutboxMessage: vi.fn(), retryOutboxMessage: vi.fn() }));

import * as outboxApi from '../../src/lib/api/outbox.ts';
import { AdminOutbox } from '../../src/admin/OutboxScreens.tsx';
import { $flash, dismissFlash } from '../../src/lib/stores/adminFlash.ts';

const api = vi.mocked(outboxApi);
const page = (results: Record<string, unknown>[]) => ({ count: results.length, next: null, previous: null, results: results as never });
const FAILED = {
  id: 7,
  key: 'password-reset.1',
  to: 'sita@example.com',
  subject: 'Choose a new password',
  status: 'failed',
  attempts: 8,
  next_attempt_at: '2026-11-20T05:00:00Z',
  last_error: 'Greeting never received',
  sent_at: null,
  created_at: '2026-11-20T04:00:00Z',
};

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  dismissFlash();
});

describe('the Outbox screen', () => {
  it('shows a failed message with its error, opens its text and HTML, and sends it again with the outcome flashed', async () => {
    api.listOutbox.mockResolvedValueOnce(page([FAILED])).mockResolvedValueOnce(page([{ ...FAILED, status: 'pending', attempts: 0 }]));
    api.getOutboxMessage.mockResolvedValue({
      ...FAILED,
      status: 'failed',
      text: 'Open this link: http://x/login/reset/?token=t',
      html: '<p><a href="http://x">Choose a new password</a></p>',
    } as never);
    api.retryOutboxMessage.mockResolvedValue({} as never);
    render(<AdminOutbox />);
    expect(await screen.findByText('Last error: Greeting never received')).toBeTruthy();
    expect(screen.getByText(/Failed · written/)).toBeTruthy();
    expect(screen.getByText(/8 attempts/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Read: Choose a new password to sita@example.com' }));
    expect(await screen.findByText('Open this link: http://x/login/reset/?token=t')).toBeTruthy();
    const frame = screen.getByTitle('HTML of Choose a new password') as HTMLIFrameElement;
    // the message's HTML runs nothing on the console's origin
    expect(frame.getAttribute('sandbox')).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Send again: Choose a new password to sita@example.com' }));
    await waitFor(() => expect(api.retryOutboxMessage).toHaveBeenCalledWith(7));
    await waitFor(() => expect($flash.get()?.text).toBe('"Choose a new password" to sita@example.com will be sent again in a moment.'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Send again/ })).toBeNull());
  });

  it('filters by status', async () => {
    api.listOutbox.mockResolvedValue(page([]));
    render(<AdminOutbox />);
    expect(await screen.findByText('No messages here.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await waitFor(() => expect(api.listOutbox).toHaveBeenLastCalledWith(1, 'failed'));
  });
});
