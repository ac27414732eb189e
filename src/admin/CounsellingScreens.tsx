import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { DayBooking } from '../lib/api/counselling.ts';
import { kathmanduDate, kathmanduTime, SLOT_MINUTES, WEEKDAYS } from '../lib/shared/slots.ts';
import { createCounsellingStore, type CounsellingStore } from '../lib/stores/dashboardCounselling.ts';
import { $session } from '../lib/stores/session.ts';
import { isCounsellor } from '../lib/stores/staff.ts';
import { Empty, ErrorAlert, ScreenHeader } from './ui.tsx';

/** The consultancy's Counselling screen: its day first (what it acts on), then its weekly hours. */

const STATUS_TEXT: Record<DayBooking['status'], string> = {
  booked: 'Booked',
  attended: 'Attended',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};
const STATUS_CLASS: Record<DayBooking['status'], string> = {
  booked: '',
  attended: 'badge-checked',
  no_show: 'badge-lapsed',
  cancelled: '',
};

const dayHeading = (date: string, today: string) =>
  `${date === today ? 'Today, ' : ''}${new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })}`;

function BookingRow({ store, booking }: { store: CounsellingStore; booking: DayBooking }) {
  const rowError = useStore(store.$state).rowError;
  const begun = Date.parse(booking.starts_at) <= Date.now();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-line py-2" data-booking-row={booking.reference}>
      <strong className="w-14 tabular-nums">{kathmanduTime(booking.starts_at)}</strong>
      <span className="min-w-40 flex-1">
        {booking.name} <span className="text-muted">({booking.reference})</span>
        {booking.branch_name ? <span className="badge ml-2">{booking.branch_name}</span> : null}
        <br />
        <a href={`tel:${booking.phone}`}>{booking.phone}</a> · <a href={`mailto:${booking.email}`}>{booking.email}</a>
      </span>
      <span className={`badge ${STATUS_CLASS[booking.status]}`}>{STATUS_TEXT[booking.status]}</span>
      {begun ? (
        <span className="flex gap-2">
          <button
            type="button"
            className="button"
            disabled={booking.status === 'attended'}
            onClick={() => void store.mark(booking.id, 'attended')}
          >
            Attended
          </button>
          <button
            type="button"
            className="button btn-danger"
            disabled={booking.status === 'no_show'}
            onClick={() => void store.mark(booking.id, 'no_show')}
          >
            No-show
          </button>
        </span>
      ) : null}
      {rowError?.id === booking.id ? (
        <p role="alert" className="field-error w-full">
          {rowError.message}
        </p>
      ) : null}
    </li>
  );
}

/** The day of one branch or of all: shown when the consultancy has branches. */
function DayBranchFilter({ store }: { store: CounsellingStore }) {
  const { branches, dayBranch } = useStore(store.$state);
  if (!branches.length) return null;
  return (
    <label className="mb-3 flex flex-wrap items-center gap-2">
      Sessions at
      <select
        value={dayBranch ?? ''}
        onChange={(e) => void store.chooseDayBranch(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      >
        <option value="">All branches</option>
        {branches.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Day({ store }: { store: CounsellingStore }) {
  const bookings = useStore(store.$state).bookings ?? [];
  if (!bookings.length)
    return (
      <>
        <DayBranchFilter store={store} />
        <Empty>No counselling sessions booked for today or the coming week.</Empty>
      </>
    );
  const today = kathmanduDate(new Date());
  const dates = [...new Set(bookings.map((b) => kathmanduDate(new Date(b.starts_at))))];
  return (
    <>
      <DayBranchFilter store={store} />
      {dates.map((date) => (
        <section key={date} className="panel mb-3" aria-label={dayHeading(date, today)}>
          <h2 className="text-base">{dayHeading(date, today)}</h2>
          <ul>
            {bookings
              .filter((b) => kathmanduDate(new Date(b.starts_at)) === date)
              .map((b) => (
                <BookingRow key={b.id} store={store} booking={b} />
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function WeekdayHours({ store, weekday }: { store: CounsellingStore; weekday: number }) {
  const ranges = useStore(store.$state).hours!.hours[weekday]!;
  const day = WEEKDAYS[weekday]!;
  return (
    <li className="flex flex-wrap items-center gap-2 border-b border-line py-2">
      <strong className="w-24">{day}</strong>
      {ranges.length ? null : <span className="text-muted">Closed</span>}
      {ranges.map((r, i) => (
        <span key={i} className="flex flex-wrap items-center gap-1">
          <input
            type="time"
            aria-label={`${day} opens`}
            value={r.opens}
            onChange={(e) => store.editRange(weekday, i, { opens: e.currentTarget.value })}
          />
          –
          <input
            type="time"
            aria-label={`${day} closes`}
            value={r.closes}
            onChange={(e) => store.editRange(weekday, i, { closes: e.currentTarget.value })}
          />
          <button
            type="button"
            className="btn-link"
            aria-label={`Remove ${day} ${r.opens}-${r.closes}`}
            onClick={() => store.removeRange(weekday, i)}
          >
            Remove
          </button>
        </span>
      ))}
      <button type="button" className="btn-link whitespace-nowrap" onClick={() => store.addRange(weekday)}>
        Add hours
      </button>
    </li>
  );
}

/** Whose hours the form edits, for a consultancy with branches: each branch has its own, and one without is not bookable. */
function HoursBranch({ store }: { store: CounsellingStore }) {
  const { branches, hoursBranch } = useStore(store.$state);
  if (!branches.length) return null;
  const shown = branches.find((b) => b.id === hoursBranch);
  return (
    <>
      <label className="my-2 flex flex-wrap items-center gap-2">
        Branch
        <select value={hoursBranch ?? ''} onChange={(e) => void store.chooseHoursBranch(Number(e.currentTarget.value))}>
          {branches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <p className="help">
        {shown?.address ? `${shown.address}. ` : ''}Each branch has its own hours; students can book only at a branch with hours.
      </p>
    </>
  );
}

function HoursForm({ store }: { store: CounsellingStore }) {
  const { hours, saving, hoursError } = useStore(store.$state);
  if (!hours) return null;
  return (
    <form
      method="post"
      className="panel"
      aria-labelledby="hours-title"
      onSubmit={(e) => {
        e.preventDefault();
        void store.save();
      }}
    >
      <h2 id="hours-title" className="text-base">
        Weekly hours (Kathmandu time)
      </h2>
      <p className="help">
        Students pick a free time of the next 7 days after sending their booking form. Times starting within an hour are not offered.
      </p>
      <HoursBranch store={store} />
      <label className="my-2 flex items-center gap-2">
        Session length
        <select value={hours.slot_minutes} onChange={(e) => store.setSlotMinutes(Number(e.currentTarget.value))}>
          {SLOT_MINUTES.map((m) => (
            <option key={m} value={m}>
              {m} minutes
            </option>
          ))}
        </select>
      </label>
      <ul>
        {WEEKDAYS.map((_, d) => (
          <WeekdayHours key={d} store={store} weekday={d} />
        ))}
      </ul>
      {hoursError ? <ErrorAlert>{hoursError}</ErrorAlert> : null}
      <button type="submit" className="button btn-primary mt-3" disabled={saving}>
        {saving ? 'Saving…' : 'Save hours'}
      </button>
    </form>
  );
}

export function DashboardCounselling() {
  const [store] = useState(createCounsellingStore);
  const { error, hours } = useStore(store.$state);
  // the weekly hours are the owners' to set; a counsellor works the day
  const owner = !isCounsellor(useStore($session).user);
  useEffect(() => void store.load(), [store]);
  return (
    <section aria-labelledby="counselling-title">
      <ScreenHeader id="counselling-title" title="Counselling" />
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      {hours ? (
        <>
          <Day store={store} />
          {owner && <HoursForm store={store} />}
        </>
      ) : null}
    </section>
  );
}
