import { map, type MapStore } from 'nanostores';
import {
  markBooking,
  ownBranchHours,
  ownDay,
  ownHours,
  saveBranchHours,
  saveHours,
  type DayBooking,
  type Hours,
} from '../api/counselling.ts';
import { listBranches } from '../api/dashboard.ts';
import type { Range } from '../shared/slots.ts';
import { flash } from './adminFlash.ts';

/** A branch as the screen names it. */
export interface BranchChoice {
  id: number;
  name: string;
  address: string;
}

export interface CounsellingState {
  /** the consultancy's branches; none: it has one set of hours */
  branches: BranchChoice[];
  /** the branch whose hours are edited (null without branches) */
  hoursBranch: number | null;
  hours: Hours | null;
  /** the branch the day is filtered to (null: all) */
  dayBranch: number | null;
  bookings: DayBooking[] | null;
  error: string;
  /** the hours' refusal, with the server's field messages */
  hoursError: string;
  saving: boolean;
  rowError: { id: number; message: string } | null;
}

const message = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

const toChoice = (row: Record<string, unknown>): BranchChoice => ({
  id: Number(row.id),
  name: String(row.name),
  address: String(row.address ?? ''),
});
const weekOf = (hours: Hours): Hours => ({ slot_minutes: hours.slot_minutes, hours: hours.hours });

/** The week's edits before it is saved: the slot length and each day's opening ranges. */
function weekEditing($state: MapStore<CounsellingState>) {
  const setHours = (hours: Hours) => $state.setKey('hours', hours);
  const setDay = (weekday: number, ranges: Range[]) => {
    const hours = $state.get().hours!;
    setHours({ ...hours, hours: hours.hours.map((r, d) => (d === weekday ? ranges : r)) });
  };
  const rangesOf = (weekday: number) => $state.get().hours!.hours[weekday]!;
  return {
    setSlotMinutes: (slot_minutes: number) => setHours({ ...$state.get().hours!, slot_minutes }),
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
  };
}

/**
 * The consultancy's Counselling screen: its weekly hours and slot length (edited here, saved at
 * once as a whole week; each branch's own when it has branches), and its day: today's and the
 * coming bookings (of one branch if chosen), each marked attended or no-show once its time has begun.
 */
export function createCounsellingStore() {
  const $state = map<CounsellingState>({
    branches: [],
    hoursBranch: null,
    hours: null,
    dayBranch: null,
    bookings: null,
    error: '',
    hoursError: '',
    saving: false,
    rowError: null,
  });
  const patch = (p: Partial<CounsellingState>) => $state.set({ ...$state.get(), ...p });

  return {
    $state,
    ...weekEditing($state),
    async load() {
      try {
        const [branches, day] = await Promise.all([listBranches('consultancy'), ownDay()]);
        const hoursBranch = branches[0] ? Number(branches[0].id) : null;
        const hours = hoursBranch === null ? await ownHours() : await ownBranchHours(hoursBranch);
        patch({ branches: branches.map(toChoice), hoursBranch, hours: weekOf(hours), bookings: day.results, error: '' });
      } catch (err) {
        patch({ error: message(err, 'Failed to load your counselling hours') });
      }
    },
    /** edits another branch's hours (unsaved changes to the one shown are left); the form shows it once loaded */
    async chooseHoursBranch(branch: number) {
      patch({ hoursError: '' });
      try {
        patch({ hours: weekOf(await ownBranchHours(branch)), hoursBranch: branch });
      } catch (err) {
        patch({ hoursError: message(err, 'Failed to fetch the branch hours') });
      }
    },
    async chooseDayBranch(branch: number | null) {
      patch({ dayBranch: branch });
      try {
        patch({ bookings: (await ownDay(branch)).results, error: '' });
      } catch (err) {
        patch({ error: message(err, 'Failed to fetch your bookings') });
      }
    },
    async save() {
      patch({ saving: true, hoursError: '' });
      try {
        const { hours, hoursBranch, branches } = $state.get();
        const saved = hoursBranch === null ? await saveHours(hours!) : await saveBranchHours(hoursBranch, hours!);
        patch({ hours: weekOf(saved), saving: false });
        const branch = branches.find((b) => b.id === hoursBranch);
        flash(branch ? `The counselling hours of ${branch.name} were saved.` : 'Your counselling hours were saved.');
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
