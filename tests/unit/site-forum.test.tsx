// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({
  forumQuestion: vi.fn(),
  deletePost: vi.fn(async () => ({ message: 'Deleted.' })),
  reportPost: vi.fn(),
  editReply: vi.fn(),
}));

import * as publicApi from '../../src/lib/api/public.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import { QuestionView } from '../../src/islands/Forum.tsx';
import { $session } from '../../src/lib/stores/session.ts';

const api = vi.mocked(publicApi);
const now = new Date().toISOString();
const QUESTION = {
  id: 1,
  title: 'Is 6.5 enough?',
  body: '',
  created_at: now,
  mine: false,
  replies: [
    { id: 5, body: 'Yes, for most courses.', created_at: now, mine: true },
    { id: 6, body: 'Depends on the university.', created_at: now, mine: false },
  ],
};

beforeEach(() => {
  vi.clearAllMocks();
  api.forumQuestion.mockResolvedValue(QUESTION as never);
  $session.set({ ...$session.get(), loading: false, user: { id: 9, email: 'a@x.np', role: 'student' } as never });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a forum question', () => {
  it("asks before deleting the reader's own reply in the site's dialog, never the browser's", async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<QuestionView id={1} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete reply' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your reply?' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(dialog.isConnected).toBe(false);
    expect(api.deletePost).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete reply' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    });
    expect(api.deletePost).toHaveBeenCalledWith('reply', 5);
    expect(await screen.findByText('Your reply was deleted.')).toBeTruthy();
    expect(screen.queryByText('Yes, for most courses.')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
  });

  it("reports a post, showing the server's words when it refuses, then its thanks", async () => {
    api.reportPost.mockRejectedValueOnce(new ApiError('You reported this already.', 409)).mockResolvedValueOnce({ message: '' } as never);
    render(<QuestionView id={1} />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Report' }))[0]!);
    fireEvent.input(screen.getByLabelText('Why should a moderator look at this question?'), { target: { value: 'Spam link' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You reported this already.');
    expect(api.reportPost).toHaveBeenLastCalledWith('question', 1, 'Spam link');
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Thank you. A moderator will look at it.'));
  });
});
