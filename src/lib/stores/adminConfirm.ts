import { atom } from 'nanostores';

/**
 * The console's yes-or-no questions (delete this? leave without saving?), asked in the page by
 * one dialog (src/admin/ConfirmDialog.tsx) instead of window.confirm: a phone shows the browser's
 * box as a bare system prompt naming the site's address, and it stops every script until answered.
 */
export interface Question {
  /** names the dialog: "Delete this university?" */
  title: string;
  /** what saying yes does, in a sentence */
  text: string;
  /** the yes button: "Delete" */
  yes: string;
  /** the no button (default "Cancel") */
  no?: string;
  /** yes cannot be undone: the yes button is drawn red and the focus starts on no */
  danger?: boolean;
}

/** The question on screen, if any. */
export const $question = atom<Question | null>(null);

let settle: ((yes: boolean) => void) | null = null;

/** Asks in the dialog; true once the yes button is pressed. A new question answers an open one no. */
export function ask(question: Question): Promise<boolean> {
  settle?.(false);
  return new Promise((resolve) => {
    settle = (yes) => {
      settle = null;
      $question.set(null);
      resolve(yes);
    };
    $question.set(question);
  });
}

/** The dialog's answer: a button, Escape or a tap outside it (no). */
export function answer(yes: boolean) {
  settle?.(yes);
}

/** The question before deleting a row for good. */
export const deleteQuestion = (what: string, title: string): Question => ({
  title: `Delete this ${what}?`,
  text: `“${title}” will be deleted. This cannot be undone.`,
  yes: 'Delete',
  danger: true,
});

/** One kind of row that uses another, as the in-use dialog lists it: "7 courses: A, B, C, D, E and 2 more". */
export function usesLine(use: { label: string; count: number; names?: string[] }): string {
  const names = use.names ?? [];
  if (!names.length) return `${use.count} ${use.label}`;
  const more = use.count - names.length;
  return `${use.count} ${use.label}: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}
