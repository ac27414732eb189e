import { atom } from 'nanostores';
import { INQUIRY_CALL_BACK_DAYS } from '../contract/leads.ts';

/**
 * The counselling session the visitor booked in this browser session: what stays on screen once the
 * booking dialog has closed (its reference, who calls, on which number, when), on this page and the
 * next ones, until the visitor puts it away.
 */
export interface Booked {
  reference: string;
  provider: string;
  phone: string;
  email: string;
  days: number;
  /** the consultancy the inquiry went to: its free times are offered once the dialog closed */
  consultancy?: number | null;
  /** the time the visitor then picked (issue 26) */
  session?: { reference: string; starts_at: string; manage_url: string } | null;
}

export const BOOKED_KEY = 'counselling_booked';

function stored(): Booked | null {
  try {
    const value = sessionStorage.getItem(BOOKED_KEY);
    return value ? (JSON.parse(value) as Booked) : null;
  } catch {
    return null;
  }
}

export const $booked = atom<Booked | null>(typeof sessionStorage === 'undefined' ? null : stored());

function keep(value: Booked | null) {
  $booked.set(value);
  try {
    if (value) sessionStorage.setItem(BOOKED_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(BOOKED_KEY);
  } catch {
    /* private mode: kept on this page only */
  }
}

/** The booking went through: remember it for the notice (the reference comes from the API's answer). */
export function rememberBooking(answer: unknown, details: Omit<Booked, 'reference' | 'days'>) {
  const reference =
    typeof (answer as { reference?: unknown } | null)?.reference === 'string' ? (answer as { reference: string }).reference : '';
  if (reference) keep({ ...details, reference, days: INQUIRY_CALL_BACK_DAYS });
}

/** The visitor picked a time for the booking: the notice shows it and the link to change it. */
export function rememberSession(session: NonNullable<Booked['session']>) {
  const booked = $booked.get();
  if (booked) keep({ ...booked, session });
}

export const dismissBooking = () => keep(null);

/** Tests: a fresh session. */
export const resetBooking = () => $booked.set(null);
