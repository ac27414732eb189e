/** @jsxImportSource preact */
import { $bookingOpen } from '../lib/stores/settings.ts';

/**
 * The buttons of the prompts that offer a counsellor: book one in the booking dialog when the
 * banner is there to hold it (`canBook`), else go to the consultancies; or put the prompt away
 * (`onClose`; booking leaves the card in place, as the way back to the dialog).
 */
export function CounsellorActions({
  canBook,
  book,
  find,
  dismiss,
  onClose,
}: {
  canBook: boolean;
  book: string;
  find: string;
  dismiss: string;
  onClose: () => void;
}) {
  return (
    <div className="row">
      {canBook ? (
        <button type="button" className="btn primary" onClick={() => $bookingOpen.set(true)}>
          {book}
        </button>
      ) : (
        <a className="btn primary" href="/consultancy/">
          {find}
        </a>
      )}
      <button type="button" className="btn" onClick={onClose}>
        {dismiss}
      </button>
    </div>
  );
}
