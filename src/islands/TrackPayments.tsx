/** @jsxImportSource preact */
import { useEffect, useMemo, useState, type FormEvent } from 'preact/compat';
import type { Payment } from '../lib/contract/cases.ts';
import { formatDate, formatMoney } from '../lib/format.ts';
import { createCaseStore, type CaseStore } from '../lib/stores/case.ts';
import { Field, FailureNote, SubmitButton } from './FormBits.tsx';
import { useStore } from './useStore.ts';

/** The payments the consultancy recorded, each to confirm or dispute, and its written agreement, on /track/. */
export default function TrackPayments({ code }: { code: string }) {
  const store = useMemo(() => createCaseStore({ code }), [code]);
  const { payments, error, errorIn } = useStore(store.$case);
  useEffect(() => {
    void store.loadPayments();
  }, [store]);
  if (!payments) return errorIn === 'payments' ? <FailureNote failure={error} /> : null;

  return (
    <section aria-labelledby="tp-title">
      <h3 id="tp-title">Payments and agreement</h3>
      {payments.agreement ? (
        <p>
          Written agreement: <a href={payments.agreement.url}>{payments.agreement.original_name || 'Download'}</a>{' '}
          <span className="muted">(added {formatDate(payments.agreement.uploaded_at)})</span>
        </p>
      ) : (
        <p className="notice">The consultancy has not attached a written agreement yet. Nepal's rules ask for one: ask them for it.</p>
      )}
      {payments.results.length ? (
        <>
          <ul className="grid list-none gap-3 p-0">
            {payments.results.map((p) => (
              <PaymentItem key={p.id} payment={p} store={store} />
            ))}
          </ul>
          <p>
            Total recorded: <strong>{formatMoney(payments.total_npr, 'NPR')}</strong>
          </p>
        </>
      ) : (
        <p className="muted">No payments recorded. Each payment you make should appear here with its receipt number.</p>
      )}
      {errorIn === 'payments' ? <FailureNote failure={error} /> : null}
    </section>
  );
}

function PaymentItem({ payment: p, store }: { payment: Payment; store: CaseStore }) {
  const { busy, error, errorIn } = useStore(store.$case);
  const [disputing, setDisputing] = useState(false);
  const [reason, setReason] = useState('');
  const onDispute = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.dispute(p.id, reason)) setDisputing(false);
  };
  return (
    <li className="card">
      <p>
        <strong>{formatMoney(p.amount_npr, 'NPR')}</strong> · {p.purpose} · paid {formatDate(p.paid_on)}
      </p>
      <p>
        {p.receipt_missing ? <span className="badge warn">No receipt number</span> : <>Receipt {p.receipt_number}</>}{' '}
        <span className={p.state === 'disputed' ? 'badge lapsed' : p.state === 'confirmed' ? 'badge ok' : 'badge'}>{p.state_label}</span>
      </p>
      {p.dispute_reason ? <p className="muted">Your reason: {p.dispute_reason}</p> : null}
      {p.state === 'recorded' && !disputing ? (
        <div className="row">
          <button type="button" className="btn" disabled={busy} onClick={() => void store.confirm(p.id)}>
            Confirm
          </button>
          <button type="button" className="btn danger" onClick={() => setDisputing(true)}>
            Dispute
          </button>
        </div>
      ) : null}
      {disputing ? (
        <form method="post" onSubmit={onDispute}>
          <Field id={`tp-reason-${p.id}`} label="What is wrong?" errors={errorIn === 'payments' ? error?.fields?.reason : undefined}>
            <textarea
              id={`tp-reason-${p.id}`}
              rows={2}
              maxLength={2000}
              required
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </Field>
          <div className="row">
            <SubmitButton className="btn danger" busy={busy} busyLabel="Sending…">
              Dispute payment
            </SubmitButton>
            <button type="button" className="btn" onClick={() => setDisputing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
