/** @jsxImportSource preact */
import { Fragment, useEffect, useMemo, useState, type FormEvent } from 'preact/compat';
import { applicationDataUrl, loadDestinations, type ApplicationStatus, type Option } from '../lib/api/public.ts';
import { EDUCATION_LEVELS } from '../lib/contract/applications.ts';
import { formatDate } from '../lib/format.ts';
import { applicationFacts } from '../lib/shared/tracking.ts';
import { StageTimeline } from './StageTimeline.tsx';
import { createTrackStore, type TrackState, type TrackStore } from '../lib/stores/track.ts';
import { Dialog } from './Dialog.tsx';
import TrackDocuments from './TrackDocuments.tsx';
import TrackMessages from './TrackMessages.tsx';
import TrackPayments from './TrackPayments.tsx';
import { Field, FailureNote, SubmitButton } from './FormBits.tsx';
import { useStore } from './useStore.ts';
import { useTrackingCode } from './useTrackingCode.ts';

export { NOT_FOUND, UPDATE_FAILED } from '../lib/stores/track.ts';

const DONE_TEXT = {
  updated: 'Application updated.',
  withdrawn: 'Application withdrawn. The consultancy has been told.',
  noticesOn: 'We will email you when this application changes.',
  noticesOff: 'We will not email you about this application any more.',
  confirmed: "Thank you: your confirmation is saved and counts in the consultancy's public figures.",
  disputed: "Saved: the consultancy's record now shows that you say it is not right.",
  erased: 'Your personal data in this application has been erased. The tracking code no longer finds it.',
} as const;

/** /track/: the application as the API gives it (status, timeline, choices), edit and add documents while untouched, withdraw until a decision. */
export default function Track({ store: given }: { store?: TrackStore }) {
  const store = useMemo(() => given ?? createTrackStore(), [given]);
  const { status, busy, done, error, errorIn, review, asOf } = useStore(store.$track);
  const [code, setCode] = useTrackingCode(store.check);
  const [mode, setMode] = useState<'view' | 'edit' | 'withdraw' | 'erase'>('view');

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    setMode('view');
    void store.check(code);
  };

  return (
    <>
      {/* a GET form: without scripts the server answers /track/?code= with the application (server/site/no-script.ts) */}
      <form method="get" action="/track/" onSubmit={onCheck} className="panel row" role="search">
        <div className="field grow">
          <label htmlFor="tr-code">Tracking code</label>
          <input
            id="tr-code"
            name="code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            required
            autoComplete="off"
            autoCapitalize="characters"
          />
        </div>
        <SubmitButton busy={busy && mode === 'view'} busyLabel="Check status" native>
          Check status
        </SubmitButton>
      </form>
      {errorIn === 'check' ? <FailureNote failure={error} /> : null}
      {done ? (
        <p className="success" role="status">
          {DONE_TEXT[done]}
        </p>
      ) : null}
      {asOf ? (
        <p className="muted" role="status">
          You are offline: this is the application as last checked on this phone, as of {formatDate(asOf, { time: true })}.
        </p>
      ) : null}
      {status ? (
        <section className="panel" aria-live="polite">
          <Summary status={status} />
          <StageTimeline status={status} store={store} />
          <TrackDocuments code={status.tracking_code} />
          {mode === 'edit' ? (
            <EditForm status={status} store={store} onDone={() => setMode('view')} />
          ) : (
            <TrackActions status={status} review={review} onMode={(next) => (store.clearError(), setMode(next))} />
          )}
          <p>
            <label className="check">
              <input
                type="checkbox"
                checked={status.notify_applicant !== false}
                disabled={busy}
                onChange={(e) => void store.notices(e.currentTarget.checked)}
              />{' '}
              Email me when this application changes
            </label>
          </p>
          {status.editable === false && status.status !== 'withdrawn' ? (
            <p className="muted">The consultancy has started on this application, so its details can no longer be changed here.</p>
          ) : null}
          <TrackMessages code={status.tracking_code} />
          <TrackPayments code={status.tracking_code} />
          <YourData code={status.tracking_code} onErase={() => (store.clearError(), setMode('erase'))} />
          {mode === 'erase' ? <EraseDialog store={store} onClose={() => setMode('view')} /> : null}
          {mode === 'withdraw' ? (
            <WithdrawDialog store={store} name={status.consultancy?.name ?? status.consultancy_name} onClose={() => setMode('view')} />
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/** What the applicant can do next: edit while untouched, withdraw until a decision, review once the consultancy acted. */
function TrackActions({
  status,
  review,
  onMode,
}: {
  status: ApplicationStatus;
  review: TrackState['review'];
  onMode: (mode: 'edit' | 'withdraw') => void;
}) {
  return (
    <div className="row">
      {status.editable ? (
        <button type="button" className="btn" onClick={() => onMode('edit')}>
          Edit or add documents
        </button>
      ) : null}
      {status.withdrawable ? (
        <button type="button" className="btn danger" onClick={() => onMode('withdraw')}>
          Withdraw application
        </button>
      ) : null}
      {review?.acted ? (
        <a className="btn" href={`/review/?code=${encodeURIComponent(status.tracking_code)}`}>
          {review.written ? 'Edit your review' : 'Review this consultancy'}
        </a>
      ) : null}
    </div>
  );
}

function Summary({ status }: { status: ApplicationStatus }) {
  const consultancy = status.consultancy?.name ?? status.consultancy_name;
  return (
    <>
      <h2>
        {status.status_label ?? status.status}{' '}
        <span className="muted">
          · {status.consultancy ? <a href={`/consultancy/${status.consultancy.slug}/`}>{consultancy}</a> : consultancy}
        </span>
      </h2>
      <dl className="facts">
        {applicationFacts(status).map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}

function EditForm({ status, store, onDone }: { status: ApplicationStatus; store: TrackStore; onDone: () => void }) {
  const { busy, error, errorIn } = useStore(store.$track);
  const [destinations, setDestinations] = useState<Option[]>([]);
  useEffect(() => {
    void loadDestinations().then(setDestinations);
  }, []);
  // controlled: Preact sets a select's value after its options, not its defaultValue
  const [destination, setDestination] = useState(status.destination ? String(status.destination.id) : '');
  const [level, setLevel] = useState(status.education_level ?? '');
  const f = errorIn === 'edit' ? (error?.fields ?? {}) : {};
  const masked = status.applicant;
  const keep = (value: string | undefined) => (value ? `Unchanged: ${value}` : 'Unchanged');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await store.edit(new FormData(event.currentTarget))) onDone();
  };

  return (
    <form method="post" onSubmit={onSubmit} encType="multipart/form-data">
      <h3>Change your application</h3>
      <p className="muted">
        Your name, email, phone, address and message are not shown here, to protect them: leave a field empty to keep it.
      </p>
      <Field id="ed-full_name" label="Full name" errors={f.full_name}>
        <input id="ed-full_name" name="full_name" autoComplete="name" placeholder={keep(masked?.full_name)} />
      </Field>
      <Field id="ed-email" label="Email" errors={f.email}>
        <input id="ed-email" name="email" type="email" autoComplete="email" placeholder={keep(masked?.email)} />
      </Field>
      <Field id="ed-phone" label="Phone" errors={f.phone}>
        <input id="ed-phone" name="phone" type="tel" autoComplete="tel" placeholder={keep(masked?.phone)} />
      </Field>
      <Field id="ed-address" label="Address" errors={f.address}>
        <input id="ed-address" name="address" autoComplete="street-address" placeholder="Unchanged" />
      </Field>
      <Field id="ed-destination" label="Destination" errors={f.destination}>
        <select id="ed-destination" name="destination" value={destination} onChange={(e) => setDestination(e.currentTarget.value)}>
          <option value="">Not decided yet</option>
          {[
            ...(status.destination && !destinations.some((d) => d.value === status.destination!.id)
              ? [{ value: status.destination.id, label: status.destination.name }]
              : []),
            ...destinations,
          ].map((d) => (
            <option key={d.value} value={String(d.value)}>
              {d.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="ed-intake" label="Preferred intake" errors={f.preferred_intake}>
        <input id="ed-intake" name="preferred_intake" defaultValue={status.preferred_intake ?? ''} placeholder="e.g. September 2027" />
      </Field>
      <Field id="ed-level" label="Education level" errors={f.education_level}>
        <select id="ed-level" name="education_level" value={level} onChange={(e) => setLevel(e.currentTarget.value)}>
          <option value="">Choose</option>
          {[...new Set([...EDUCATION_LEVELS, ...(status.education_level ? [status.education_level] : [])])].map((l) => (
            <option key={l}>{l}</option>
          ))}
        </select>
      </Field>
      <Field id="ed-message" label="Message" errors={f.message}>
        <textarea id="ed-message" name="message" rows={3} placeholder="Unchanged" />
      </Field>
      <Field id="ed-docs" label="Add documents (PDF or images)" errors={f.documents}>
        <input id="ed-docs" name="documents" type="file" multiple accept="application/pdf,image/*" />
      </Field>
      {errorIn === 'edit' ? <FailureNote failure={error} /> : null}
      <div className="row">
        <SubmitButton busy={busy} busyLabel="Saving…">
          Save changes
        </SubmitButton>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function WithdrawDialog({ store, name, onClose }: { store: TrackStore; name: string; onClose: () => void }) {
  const { busy, error, errorIn } = useStore(store.$track);
  const [reason, setReason] = useState('');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.withdraw(reason)) onClose();
  };
  return (
    <Dialog title="Withdraw this application?" onClose={onClose} size="sm">
      <form method="post" onSubmit={onSubmit}>
        <p>{name} will stop working on it. This cannot be undone: to go ahead later, apply again.</p>
        <Field id="wd-reason" label="Reason (optional)" errors={errorIn === 'withdraw' ? error?.fields?.reason : undefined}>
          <textarea id="wd-reason" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        </Field>
        {errorIn === 'withdraw' ? <FailureNote failure={error} /> : null}
        <div className="row">
          <SubmitButton className="btn danger" busy={busy} busyLabel="Withdrawing…">
            Withdraw application
          </SubmitButton>
          <button type="button" className="btn" onClick={onClose}>
            Keep it
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The student's data (issue 26): download everything held about the application, or have it erased. */
function YourData({ code, onErase }: { code: string; onErase: () => void }) {
  return (
    <>
      <h3>Your data</h3>
      <p className="muted">One archive holds everything kept about this application: your details, its timeline and your documents.</p>
      <div className="row">
        <a className="btn" href={applicationDataUrl(code)} download>
          Download my data
        </a>
        <button type="button" className="btn danger" onClick={onErase}>
          Erase my data
        </button>
      </div>
    </>
  );
}

function EraseDialog({ store, onClose }: { store: TrackStore; onClose: () => void }) {
  const { busy, error, errorIn } = useStore(store.$track);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.erase()) onClose();
  };
  return (
    <Dialog title="Erase your data?" onClose={onClose} size="sm">
      <form method="post" onSubmit={onSubmit}>
        <p>
          Your documents are deleted and your name, email, phone, address and message are blanked, at once. The consultancy keeps only the
          stages and dates, without your identity, for its public figures. Your tracking code will no longer find this application. This
          cannot be undone: download your data first if you want a copy.
        </p>
        {errorIn === 'erase' ? <FailureNote failure={error} /> : null}
        <div className="row">
          <SubmitButton className="btn danger" busy={busy} busyLabel="Erasing…">
            Erase my data
          </SubmitButton>
          <button type="button" className="btn" onClick={onClose}>
            Keep it
          </button>
        </div>
      </form>
    </Dialog>
  );
}
