import { map } from 'nanostores';
import { markBooking, ownDay, ownHours, saveHours, type DayBooking, type Hours } from '../api/counselling.ts';
import type { Range } from '../shared/slots.ts';
import { flash } from './adminFlash.ts';

export interface CounsellingState {
  hours: Hours | null;
  bookings: DayBooking[] | null;
  error: string;
  /** the hours' refusal, with the server's field messages */
  hoursError: string;
  saving: boolean;
  rowError: { id: number; message: string } | null;
}

const message = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * The consultancy's Counselling screen: its weekly hours and slot length (edited here, saved at
 * once as a whole week), and its day: today's and the coming bookings, each marked attended or
 * no-show once its time has begun.
 */
export function createCounsellingStore() {
  const $state = map<CounsellingState>({ hours: null, bookings: null, error: '', hoursError: '', saving: false, rowError: null });
  const patch = (p: Partial<CounsellingState>) => $state.set({ ...$state.get(), ...p });
  const setDay = (weekday: number, ranges: Range[]) => {
    const hours = $state.get().hours!;
    patch({ hours: { ...hours, hours: hours.hours.map((r, d) => (d === weekday ? ranges : r)) } });
  };
  const rangesOf = (weekday: number) => $state.get().hours!.hours[weekday]!;

  return {
    $state,
    async load() {
      try {
        const [hours, day] = await Promise.all([ownHours(), ownDay()]);
        patch({ hours: { slot_minutes: hours.slot_minutes, hours: hours.hours }, bookings: day.results, error: '' });
      } catch (err) {
        patch({ error: message(err, 'Failed to load your counselling hours') });
      }
    },
    setSlotMinutes: (slot_minutes: number) => patch({ hours: { ...$state.get().hours!, slot_minutes } }),
    addRange: (weekday: number) => {
      const last = rangesOf(weekday).at(-1);
      setDay(weekday, [...rangesOf(weekday), last ? { opens: last.closes, closes: last.closes } : { opens: '10:00', closes: '17:00' }]);
    },
    editRange: (weekday: number, i: number, change: Partial<Range>) =>
      setDay(
        weekday,
        rangesOf(weekday).map((r, j) => (j === i ? { ...r, ...change } : r)),
      ),
    removeRange: (weekday: number, i: number) =>
      setDay(
        weekday,
        rangesOf(weekday).filter((_, j) => j !== i),
      ),
    async save() {
      patch({ saving: true, hoursError: '' });
      try {
        const saved = await saveHours($state.get().hours!);
        patch({ hours: { slot_minutes: saved.slot_minutes, hours: saved.hours }, saving: false });
        flash('Your counselling hours were saved.');
      } catch (err) {
        patch({ saving: false, hoursError: message(err, 'Failed to save your hours') });
      }
    },
    async mark(id: number, status: 'attended' | 'no_show') {
      patch({ rowError: null });
      try {
        const row = await markBooking(id, status);
        patch({ bookings: $state.get().bookings!.map((b) => (b.id === id ? row : b)) });
      } catch (err) {
        patch({ rowError: { id, message: message(err, 'Failed to mark the booking') } });
      }
    },
  };
}
export type CounsellingStore = ReturnType<typeof createCounsellingStore>;
