import { map } from 'nanostores';
import { freeSlots, type BookableBranch, type Booking } from '../api/counselling.ts';
import type { SlotDay } from '../shared/slots.ts';
import { createSubmission } from './submit.ts';

export interface SlotPickerState {
  /** the consultancy's bookable branches: none without branches; the student picks one first when there are several */
  branches: BookableBranch[];
  /** the branch whose times are shown (null: no branches, or none picked yet) */
  branch: number | null;
  /** null while loading */
  days: SlotDay[] | null;
  /** the Kathmandu date whose times are shown */
  day: string;
  error: string;
}

/**
 * The free times of a consultancy's next 7 days, at the branch picked first when it has several,
 * and the pick of one (`pick` holds it: a new booking or a moved one). A refused pick (most often a
 * time someone took meanwhile) reloads the list, with the server's words.
 */
export function createSlotPicker<T extends Booking>(
  consultancy: number,
  pick: (startsAt: string, branch?: number) => Promise<T>,
  branch: number | null = null,
) {
  const $slots = map<SlotPickerState>({ branches: [], branch, days: null, day: '', error: '' });
  const holding = createSubmission((startsAt: string) => pick(startsAt, $slots.get().branch ?? undefined), 'Failed to book this time');

  async function load() {
    try {
      const answer = await freeSlots(consultancy, $slots.get().branch);
      const { days } = answer;
      const current = $slots.get().day;
      const day = days.find((d) => d.date === current && d.slots.length)?.date ?? days.find((d) => d.slots.length)?.date ?? '';
      $slots.set({ ...$slots.get(), branches: answer.branches, branch: answer.branch, days, day });
    } catch (err) {
      $slots.set({ ...$slots.get(), days: [], error: err instanceof Error ? err.message : 'Failed to fetch free times' });
    }
  }

  return {
    $slots,
    $holding: holding.$submission,
    load,
    chooseDay: (day: string) => $slots.set({ ...$slots.get(), day }),
    /** another branch: its own free times */
    async chooseBranch(id: number) {
      $slots.set({ ...$slots.get(), branch: id, days: null, error: '' });
      await load();
    },
    async choose(startsAt: string): Promise<T | null> {
      const done = await holding.submit(startsAt);
      if (!done) {
        const failure = holding.$submission.get().failure;
        $slots.set({ ...$slots.get(), error: failure?.detail ?? failure?.text ?? '' });
        holding.reset();
        // most often someone took the time meanwhile: show what is still free
        await load();
      }
      return done;
    },
  };
}
export type SlotPicker<T extends Booking = Booking> = ReturnType<typeof createSlotPicker<T>>;
