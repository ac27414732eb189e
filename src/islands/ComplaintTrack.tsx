/** @jsxImportSource preact */
import { Fragment, useMemo, useState, type FormEvent } from 'preact/compat';
import type { FollowedComplaint } from '../lib/api/complaints.ts';
import { authorLabel } from '../lib/shared/complaint-record.ts';
import { complaintFacts } from '../lib/shared/tracking.ts';
import { createComplaintTrackStore, type ComplaintTrackStore } from '../lib/stores/complaintTrack.ts';
import { ComplaintHistory } from './ComplaintHistory.tsx';
import { Field, FailureNote, SubmitButton } from './FormBits.tsx';
import { useStore } from './useStore.ts';
import { useTrackingCode } from './useTrackingCode.ts';

/** /complaint/track/: the complaint by its follow-up code, its deadline and history, and a reply. */
export default function ComplaintTrack({ store: given }: { store?: ComplaintTrackStore }) {
  const store = useMemo(() => given ?? createComplaintTrackStore(), [given]);
  const { complaint, busy, replied, error, errorIn } = useStore(store.$state);
  // the confirmation's "Follow your complaint" and the mailed link carry ?code=: filled and checked at once
  const [code, setCode] = useTrackingCode(store.check);
  const [message, setMessage] = useState('');

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    void store.check(code);
  };
  const onReply = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.reply(message)) setMessage('');
  };

  return (
    <>
      <form method="get" action="/complaint/track/" onSubmit={onCheck} className="panel row" role="search">
        <div className="field grow">
          <label htmlFor="ct-code">Follow-up code</label>
          <input
            id="ct-code"
            name="code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellcheck={false}
          />
        </div>
        <SubmitButton busy={busy && !complaint} busyLabel="Looking…" native>
          Show complaint
        </SubmitButton>
      </form>
      {errorIn === 'check' ? <FailureNote failure={error} /> : null}
      {complaint ? (
        <section className="panel" aria-live="polite">
          <Summary complaint={complaint} />
          <h3>History</h3>
          <ComplaintHistory
            events={complaint.history}
            labelOf={(author) => authorLabel(author, { reader: 'complainant', consultancy: complaint.consultancy?.name })}
          />
          <form method="post" onSubmit={onReply}>
            <Field id="ct-reply" label="Add a reply" required errors={errorIn === 'reply' ? error?.fields?.message : undefined}>
              <textarea
                id="ct-reply"
                rows={3}
                maxLength={5000}
                required
                value={message}
                onInput={(e) => setMessage(e.currentTarget.value)}
              />
            </Field>
            {errorIn === 'reply' && !error?.fields ? <FailureNote failure={error} /> : null}
            {replied ? (
              <p className="success" role="status">
                Reply sent.
              </p>
            ) : null}
            <SubmitButton busy={busy} busyLabel="Sending...">
              Send reply
            </SubmitButton>
          </form>
        </section>
      ) : null}
    </>
  );
}

function Summary({ complaint }: { complaint: FollowedComplaint }) {
  return (
    <>
      <h2>{complaint.status_label}</h2>
      <dl className="facts">
        {complaintFacts(complaint).map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>
              {label === 'About' && complaint.consultancy ? <a href={`/consultancy/${complaint.consultancy.slug}/`}>{value}</a> : value}
            </dd>
          </Fragment>
        ))}
      </dl>
      <p className="pre-line">{complaint.message}</p>
    </>
  );
}
