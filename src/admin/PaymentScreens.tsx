import { useMemo } from 'react';
import type { FlaggedPayment } from '../lib/contract/cases.ts';
import { formatDate, formatMoney } from '../lib/format.ts';
import { flaggedPayments, PAYMENT_FLAGS } from '../lib/stores/flaggedPayments.ts';
import { PagedCards } from './PagedCards.tsx';

/** The admins' flagged payments: recorded without a receipt, or disputed by the student. */
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
