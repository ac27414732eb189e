/** @jsxImportSource preact */
import { useState, type FormEvent } from 'preact/compat';
import { submitComplaint } from '../lib/api/public.ts';
import { COMPLAINT_FAILED, type FiledComplaint } from '../lib/api/complaints.ts';
import { COMPLAINT_ANSWER_DAYS } from '../lib/contract/complaints.ts';
import { formatDate } from '../lib/format.ts';
import { Combobox } from './Combobox.tsx';
import { useDropdownOptions } from './useDropdownOptions.ts';
import { Field, FailureNote, SubmitButton, failure, type Failure } from './FormBits.tsx';

export { COMPLAINT_FAILED };

/** /complaint/: name, email, phone, consultancy (searched among some 300 by name), subject, message, optional evidence file. */
export default function Complaint() {
  const consultancies = useDropdownOptions('consultancy/dropdown');
  const [consultancy, setConsultancy] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Failure | null>(null);
  const [done, setDone] = useState<FiledComplaint | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const evidence = form.get('evidence');
    if (evidence instanceof File && evidence.size === 0) form.delete('evidence');
    if (!form.get('consultancy')) form.delete('consultancy');
    setBusy(true);
    setError(null);
    try {
      setDone(await submitComplaint(form));
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
        <dl className="facts">
          <dt>Reference</dt>
          <dd>
            <strong data-complaint-reference>{done.reference}</strong>
          </dd>
          <dt>Follow-up code</dt>
          <dd>
            <strong data-complaint-code>
              {done.code}
            </strong>
          </dd>
        </dl>
        <p>
          Write down or copy the follow-up code now: it is shown only this once, and we cannot look it up for you. With it you can follow your complaint, read the
          answers and reply.
        </p>
        {done.answer_due_at ? (
          <p className="muted">
            The consultancy is asked to answer within {COMPLAINT_ANSWER_DAYS} days, by {formatDate(done.answer_due_at)}.
          </p>
        ) : null}
        <p>
          <a className="btn primary" href="/complaint/track/">
            Follow your complaint
          </a>
        </p>
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
        options={consultancies.options}
        value={consultancy}
        onChange={setConsultancy}
        loading={consultancies.loading}
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
