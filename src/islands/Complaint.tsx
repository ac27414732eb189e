/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/compat';
import { submitComplaint } from '../lib/api/public.ts';
import { COMPLAINT_FAILED } from '../lib/api/complaints.ts';
import { COMPLAINT_ANSWER_DAYS } from '../lib/contract/complaints.ts';
import { formatDate } from '../lib/format.ts';
import { filedInHistory, followHref, forgetFiled, keepFiled, type Filed as FiledState } from '../lib/site/complaint-filed.ts';
import { COPY_TEXT, copyText } from '../lib/site/copy.ts';
import { Combobox } from './Combobox.tsx';
import { useDropdownOptions } from './useDropdownOptions.ts';
import { Field, FailureNote, SubmitButton } from './FormBits.tsx';
import { useSubmit } from './useSubmit.ts';

export { COMPLAINT_FAILED };

/** /complaint/: name, email, phone, consultancy (searched among some 300 by name), subject, message, optional evidence file. */
export default function Complaint() {
  const consultancies = useDropdownOptions('consultancy/dropdown');
  const [consultancy, setConsultancy] = useState('');
  const [earlier, setEarlier] = useState<FiledState | null>(null);
  const file = useSubmit(async (form) => {
    const evidence = form.get('evidence');
    if (evidence instanceof File && evidence.size === 0) form.delete('evidence');
    if (!form.get('consultancy')) form.delete('consultancy');
    const filed = { ...(await submitComplaint(form)), email: String(form.get('email') ?? '') };
    keepFiled(filed);
    return filed;
  }, COMPLAINT_FAILED);

  // Back (or a reload) to this entry after filing: the confirmation again, not a blank form
  useEffect(() => setEarlier(filedInHistory()), []);

  const done = file.result ?? earlier;
  const another = () => {
    forgetFiled();
    file.reset();
    setEarlier(null);
  };
  if (done) return <Filed filed={done} onAnother={another} />;
  const f = file.failure?.fields ?? {};
  return (
    <form method="post" action="/api/complaint/submit/" onSubmit={file.onSubmit} className="panel" encType="multipart/form-data">
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
      <FailureNote failure={file.failure} />
      <SubmitButton className="btn primary wide" busy={file.busy} busyLabel="Sending..." native>
        Submit complaint
      </SubmitButton>
    </form>
  );
}

/** The confirmation: which code to keep and why, a copy button, and the follow-up page with the code filled in. */
function Filed({ filed, onAnother }: { filed: FiledState; onAnother: () => void }) {
  const codeRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<keyof typeof COPY_TEXT | null>(null);
  return (
    <section className="panel" aria-live="polite">
      <h2>Complaint received</h2>
      <p className="success">Thank you. We review every complaint and will contact you by email.</p>
      <h3>Keep this follow-up code</h3>
      <p className="row">
        <strong className="tracking-code" ref={codeRef} data-complaint-code>
          {filed.code}
        </strong>
        <button type="button" className="btn" onClick={async () => setCopied(await copyText(filed.code, codeRef.current))}>
          Copy code
        </button>
      </p>
      {copied ? (
        <p className="muted" role="status">
          {COPY_TEXT[copied]}
        </p>
      ) : null}
      <p>
        The follow-up code is the key to your complaint: with it you follow it, read the consultancy&apos;s answers and reply. Keep it
        private; we cannot look it up for you.
        {filed.email ? ` We also sent it to ${filed.email}.` : ''}
      </p>
      <dl className="facts">
        <dt>Reference</dt>
        <dd>
          <strong data-complaint-reference>{filed.reference}</strong>
        </dd>
      </dl>
      <p className="muted">
        The reference only names your complaint: quote it when you write to us or the consultancy. It does not open the complaint; the code
        does.
      </p>
      {filed.answer_due_at ? (
        <p className="muted">
          The consultancy is asked to answer within {COMPLAINT_ANSWER_DAYS} days, by {formatDate(filed.answer_due_at)}.
        </p>
      ) : null}
      <p className="row">
        <a className="btn primary" href={followHref(filed.code)}>
          Follow your complaint
        </a>
        <button type="button" className="btn" onClick={onAnother}>
          File another complaint
        </button>
      </p>
    </section>
  );
}
