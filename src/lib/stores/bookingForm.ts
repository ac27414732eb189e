import { map } from 'nanostores';
import { loadDestinations, loadExams, me, submitInquiry } from '../api/public.ts';
import { fullName, type DialogUser } from '../../islands/user.ts';
import { rememberBooking } from './booking.ts';
import { createSubmission, said } from './submit.ts';

export const MESSAGE_PREFIX = 'FREE Counseling: ';
export const CLOSE_DELAY_MS = 1000;
export const BOOKING_TEXT = {
  required: 'Please fill all required fields.',
  noProvider: 'Counselling provider not configured. Please try again later.',
  fallbackError: 'Could not send form, please try again.',
  submitting: 'Submitting...',
  submitted: 'Submitted!',
  submit: 'Book my free session',
} as const;

export type BookingCategory = '' | 'destination' | 'exam';
export interface Choice {
  value: string;
  label: string;
}

export interface BookingFormState {
  name: string;
  email: string;
  phone: string;
  message: string;
  category: BookingCategory;
  /** the destination's or exam's id */
  selection: string;
  /** a submit found required fields empty: each is marked at its field, beside SPEC's one message */
  tried: boolean;
  /** what was wrong before sending (required fields, no provider) */
  problem: string;
  destinations: Choice[] | null;
  exams: Choice[] | null;
}

export type BookingField = 'name' | 'email' | 'phone' | 'message';

/** Sends the booking as an inquiry to the provider; what its notice needs comes back with the answer. */
async function sendBooking(form: BookingFormState, provider: { id: number | null; name: string }) {
  const { name, email, phone, message, category, selection } = form;
  const id = provider.id!;
  const answer = await submitInquiry({
    name: name.trim(),
    email: email.trim(),
    phone: phone.trim(),
    message: `${MESSAGE_PREFIX}${message.trim()}`,
    entity_type: 'consultancy',
    entity_id: id,
    consultancy: id,
    destination: category === 'destination' ? Number(selection) : null,
    exam: category === 'exam' ? Number(selection) : null,
  });
  return { answer, details: { provider: provider.name, phone: phone.trim(), email: email.trim(), consultancy: id } };
}

/** A destination of the dropdown route, whatever it names its label. */
const destinationChoice = (r: { id?: unknown; value?: unknown; label?: unknown; title?: string; name?: string }): Choice => ({
  value: String(r.value ?? r.id),
  label: String(r.label ?? r.title ?? r.name ?? ''),
});

/**
 * SPEC §2, §4, §5: the booking dialog's form. It starts from the signed-in user's name, email and
 * phone (from the profile when the session lacks a first name); sending goes 'Submitting...' →
 * 'Submitted!', and 1000 ms later the dialog closes and the booking is remembered for its notice.
 */
export function createBookingForm(user: DialogUser | null, provider: { id: number | null; name: string }) {
  const $form = map<BookingFormState>({
    name: fullName(user),
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    message: '',
    category: '',
    selection: '',
    tried: false,
    problem: '',
    destinations: null,
    exams: null,
  });
  const get = () => $form.get();
  const set = (patch: Partial<BookingFormState>) => $form.set({ ...get(), ...patch });
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let open = true;

  const sending = createSubmission(() => sendBooking(get(), provider), BOOKING_TEXT.fallbackError);

  return {
    $form,
    $sending: sending.$submission,
    edit: (field: BookingField, value: string) => set({ [field]: value }),
    choose: (category: BookingCategory) => set({ category, selection: '' }),
    select: (selection: string) => set({ selection }),
    /** The lists load when the dialog opens; a failure gives an empty list and no message. */
    loadChoices() {
      // neither loader rejects: each answers [] on a failure
      void loadDestinations().then((rows) => {
        if (open) set({ destinations: rows.map(destinationChoice) });
      });
      void loadExams().then((rows) => {
        if (open) set({ exams: rows.map((r) => ({ value: String(r.id), label: r.name })) });
      });
    },
    /** No first name in the session: name, email and phone from the profile; a failure is only logged. */
    prefill(access: string | null) {
      if (!user || !access || user.firstName || user.first_name) return;
      me(access)
        .then((profile) => {
          if (!open) return;
          const name = fullName(profile);
          set({
            ...(name ? { name } : {}),
            ...(profile.email ? { email: profile.email } : {}),
            ...(profile.phone ? { phone: profile.phone } : {}),
          });
        })
        .catch((err: unknown) => console.warn('profile unavailable', err));
    },
    async submit(onClose: () => void) {
      if (sending.$submission.get().status !== 'idle') return;
      const { name, email, phone, category, selection } = get();
      sending.reset();
      const problem =
        !name.trim() || !phone.trim() || !email.trim() || !category || !selection
          ? BOOKING_TEXT.required
          : !provider.id
            ? BOOKING_TEXT.noProvider
            : '';
      set({ problem, tried: get().tried || problem === BOOKING_TEXT.required });
      if (problem) return;
      const sent = await sending.submit();
      if (!sent) return;
      // the notice with the reference shows once the dialog has closed (CounsellingBanner)
      closeTimer = setTimeout(() => {
        rememberBooking(sent.answer, sent.details);
        onClose();
      }, CLOSE_DELAY_MS);
    },
    close() {
      open = false;
      clearTimeout(closeTimer);
    },
  };
}
export type BookingForm = ReturnType<typeof createBookingForm>;

/** What the form says went wrong: the check before sending, else the server's words. */
export const bookingError = (form: BookingFormState, failure: { text: string; detail?: string } | null) =>
  form.problem || (failure ? said(failure) : '');
