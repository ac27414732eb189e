// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../../src/admin/ConfirmDialog.tsx';
import { $question, answer, ask, deleteQuestion } from '../../src/lib/stores/adminConfirm.ts';

afterEach(() => {
  answer(false);
  cleanup();
});

/** A Delete button that had the focus when the question was asked, and the dialog. */
function setUp() {
  render(
    <>
      <button type="button">Delete Monash</button>
      <ConfirmDialog />
    </>,
  );
  const opener = screen.getByRole('button', { name: 'Delete Monash' });
  opener.focus();
  return opener;
}

describe('the confirm dialog', () => {
  it('asks in a named modal dialog, the focus on Cancel for a delete; Delete answers yes and gives the focus back', async () => {
    const opener = setUp();
    let answered: Promise<boolean>;
    act(() => void (answered = ask(deleteQuestion('university', 'Monash'))));
    const dialog = screen.getByRole('dialog', { name: 'Delete this university?' });
    expect(dialog.getAttribute('open')).not.toBeNull();
    expect(screen.getByText('“Monash” will be deleted. This cannot be undone.').id).toBe(dialog.getAttribute('aria-describedby'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await answered!).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("Escape (the dialog's cancel event) and Cancel answer no", async () => {
    const opener = setUp();
    let first: Promise<boolean>;
    act(() => void (first = ask(deleteQuestion('branch', 'Lakeside'))));
    act(() => void fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true })));
    expect(await first!).toBe(false);
    expect(document.activeElement).toBe(opener);
    let second: Promise<boolean>;
    act(() => void (second = ask(deleteQuestion('branch', 'Lakeside'))));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await second!).toBe(false);
    expect($question.get()).toBeNull();
  });

  it('a new question answers the open one no', async () => {
    setUp();
    let first: Promise<boolean>;
    act(() => void (first = ask(deleteQuestion('branch', 'A'))));
    act(() => void ask({ title: 'Leave without saving?', text: 'You have unsaved changes.', yes: 'Leave' }));
    expect(await first!).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    // not a delete: the focus starts on the yes button
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leave' }));
  });
});
