import { useMemo } from 'react';
import type { FlaggedPayment } from '../lib/contract/cases.ts';
import type { DisputedDecision } from '../lib/contract/records.ts';
import { formatDate, formatMoney } from '../lib/format.ts';
import { disputedDecisions, flaggedPayments, PAYMENT_FLAGS } from '../lib/stores/flaggedPayments.ts';
import { PagedCards } from './PagedCards.tsx';

/** The admins' flagged payments (recorded without a receipt, or disputed by the student) and disputed decisions. */
export function AdminPayments() {
  const store = useMemo(() => flaggedPayments(), []);
  return (
    <PagedCards<FlaggedPayment>
      name="payments"
      title="Flagged payments"
      intro="Payments a consultancy recorded without a receipt number, and payments the student disputed. Nepal's rules require a receipt for every fee; the longest waiting come first."
      store={store}
      filter={{ label: 'Flag', options: PAYMENT_FLAGS }}
      empty="No flagged payments."
      card={(p) => <PaymentCard key={p.id} payment={p} />}
    />
  );
}

function PaymentCard({ payment: p }: { payment: FlaggedPayment }) {
  return (
    <li className="panel grid gap-1">
      <h2 className="text-base">
        {formatMoney(p.amount_npr, 'NPR')} · {p.purpose}
      </h2>
      <p>
        {p.consultancy_name} · {p.full_name} · application {p.tracking_code}
      </p>
      <p className="text-muted">
        Paid <time dateTime={p.paid_on}>{formatDate(p.paid_on)}</time> · {p.state_label} ·{' '}
        {p.receipt_missing ? <strong className="field-error">No receipt</strong> : <>Receipt {p.receipt_number}</>}
      </p>
      {p.dispute_reason && <p className="whitespace-pre-wrap">Disputed: {p.dispute_reason}</p>}
    </li>
  );
}

/** Offers and visa decisions the student said are not right: the consultancy's claim against the student's word. */
export function AdminDisputedDecisions() {
  const store = useMemo(() => disputedDecisions(), []);
  return (
    <PagedCards<DisputedDecision>
      name="disputed-decisions"
      title="Disputed decisions"
      intro="Offers and visa decisions a consultancy recorded that the student says are not right. They count as the consultancy's claims in its public figures; the longest waiting come first."
      store={store}
      empty="No disputed decisions."
      card={(d) => (
        <li key={d.id} className="panel grid gap-1">
          <h2 className="text-base">{d.status_label}</h2>
          <p>
            {d.consultancy_name} · {d.full_name} · application {d.tracking_code}
          </p>
          <p className="text-muted">
            Recorded <time dateTime={d.claimed_at}>{formatDate(d.claimed_at)}</time>
            {d.answered_at && (
              <>
                {' '}
                · disputed <time dateTime={d.answered_at}>{formatDate(d.answered_at)}</time>
              </>
            )}
          </p>
          {d.student_note && <p className="whitespace-pre-wrap">The student: {d.student_note}</p>}
        </li>
      )}
    />
  );
}
