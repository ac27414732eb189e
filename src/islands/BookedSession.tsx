/** @jsxImportSource preact */
import { createPortal, useState } from 'preact/compat';
import { holdSlot } from '../lib/api/counselling.ts';
import { rememberSession, type Booked } from '../lib/stores/booking.ts';
import { createSlotPicker } from '../lib/stores/slotPicker.ts';
import { whenLabel } from '../lib/shared/slots.ts';
import { Dialog } from './Dialog.tsx';
import { SlotPicker } from './SlotPicker.tsx';

/**
 * After SPEC's booking notice: the visitor may pick one of the consultancy's free times for the
 * inquiry just sent (issue 26); once picked, the notice says when, with the link to change it.
 */
export function BookedSession({ booked }: { booked: Booked }) {
  const [open, setOpen] = useState(false);
  const [picker] = useState(() =>
    booked.consultancy
      ? createSlotPicker(booked.consultancy, (starts_at, branch) =>
          holdSlot({ inquiry: booked.reference, email: booked.email, starts_at, ...(branch ? { branch } : {}) }),
        )
      : null,
  );
  const { session } = booked;
  if (session)
    return (
      <p data-booked-session>
        Your session: <strong>{whenLabel(session.starts_at)}</strong> (reference {session.reference}); the invitation is in your mail.{' '}
        <a href={session.manage_url}>Change or cancel</a>
      </p>
    );
  if (!picker) return null;
  return (
    <>
      <button type="button" className="btn primary" onClick={() => setOpen(true)}>
        Pick a time
      </button>
      {/* on the body: inside the notice the dialog would take the notice's colours */}
      {open
        ? createPortal(
            <Dialog title="Pick a time for your free session" onClose={() => setOpen(false)} size="md">
              <SlotPicker
                picker={picker}
                onPicked={(b) => {
                  rememberSession({ reference: b.reference, starts_at: b.starts_at, manage_url: b.manage_url });
                  setOpen(false);
                }}
              />
            </Dialog>,
            document.body,
          )
        : null}
    </>
  );
}
