/** @jsxImportSource preact */
import { Fragment, useEffect, useState, type FormEvent } from 'preact/compat';
import { checkApplication, editApplication, type ApplicationStatus } from '../lib/api/public.ts';
import { formatDate } from '../lib/format.ts';
import { Field, FailureNote, SubmitButton, failure, type Failure } from './FormBits.tsx';

export const NOT_FOUND = 'Tracking code not found';
export const UPDATE_FAILED = 'Failed to update application';
const EDITABLE = ['full_name', 'email', 'phone', 'address', 'preferred_intake', 'education_level', 'message'] as const;
const LABELS: Record<(typeof EDITABLE)[number], string> = {
  full_name: 'Full name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  preferred_intake: 'Preferred intake',
  education_level: 'Education level',
  message: 'Message',
};

const human = (s: string) => s.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** /track/: check by code (status, timeline), and edit by code while the application is untouched. */
export default function Track() {
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<ApplicationStatus | null>(null);
  const [error, setError] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  const check = async (value: string) => {
    if (!value.trim()) return;
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      setStatus(await checkApplication(value));
    } catch (err) {
      setStatus(null);
      setError(failure(NOT_FOUND, err));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const fromUrl = new URLSearchParams(location.search).get('code');
    if (fromUrl) {
      setCode(fromUrl);
      void check(fromUrl);
    }
  }, []);

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    setEditing(false);
    void check(code);
  };

  const onEdit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const changes: Record<string, string> = {};
    for (const key of EDITABLE) {
      const value = String(form.get(key) ?? '').trim();
      if (value && value !== String(status?.[key] ?? '')) changes[key] = value;
    }
    setBusy(true);
    setError(null);
    try {
      await editApplication(status?.tracking_code ?? code, changes);
      setEditing(false);
      await check(status?.tracking_code ?? code);
      setSaved(true);
    } catch (err) {
      setError(failure(UPDATE_FAILED, err));
    } finally {
      setBusy(false);
    }
  };

  const f = error?.fields ?? {};
  return (
    <>
      <form method="post" onSubmit={onCheck} className="panel row" role="search">
        <div className="field grow">
          <label htmlFor="tr-code">Tracking code</label>
          <input id="tr-code" value={code} onChange={(e) => setCode(e.currentTarget.value)} required autoComplete="off" autoCapitalize="characters" />
        </div>
        <SubmitButton busy={busy} busyLabel="Check status">
          Check status
        </SubmitButton>
      </form>
      {!editing ? <FailureNote failure={error} /> : null}
      {saved ? (
        <p className="success" role="status">
          Application updated.
        </p>
      ) : null}
      {status ? (
        <section className="panel" aria-live="polite">
          <h2>
            {human(status.status)} <span className="muted">· {status.consultancy_name}</span>
          </h2>
          <dl className="facts">
            <dt>Code</dt>
            <dd>{status.tracking_code}</dd>
            {EDITABLE.filter((k) => status[k]).map((k) => (
              <Fragment key={k}>
                <dt>{LABELS[k]}</dt>
                <dd>{String(status[k])}</dd>
              </Fragment>
            ))}
          </dl>
          <h3>Timeline</h3>
          <ol className="timeline">
            {status.timeline.map((t, i) => (
              <li key={i}>
                <strong>{human(t.status)}</strong> <span className="muted">{formatDate(t.created_at, { time: true })}</span>
                {t.note ? <p>{t.note}</p> : null}
              </li>
            ))}
          </ol>
          {status.editable !== false && !editing ? (
            <button type="button" className="btn" onClick={() => setEditing(true)}>
              Edit application
            </button>
          ) : null}
          {status.editable === false ? <p className="muted">The consultancy has started on this application, so it can no longer be changed here.</p> : null}
          {editing ? (
            <form method="post" onSubmit={onEdit}>
              <p className="muted">Fill in only what you want to change.</p>
              {EDITABLE.map((k) => (
                <Field key={k} id={`ed-${k}`} label={LABELS[k]} errors={f[k]}>
                  {k === 'message' ? (
                    <textarea id={`ed-${k}`} name={k} rows={3} />
                  ) : (
                    <input id={`ed-${k}`} name={k} type={k === 'email' ? 'email' : k === 'phone' ? 'tel' : 'text'} />
                  )}
                </Field>
              ))}
              <FailureNote failure={error} />
              <div className="row">
                <SubmitButton busy={busy} busyLabel="Save changes">
                  Save changes
                </SubmitButton>
                <button type="button" className="btn" onClick={() => setEditing(false)}>
                  Cancel
                </button>
              </div>
            </form>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
