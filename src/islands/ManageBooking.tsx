/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { whenLabel } from '../lib/shared/slots.ts';
import { createManageBooking, type ManageBooking as Store } from '../lib/stores/manageBooking.ts';
import { SlotPicker } from './SlotPicker.tsx';
import { useStore } from './useStore.ts';

const STATUS_TEXT = { booked: 'Booked', attended: 'Attended', no_show: 'Missed', cancelled: 'Cancelled' } as const;

function Actions({ store }: { store: Store }) {
  const { moving, confirmingCancel } = useStore(store.$manage);
  if (moving)
    return (
      <section className="panel" aria-label="Choose another time">
        <h2>Choose another time</h2>
        <SlotPicker picker={store.picker()} onPicked={store.moved} />
      </section>
    );
  if (confirmingCancel)
    return (
      <div className="row">
        <p>Cancel this session? The time becomes free for others.</p>
        <button type="button" className="btn danger" onClick={() => void store.cancel()}>
          Yes, cancel it
        </button>
        <button type="button" className="btn" onClick={store.keep}>
          Keep it
        </button>
      </div>
    );
  return (
    <div className="row">
      <button type="button" className="btn primary" onClick={store.startMoving}>
        Choose another time
      </button>
      <button type="button" className="btn" onClick={store.askCancel}>
        Cancel session
      </button>
    </div>
  );
}

/** /booking/?ref=...&token=...: the counselling session of a mail's link, to move or cancel. */
export default function ManageBooking() {
  const [store] = useState(() => {
    const query = new URLSearchParams(location.search);
    return createManageBooking(query.get('ref') ?? '', query.get('token') ?? '');
  });
  const { booking, status, error, done } = useStore(store.$manage);
  useEffect(() => void store.load(), [store]);
  if (status === 'loading') return <p className="muted">Loading your booking...</p>;
  if (!booking)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  return (
    <section className="panel" data-booking={booking.reference}>
      <dl className="facts">
        <dt>Reference</dt>
        <dd>{booking.reference}</dd>
        <dt>With</dt>
        <dd>{booking.consultancy_name}</dd>
        <dt>When</dt>
        <dd data-booking-when>{whenLabel(booking.starts_at)}</dd>
        <dt>Where</dt>
        <dd data-booking-where>{booking.branch_name ? `${booking.branch_name}, ${booking.location}` : booking.location}</dd>
        <dt>Status</dt>
        <dd data-booking-status>{STATUS_TEXT[booking.status]}</dd>
      </dl>
      {done ? (
        <p className="success" role="status">
          {done}
        </p>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {booking.status === 'booked' ? <Actions store={store} /> : null}
    </section>
  );
}
