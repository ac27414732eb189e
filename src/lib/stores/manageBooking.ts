import { map } from 'nanostores';
import { cancelBooking, findBooking, moveBooking, type Booking } from '../api/counselling.ts';
import { createSlotPicker } from './slotPicker.ts';

export interface ManageState {
  booking: Booking | null;
  /** loading, or what went wrong */
  status: 'loading' | 'ready' | 'missing';
  error: string;
  /** a change done: what to say */
  done: string;
  moving: boolean;
  confirmingCancel: boolean;
}

/**
 * /booking/: a counselling booking found by the reference and token of its mail's link, moved to
 * another free time or cancelled, without an account.
 */
export function createManageBooking(reference: string, token: string) {
  const $manage = map<ManageState>({ booking: null, status: 'loading', error: '', done: '', moving: false, confirmingCancel: false });
  const patch = (p: Partial<ManageState>) => $manage.set({ ...$manage.get(), ...p });
  let picker: ReturnType<typeof createSlotPicker> | null = null;

  return {
    $manage,
    async load() {
      if (!reference || !token)
        return patch({ status: 'missing', error: 'This link is incomplete: open the link from your confirmation mail.' });
      try {
        patch({ booking: await findBooking(reference, token), status: 'ready' });
      } catch (err) {
        patch({ status: 'missing', error: err instanceof Error ? err.message : 'Booking not found' });
      }
    },
    /** the picker of another time (at the booking's branch first), made once the booking and so its consultancy are known */
    picker() {
      const booking = $manage.get().booking!;
      picker ??= createSlotPicker(
        booking.consultancy,
        (startsAt, branch) => moveBooking(reference, token, startsAt, branch),
        booking.branch,
      );
      return picker;
    },
    startMoving: () => patch({ moving: true, confirmingCancel: false, done: '' }),
    moved: (booking: Booking) =>
      patch({ booking, moving: false, done: 'Your session has a new time; the new invitation is in your mail.' }),
    askCancel: () => patch({ confirmingCancel: true, moving: false, done: '' }),
    keep: () => patch({ confirmingCancel: false }),
    async cancel() {
      try {
        patch({ booking: await cancelBooking(reference, token), confirmingCancel: false, error: '', done: 'Your session is cancelled.' });
      } catch (err) {
        patch({ error: err instanceof Error ? err.message : 'Failed to cancel' });
      }
    },
  };
}
export type ManageBooking = ReturnType<typeof createManageBooking>;
