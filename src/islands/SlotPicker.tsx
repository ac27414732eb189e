/** @jsxImportSource preact */
import { useEffect } from 'preact/compat';
import type { Booking } from '../lib/api/counselling.ts';
import type { SlotPicker as Picker } from '../lib/stores/slotPicker.ts';
import { kathmanduTime } from '../lib/shared/slots.ts';
import { useStore } from './useStore.ts';

/** "Fri 27 Nov" for a Kathmandu date. */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** The next 7 days as buttons, the chosen day's free times below; picking one holds it (src/lib/stores/slotPicker.ts) and tells `onPicked`. */
export function SlotPicker<T extends Booking>({ picker, onPicked }: { picker: Picker<T>; onPicked: (booking: T) => void }) {
  const { days, day, error } = useStore(picker.$slots);
  const holding = useStore(picker.$holding);
  useEffect(() => void picker.load(), [picker]);
  if (!days) return <p className="muted">Loading free times...</p>;
  const shown = days.find((d) => d.date === day);
  return (
    <div className="slot-picker" data-slot-picker>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {days.every((d) => !d.slots.length) ? (
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
