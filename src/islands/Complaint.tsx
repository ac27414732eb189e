/** @jsxImportSource preact */
import { useEffect, useMemo, useState, type FormEvent } from 'preact/compat';
import { dropdown, submitComplaint, type Option } from '../lib/api/public.ts';
import { Combobox } from './Combobox.tsx';
import { Field, FailureNote, SubmitButton, failure, type Failure } from './FormBits.tsx';

export const COMPLAINT_FAILED = 'Failed to submit complaint form';

/** /complaint/: name, email, phone, consultancy (searched among some 300 by name), subject, message, optional evidence file. */
export default function Complaint() {
  const [consultancies, setConsultancies] = useState<Option[] | null>(null);
  const [consultancy, setConsultancy] = useState('');
  const consultancyOptions = useMemo(() => (consultancies ?? []).map((c) => ({ value: String(c.value), label: c.label })), [consultancies]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Failure | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    void dropdown('consultancy/dropdown').then(setConsultancies);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const evidence = form.get('evidence');
    if (evidence instanceof File && evidence.size === 0) form.delete('evidence');
    if (!form.get('consultancy')) form.delete('consultancy');
    setBusy(true);
    setError(null);
    try {
      await submitComplaint(form);
      setDone(true);
    } catch (err) {
      setError(failure(COMPLAINT_FAILED, err));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="panel" aria-live="polite">
        <h2>Complaint received</h2>
        <p className="success">Thank you. We review every complaint and will contact you by email.</p>
      </section>
    );
  }
  const f = error?.fields ?? {};
  return (
    <form method="post" onSubmit={onSubmit} className="panel" encType="multipart/form-data">
      <Field id="cp-name" label="Your name" required errors={f.name}>
        <input id="cp-name" name="name" required autoComplete="name" />
      </Field>
      <Field id="cp-email" label="Email" required errors={f.email}>
        <input id="cp-email" name="email" type="email" required autoComplete="email" />
      </Field>
      <Field id="cp-phone" label="Phone" errors={f.phone}>
        <input id="cp-phone" name="phone" type="tel" autoComplete="tel" />
      </Field>
      <Combobox
        label="Consultancy"
        name="consultancy"
        options={consultancyOptions}
        value={consultancy}
        onChange={setConsultancy}
        loading={consultancies === null}
        placeholder="Type to search consultancies"
        loadingPlaceholder="Loading consultancies..."
        emptyMessage="No consultancy by that name."
        error={f.consultancy?.join(' ')}
      />
      <Field id="cp-subject" label="Subject" required errors={f.subject}>
        <input id="cp-subject" name="subject" required maxLength={250} />
      </Field>
      <Field id="cp-message" label="What happened?" required errors={f.message}>
        <textarea id="cp-message" name="message" rows={5} required />
      </Field>
      <Field id="cp-evidence" label="Evidence (optional: PDF or image)" errors={f.evidence}>
        <input id="cp-evidence" name="evidence" type="file" accept="application/pdf,image/*" />
      </Field>
      <FailureNote failure={error} />
      <SubmitButton className="btn primary wide" busy={busy} busyLabel="Sending...">
        Submit complaint
      </SubmitButton>
    </form>
  );
}
