import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { downloadPrivateFile } from '../lib/api/files.ts';
import { submitLicence, type Licence } from '../lib/api/licences.ts';
import { LICENCE_STATUS_LABELS, LICENCE_STATUSES, licenceFields } from '../lib/contract/licences.ts';
import { formatDate } from '../lib/format.ts';
import { createFormStore } from '../lib/stores/adminForm.ts';
import type { PagedStore } from '../lib/stores/adminDashboard.ts';
import { decide, licenceSubmissions, ownLicences } from '../lib/stores/licences.ts';
import { PagedCards } from './PagedCards.tsx';
import { EntityForm } from './EntityForm.tsx';
import { RowError, ScreenHeader } from './ui.tsx';

/**
 * Consultancy licences in the console: the admin's list of submissions (verify, or reject with a
 * reason), and the consultancy's own Licence screen (where it stands, submit or renew, history).
 * Cards rather than a table: each carries its history and its decision, and reads on a phone.
 */

/** the semantic colours: checked green, waiting amber, refused red; a replaced one stays plain */
const STATUS_CLASS: Record<Licence['status'], string> = {
  pending: 'badge-unverified',
  verified: 'badge-checked',
  rejected: 'badge-lapsed',
  replaced: '',
};

/** The licence's details, its document and its history, as both screens show them. */
function LicenceFacts({ licence }: { licence: Licence }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  return (
    <>
      <dl className="my-2 grid grid-cols-1 gap-x-3 gap-y-0.5 min-[500px]:grid-cols-[minmax(7rem,auto)_1fr] [&_dd]:mb-1 min-[500px]:[&_dd]:mb-0 [&_dt]:font-semibold [&_dt]:text-muted">
        <dt>Permission number</dt>
        <dd>{licence.permission_number}</dd>
        <dt>Issuing office</dt>
        <dd>{licence.issuing_office}</dd>
        <dt>Issued on</dt>
        <dd>{formatDate(licence.issued_on)}</dd>
        <dt>Valid until</dt>
        <dd>
          {formatDate(licence.expires_on)}
          {licence.status === 'verified' && !licence.valid && <strong> (expired)</strong>}
        </dd>
        {licence.association && (
          <>
            <dt>Association</dt>
            <dd>
              {licence.association}
              {licence.association_number && `, no. ${licence.association_number}`}
            </dd>
          </>
        )}
        <dt>Document</dt>
        <dd>
          <button
            type="button"
            className="btn-link"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setError('');
              try {
                await downloadPrivateFile(licence.document.url, licence.document.original_name || `licence-${licence.id}`);
              } catch (e) {
                setError((e as Error).message);
              } finally {
                setBusy(false);
              }
            }}
          >
            {busy ? 'Downloading…' : `Download ${licence.document.original_name || 'the document'}`}
          </button>
          {error && (
            <span role="alert" className="field-error">
              {' '}
              {error}
            </span>
          )}
        </dd>
      </dl>
      <p className="mt-2 font-semibold">History</p>
      <ol className="mt-1 mb-2 list-decimal pl-5">
        {licence.history.map((step, i) => (
          <li key={i}>
            <strong>{step.action_label}</strong> by {step.who || 'our team'}
            {step.role && ` (${step.role})`}, <time dateTime={step.at}>{formatDate(step.at, { time: true })}</time>
            {step.reason && <p className="text-muted">Reason: {step.reason}</p>}
          </li>
        ))}
      </ol>
    </>
  );
}

const StatusBadge = ({ licence }: { licence: Licence }) => (
  <span className={`badge ${STATUS_CLASS[licence.status]}`}>{licence.status_label}</span>
);

/** Verify, or reject with a reason; a verified licence found wrong can be withdrawn the same way. */
function Decide({ store, licence }: { store: PagedStore<Licence>; licence: Licence }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const id = useId();
  if (licence.status !== 'pending' && licence.status !== 'verified') return null;
  const run = async (decision: Parameters<typeof decide>[2]) => {
    setBusy(true);
    if (await decide(store, licence, decision)) setReason('');
    setBusy(false);
  };
  return (
    <form
      method="post"
      className="mt-2 grid gap-1.5 border-t border-line pt-3 min-[700px]:max-w-lg [&>button]:justify-self-start"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return setMissing(true);
        void run({ reject: reason });
      }}
    >
      {licence.status === 'pending' && (
        <button type="button" className="btn-primary" disabled={busy} onClick={() => void run({ verify: true })}>
          {busy ? 'Saving…' : `Verify licence ${licence.permission_number}`}
        </button>
      )}
      <label htmlFor={`${id}-reason`} className="font-medium">
        {licence.status === 'pending' ? 'Or reject it, saying why' : 'Withdraw it, saying why'}
      </label>
      <textarea
        id={`${id}-reason`}
        rows={2}
        maxLength={1000}
        value={reason}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          setMissing(false);
        }}
      />
      {missing && (
        <p id={`${id}-error`} role="alert" className="field-error">
          Say why, for the consultancy to read.
        </p>
      )}
      <button type="submit" className="btn-danger" disabled={busy}>
        {licence.status === 'pending' ? 'Reject' : 'Withdraw'}
      </button>
      <RowError store={store} id={licence.id} />
    </form>
  );
}

/** Admin: every submission, those waiting for a check first. */
export function AdminLicences() {
  const store = useMemo(() => licenceSubmissions(), []);
  return (
    <PagedCards<Licence>
      name="licences"
      title="Licences"
      intro="Licences sent by consultancies (the Ministry of Education's permission, or Bagmati Province's since 2025). Check each against the document before you verify it; a rejection tells the consultancy your reason."
      store={store}
      filter={{ label: 'Status', options: Object.fromEntries(LICENCE_STATUSES.map((st) => [st, LICENCE_STATUS_LABELS[st]])) }}
      empty="No licences here."
      card={(licence) => (
        <li key={licence.id} className="panel">
          <h2 className="text-base">
            <a href={`/consultancy/${licence.consultancy_slug}/`} target="_blank" rel="noreferrer">
              {licence.consultancy_name}
            </a>{' '}
            <StatusBadge licence={licence} />
          </h2>
          <p className="text-muted">
            Submitted <time dateTime={licence.submitted_at}>{formatDate(licence.submitted_at, { time: true })}</time>
          </p>
          <LicenceFacts licence={licence} />
          <Decide store={store} licence={licence} />
        </li>
      )}
    />
  );
}

/** Where the consultancy stands, in one sentence. */
function Standing() {
  const s = useStore(ownLicences.$state);
  const own = s.data;
  if (!own) return null;
  const { current, pending } = own;
  return (
    <div className="panel mb-4 grid gap-1" role="status">
      {own.standing === 'licensed' && current && (
        <p>
          <strong>Licensed.</strong> Permission no. {current.permission_number}, valid until {formatDate(current.expires_on)}. Your public
          page shows it with the date we checked it.
        </p>
      )}
      {own.standing === 'expired' && current && (
        <p>
          <strong>Your licence expired on {formatDate(current.expires_on)}.</strong> Your public page says so. Send the renewed permission
          below.
        </p>
      )}
      {own.standing === 'none' && (
        <p>
          <strong>No licence on record.</strong> Your public page says “No licence on record” until we verify one.
        </p>
      )}
      {pending && (
        <p>
          Waiting for our check: permission no. {pending.permission_number}, sent {formatDate(pending.submitted_at)}. A new submission
          replaces it.
        </p>
      )}
    </div>
  );
}

/** Consultancy: its licence standing, the submit or renew form, and every submission with its history and reasons. */
export function DashboardLicence() {
  const s = useStore(ownLicences.$state);
  const store = useMemo(
    () => createFormStore({ fields: licenceFields, save: submitLicence, savedMessage: 'Sent. We will check it and tell you here.' }),
    [],
  );
  useEffect(() => {
    void ownLicences.load();
  }, []);
  const renew = s.data?.standing === 'licensed' || s.data?.standing === 'expired';
  return (
    <section aria-labelledby="licence-title">
      <ScreenHeader id="licence-title" title="Licence" />
      {s.error && (
        <p role="alert" className="alert-error">
          {s.error}
        </p>
      )}
      {s.loading && !s.data ? <p role="status">Loading…</p> : <Standing />}
      <EntityForm
        heading="h2"
        title={renew ? 'Renew your licence' : 'Submit your licence'}
        fields={licenceFields}
        mode="create"
        store={store}
        submitLabel="Send for checking"
        onSaved={() => void ownLicences.load()}
      />
      {s.data && s.data.licences.length > 0 && (
        <>
          <h2 className="mt-6 mb-2">Your submissions</h2>
          <ul role="list" className="grid gap-3">
            {s.data.licences.map((licence) => (
              <li key={licence.id} className="panel">
                <h3>
                  Permission no. {licence.permission_number} <StatusBadge licence={licence} />
                </h3>
                {licence.status === 'rejected' && licence.reason && (
                  <p className="field-error">
                    <strong>Why it was rejected:</strong> {licence.reason}
                  </p>
                )}
                <LicenceFacts licence={licence} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
