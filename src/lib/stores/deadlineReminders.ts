import { atom } from 'nanostores';
import { remindersSetting, setRemindersSetting } from '../api/shortlist.ts';

/**
 * The signed-in student's "Email me 30, 7 and 1 days before each date" on /shortlist/: null until
 * read from the account (and for a visitor signed out, who has no address to mail).
 */
export const $reminders = atom<{ on: boolean; error: string } | null>(null);

const message = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong.');

export async function loadReminders(): Promise<void> {
  try {
    $reminders.set({ ...(await remindersSetting()), error: '' });
  } catch {
    $reminders.set(null);
  }
}

/** Turns the reminders on or off; the box shows what the account holds, and why when that failed. */
export async function setReminders(on: boolean): Promise<void> {
  const was = $reminders.get();
  $reminders.set({ on, error: '' });
  try {
    $reminders.set({ ...(await setRemindersSetting(on)), error: '' });
  } catch (err) {
    $reminders.set({ on: was?.on ?? false, error: message(err) });
  }
}
