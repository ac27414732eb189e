import { useEffect, useMemo, type FormEvent } from 'react';
import { formatDate, formatMoney } from '../lib/format.ts';
import { createCaseStore, type CaseStore } from '../lib/stores/case.ts';
import { useStore } from '@nanostores/react';
import { downloadPrivateFile } from '../lib/api/files.ts';

/**
 * An application's case in the dashboard (issue 26): its thread with the answer form, its payments
 * with the form that records one, and the agreement's upload. State and calls: src/lib/stores/case.ts.
 */
export function ApplicationCase({ id }: { id: number }) {
  const store = useMemo(() => createCaseStore({ id }), [id]);
  useEffect(() => {
    void store.loadMessages().then(() => store.loadPayments());
  }, [store]);
  return (
    <div className="grid gap-4">
      <CaseMessages store={store} />
      <CasePayments store={store} id={id} />
    </div>
  );
}

function CaseMessages({ store }: { store: CaseStore }) {
  const { messages, busy, error, errorIn } = useStore(store.$case);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (await store.send(new FormData(form))) form.reset();
  };
  return (
    <section aria-label="Messages">
      <h3 className="font-semibold">Messages</h3>
      <ol className="grid list-none gap-2 p-0">
        {(messages ?? []).map((m) => (
          <li key={m.id} className="rounded border p-2">
            <p className="text-sm opacity-70">
              {m.author_name} · {formatDate(m.created_at, { time: true })}
            </p>
            <p className="whitespace-pre-line break-words">{m.body}</p>
            {m.attachments.map((f) => (
              <PrivateLink key={f.id} url={f.url} name={f.original_name || 'Attachment'} />
            ))}
          </li>
        ))}
      </ol>
      <form method="post" onSubmit={onSubmit} className="grid gap-2">
        <label>
          Answer <textarea name="body" rows={2} required maxLength={5000} className="w-full" />
        </label>
        <label className="grid">
          Attachments <input name="attachments" type="file" multiple accept="application/pdf,image/*" />
        </label>
        {errorIn === 'messages' && error ? <p role="alert">{error.detail ?? error.text}</p> : null}
        <button type="submit" className="btn" disabled={busy}>
          Send
        </button>
      </form>
    </section>
  );
}

function CasePayments({ store, id }: { store: CaseStore; id: number }) {
  const { payments, busy, error, errorIn } = useStore(store.$case);
  const onRecord = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      purpose: String(data.get('purpose') ?? ''),
      amount_npr: Number(data.get('amount_npr')),
      receipt_number: String(data.get('receipt_number') ?? ''),
      paid_on: String(data.get('paid_on') ?? ''),
    };
    if (await store.record(id, body)) form.reset();
  };
  const onAgreement = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void store.agreement(id, new FormData(event.currentTarget));
  };
  return (
    <section aria-label="Payments">
      <h3 className="font-semibold">Payments</h3>
      <ul className="grid list-none gap-1 p-0">
        {(payments?.results ?? []).map((p) => (
          <li key={p.id}>
            {formatMoney(p.amount_npr, 'NPR')} · {p.purpose} · {formatDate(p.paid_on)} ·{' '}
            {p.receipt_missing ? <strong>No receipt</strong> : `Receipt ${p.receipt_number}`} · {p.state_label}
            {p.dispute_reason ? ` (${p.dispute_reason})` : ''}
          </li>
        ))}
      </ul>
      <form method="post" onSubmit={onRecord} className="grid gap-2">
        {/* visible labels: a placeholder goes once typed, and a date field shows only mm/dd/yyyy */}
        <label className="grid">
          What for <input name="purpose" required />
        </label>
        <label className="grid">
          Amount in NPR <input name="amount_npr" type="number" min={1} step={1} required />
        </label>
        <label className="grid">
          Receipt number <input name="receipt_number" />
        </label>
        <label className="grid">
          Date paid <input name="paid_on" type="date" required />
        </label>
        <button type="submit" className="btn" disabled={busy}>
          Record payment
        </button>
      </form>
      <form method="post" onSubmit={onAgreement} className="mt-3 grid gap-2">
        <p>
          {payments?.agreement ? (
            <PrivateLink url={payments.agreement.url} name={payments.agreement.original_name || 'agreement'} />
          ) : (
            'No agreement attached.'
          )}
        </p>
        <label className="grid">
          Agreement file <input name="agreement" type="file" required accept="application/pdf,image/*" />
        </label>
        <button type="submit" className="btn" disabled={busy}>
          {payments?.agreement ? 'Replace agreement' : 'Attach agreement'}
        </button>
      </form>
      {errorIn === 'payments' && error ? <p role="alert">{error.detail ?? error.text}</p> : null}
    </section>
  );
}

/** A private file: fetched with the session's token (a plain link would not send it), then saved. */
function PrivateLink({ url, name }: { url: string; name: string }) {
  return (
    <button type="button" className="mr-3 underline" onClick={() => void downloadPrivateFile(url, name)}>
      {name}
    </button>
  );
}
