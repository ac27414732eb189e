/** @jsxImportSource preact */
import { useEffect, useRef, useState, type FormEvent } from 'preact/compat';
import { loadDestinations, loadExams, me, submitInquiry } from '../lib/api/public.ts';
import { ApiError } from '../lib/api/client.ts';
import { $session } from '../lib/stores/session.ts';
import { rememberBooking } from '../lib/stores/booking.ts';
import { Combobox, type ComboOption } from './Combobox.tsx';
import { Dialog } from './Dialog.tsx';
import { displayName, fullName, type DialogUser } from './user.ts';
import { useStore } from './useStore.ts';

export const MESSAGE_PREFIX = 'FREE Counseling: ';
export const CLOSE_DELAY_MS = 1000;
export const TEXT = {
  required: 'Please fill all required fields.',
  noProvider: 'Counselling provider not configured. Please try again later.',
  fallbackError: 'Could not send form, please try again.',
  submitting: 'Submitting...',
  submitted: 'Submitted!',
  submit: 'Book my free session',
} as const;

type Category = '' | 'destination' | 'exam';
type Status = 'idle' | 'submitting' | 'submitted';

export interface BookingDialogProps {
  providerId: number | null;
  providerName: string;
  onClose: () => void;
}

/**
 * SPEC §2, §4, §5: the booking form. On open it resets and prefills name, email and phone from the
 * signed-in user (GET /auth/me/ when there is no first name); category first, then a searchable
 * selection; 'Submitting...' → 'Submitted!' → closes 1000 ms later.
 */
export function BookingDialog({ providerId, providerName, onClose }: BookingDialogProps) {
  const session = useStore($session);
  const user = session.user as DialogUser | null;
  const [name, setName] = useState(() => fullName(user));
  const [email, setEmail] = useState(() => user?.email ?? '');
  const [phone, setPhone] = useState(() => user?.phone ?? '');
  const [message, setMessage] = useState('');
  const [category, setCategory] = useState<Category>('');
  const [selection, setSelection] = useState('');
  const [error, setError] = useState('');
  /** a submit found required fields empty: mark each at its field, beside SPEC's one message */
  const [tried, setTried] = useState(false);
  /** what the server said of each field it refused */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const missing = (v: string) => (tried && !v.trim()) || undefined;
  const invalid = (field: string, v: string) => missing(v) || (fieldErrors[field] ? true : undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [destinations, setDestinations] = useState<ComboOption[] | null>(null);
  const [exams, setExams] = useState<ComboOption[] | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The lists load when the dialog opens; a failure gives an empty list and no message.
  useEffect(() => {
    let live = true;
    loadDestinations().then((rows) => {
      if (live) setDestinations(rows.map((r) => ({ value: String(r.value ?? r.id), label: String(r.label ?? (r as { title?: string }).title ?? (r as { name?: string }).name ?? '') })));
    });
    loadExams().then((rows) => {
      if (live) setExams(rows.map((r) => ({ value: String(r.id), label: r.name })));
    });
    return () => {
      live = false;
      if (closeTimer.current) clearTimeout(closeTimer.current);
    };
  }, []);

  // No first name: fetch the profile and fill name, email and phone from it; failures only logged.
  useEffect(() => {
    const access = session.access;
    if (!user || !access || user.firstName || user.first_name) return;
    let live = true;
    me(access)
      .then((profile) => {
        if (!live) return;
        const profileName = fullName(profile);
        if (profileName) setName(profileName);
        if (profile.email) setEmail(profile.email);
        if (profile.phone) setPhone(profile.phone);
      })
      .catch((err: unknown) => console.warn('profile unavailable', err));
    return () => {
      live = false;
    };
    // only on open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status !== 'idle') return;
    setError('');
    setFieldErrors({});
    if (!name.trim() || !phone.trim() || !email.trim() || !category || !selection) {
      setTried(true);
      setError(TEXT.required);
      return;
    }
    if (!providerId) {
      setError(TEXT.noProvider);
      return;
    }
    setStatus('submitting');
    try {
      const answer = await submitInquiry({
        name: name.trim(),
        email: email.trim(),
        phone: phone.trim(),
        message: `${MESSAGE_PREFIX}${message.trim()}`,
        entity_type: 'consultancy',
        entity_id: providerId,
        consultancy: providerId,
        destination: category === 'destination' ? Number(selection) : null,
        exam: category === 'exam' ? Number(selection) : null,
      });
      setStatus('submitted');
      // the notice with the reference shows once the dialog has closed (CounsellingBanner)
      closeTimer.current = setTimeout(() => {
        rememberBooking(answer, { provider: providerName, phone: phone.trim(), email: email.trim() });
        onClose();
      }, CLOSE_DELAY_MS);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : TEXT.fallbackError);
      setFieldErrors(err instanceof ApiError && err.fields ? err.fields : {});
      setStatus('idle');
    }
  };

  // a refused field takes the focus, so the visitor sees which one the message means
  useEffect(() => {
    if (error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error, fieldErrors]);

  /** the server's words about one field, beside it */
  const fieldError = (field: string) =>
    fieldErrors[field] ? (
      <p className="error" id={`bk-${field}-error`}>
        {fieldErrors[field]!.join(' ')}
      </p>
    ) : null;
  const described = (field: string) => (fieldErrors[field] ? `bk-${field}-error` : undefined);

  const loading = category === 'destination' ? destinations === null : category === 'exam' ? exams === null : false;
  const signedIn = Boolean(session.user);

  return (
    <Dialog title={`Book FREE Study Abroad Counselling Session with ${providerName}`} onClose={onClose} size="md" className="booking">
      <form method="post" onSubmit={onSubmit} noValidate ref={formRef}>
        {signedIn ? <p className="muted">Signed in as {displayName(user)}</p> : null}
        <div className="field">
          <label htmlFor="bk-name">Full name *</label>
          <input id="bk-name" name="name" autoComplete="name" aria-invalid={invalid('name', name)} aria-describedby={described('name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          {fieldError('name')}
        </div>
        <div className="field">
          <label htmlFor="bk-email">Email *</label>
          <input id="bk-email" name="email" type="email" autoComplete="email" aria-invalid={invalid('email', email)} aria-describedby={described('email')} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          {fieldError('email')}
        </div>
        <div className="field">
          <label htmlFor="bk-phone">Phone *</label>
          <input id="bk-phone" name="phone" type="tel" autoComplete="tel" aria-invalid={invalid('phone', phone)} aria-describedby={described('phone')} value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
          {fieldError('phone')}
        </div>
        <fieldset className="field choice">
          <legend>I need help with *</legend>
          {(['destination', 'exam'] as const).map((c) => (
            <label key={c}>
              <input
                type="radio"
                name="category"
                value={c}
                checked={category === c}
                onChange={() => {
                  setCategory(c);
                  setSelection('');
                }}
              />{' '}
              {c === 'destination' ? 'A study destination' : 'An exam'}
            </label>
          ))}
        </fieldset>
        {category === 'destination' ? (
          <Combobox
            key="destination"
            label="Destination"
            required
            options={destinations ?? []}
            value={selection}
            onChange={setSelection}
            loading={loading}
            placeholder="Select or search destination"
            loadingPlaceholder="Loading destinations..."
            emptyMessage="No destinations found."
            error={missing(selection) && 'Choose a destination.'}
          />
        ) : null}
        {category === 'exam' ? (
          <Combobox
            key="exam"
            label="Exam"
            required
            options={exams ?? []}
            value={selection}
            onChange={setSelection}
            loading={loading}
            placeholder="Select or search exam"
            loadingPlaceholder="Loading exams..."
            emptyMessage="No exams found."
            error={missing(selection) && 'Choose an exam.'}
          />
        ) : null}
        <div className="field">
          <label htmlFor="bk-message">Message (optional)</label>
          <textarea id="bk-message" name="message" rows={3} aria-invalid={fieldErrors.message ? true : undefined} aria-describedby={described('message')} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
          {fieldError('message')}
        </div>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn primary wide" disabled={status !== 'idle'}>
          {status === 'submitting' ? TEXT.submitting : status === 'submitted' ? TEXT.submitted : TEXT.submit}
        </button>
      </form>
    </Dialog>
  );
}
