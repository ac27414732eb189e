/** @jsxImportSource preact */
import { useEffect } from 'preact/compat';
import type { BookableBranch, Booking } from '../lib/api/counselling.ts';
import type { SlotPicker as Picker } from '../lib/stores/slotPicker.ts';
import { kathmanduTime } from '../lib/shared/slots.ts';
import { useStore } from './useStore.ts';

/** "Fri 27 Nov" for a Kathmandu date. */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

const placeOf = (b: BookableBranch) => [b.address, b.district].filter(Boolean).join(', ');

/** A consultancy with several bookable branches: the student picks where first, each with its address. */
function BranchChoice<T extends Booking>({ picker }: { picker: Picker<T> }) {
  const { branches, branch } = useStore(picker.$slots);
  if (branches.length < 2) return null;
  return (
    <fieldset className="slot-branches">
      <legend>Branch</legend>
      {branches.map((b) => (
        <label key={b.id} className="slot-branch">
          <input type="radio" name="branch" value={b.id} checked={b.id === branch} onChange={() => void picker.chooseBranch(b.id)} />
          <strong>{b.name}</strong>
          <span className="muted">{placeOf(b)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The branch first when the consultancy has several, then the next 7 days as buttons and the chosen
 * day's free times below; picking one holds it (src/lib/stores/slotPicker.ts) and tells `onPicked`.
 */
export function SlotPicker<T extends Booking>({ picker, onPicked }: { picker: Picker<T>; onPicked: (booking: T) => void }) {
  const { branches, branch, days, day, error } = useStore(picker.$slots);
  const holding = useStore(picker.$holding);
  useEffect(() => void picker.load(), [picker]);
  const only = branches.length === 1 ? branches[0]! : null;
  const shown = days?.find((d) => d.date === day);
  return (
    <div className="slot-picker" data-slot-picker>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <BranchChoice picker={picker} />
      {only ? (
        <p>
          At <strong>{only.name}</strong>, {placeOf(only)}
        </p>
      ) : null}
      {!days ? (
        <p className="muted">Loading free times...</p>
      ) : branches.length > 1 && branch === null ? (
        <p className="muted">Pick the branch you would like to visit.</p>
      ) : days.every((d) => !d.slots.length) ? (
        <p className="muted">No free times in the next 7 days. The consultancy will call you to agree on one.</p>
      ) : (
        <>
          <div className="slot-days" role="group" aria-label="Day">
            {days.map((d) => (
              <button
                key={d.date}
                type="button"
                className="chip"
                aria-pressed={d.date === day}
                disabled={!d.slots.length}
                onClick={() => picker.chooseDay(d.date)}
              >
                {dayLabel(d.date)}
              </button>
            ))}
          </div>
          <p className="muted">Times are Kathmandu time.</p>
          <div className="slot-times" role="group" aria-label={`Free times on ${dayLabel(day)}`}>
            {shown?.slots.map((s) => (
              <button
                key={s.starts_at}
                type="button"
                className="btn"
                data-starts-at={s.starts_at}
                disabled={holding.status !== 'idle'}
                onClick={() => void picker.choose(s.starts_at).then((b) => b && onPicked(b))}
              >
                {kathmanduTime(s.starts_at)}
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
