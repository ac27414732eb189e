/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/compat';
import { $session } from '../lib/stores/session.ts';
import { BOOKING_TEXT as TEXT, bookingError, createBookingForm, type BookingField, type BookingForm } from '../lib/stores/bookingForm.ts';
import { Combobox } from './Combobox.tsx';
import { Dialog } from './Dialog.tsx';
import { displayName, type DialogUser } from './user.ts';
import { useStore } from './useStore.ts';

export { CLOSE_DELAY_MS } from '../lib/stores/bookingForm.ts';

export interface BookingDialogProps {
  providerId: number | null;
  providerName: string;
  onClose: () => void;
}

interface TextFieldProps {
  form: BookingForm;
  field: BookingField;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
}

/** A text field of the form: marked when a submit found it empty or the server refused it, the server's words beside it. */
function TextField({ form, field, label, type, autoComplete, required = false }: TextFieldProps) {
  const values = useStore(form.$form);
  const errors = useStore(form.$sending).failure?.fields?.[field];
  const value = values[field];
  const invalid = (required && values.tried && !value.trim()) || (errors ? true : undefined);
  const id = `bk-${field}`;
  const onChange = (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => form.edit(field, e.currentTarget.value);
  const described = errors ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {field === 'message' ? (
        <textarea id={id} name={field} rows={3} aria-invalid={invalid} aria-describedby={described} value={value} onChange={onChange} />
      ) : (
        <input
          id={id}
          name={field}
          type={type}
          autoComplete={autoComplete}
          aria-invalid={invalid}
          aria-describedby={described}
          value={value}
          onChange={onChange}
        />
      )}
      {errors ? (
        <p className="error" id={described}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

function Choice({ form }: { form: BookingForm }) {
  const { category, selection, tried, destinations, exams } = useStore(form.$form);
  if (!category) return null;
  const destination = category === 'destination';
  const options = destination ? destinations : exams;
  return (
    <Combobox
      key={category}
      label={destination ? 'Destination' : 'Exam'}
      required
      options={options ?? []}
      value={selection}
      onChange={form.select}
      loading={options === null}
      placeholder={destination ? 'Select or search destination' : 'Select or search exam'}
      loadingPlaceholder={destination ? 'Loading destinations...' : 'Loading exams...'}
      emptyMessage={destination ? 'No destinations found.' : 'No exams found.'}
      error={tried && !selection.trim() ? (destination ? 'Choose a destination.' : 'Choose an exam.') : undefined}
    />
  );
}

function Category({ form }: { form: BookingForm }) {
  const { category } = useStore(form.$form);
  return (
    <fieldset className="field choice">
      <legend>I need help with *</legend>
      {(['destination', 'exam'] as const).map((c) => (
        <label key={c}>
          <input type="radio" name="category" value={c} checked={category === c} onChange={() => form.choose(c)} />{' '}
          {c === 'destination' ? 'A study destination' : 'An exam'}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * SPEC §2, §4, §5: the booking form (its state and sending: src/lib/stores/bookingForm.ts). On open it
 * starts from the signed-in user; category first, then a searchable selection.
 */
export function BookingDialog({ providerId, providerName, onClose }: BookingDialogProps) {
  const session = useStore($session);
  const user = session.user as DialogUser | null;
  const [form] = useState(() => createBookingForm(user, { id: providerId, name: providerName }));
  const values = useStore(form.$form);
  const sending = useStore(form.$sending);
  const error = bookingError(values, sending.failure);
  const formRef = useRef<HTMLFormElement>(null);

  // once, on open: the session as it is now (the form is created once, so this never runs again)
  useEffect(() => {
    form.loadChoices();
    form.prefill($session.get().access);
    return form.close;
  }, [form]);

  // a refused field takes the focus, so the visitor sees which one the message means
  useEffect(() => {
    if (error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error, sending.failure]);

  return (
    <Dialog title={`Book FREE Study Abroad Counselling Session with ${providerName}`} onClose={onClose} size="md" className="booking">
      <form
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(onClose);
        }}
        noValidate
        ref={formRef}
      >
        {user ? <p className="muted">Signed in as {displayName(user)}</p> : null}
        <TextField form={form} field="name" label="Full name *" autoComplete="name" required />
        <TextField form={form} field="email" label="Email *" type="email" autoComplete="email" required />
        <TextField form={form} field="phone" label="Phone *" type="tel" autoComplete="tel" required />
        <Category form={form} />
        <Choice form={form} />
        <TextField form={form} field="message" label="Message (optional)" />
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn primary wide" disabled={sending.status !== 'idle'}>
          {sending.status === 'busy' ? TEXT.submitting : sending.status === 'done' ? TEXT.submitted : TEXT.submit}
        </button>
      </form>
    </Dialog>
  );
}
