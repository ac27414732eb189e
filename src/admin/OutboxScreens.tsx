import { useMemo, useState } from 'react';
import type { OutboxMessage, OutboxMessageFull } from '../lib/api/outbox.ts';
import { OUTBOX_STATUS_LABELS, OUTBOX_STATUSES } from '../lib/contract/outbox.ts';
import { countOf, formatDate } from '../lib/format.ts';
import type { PagedStore } from '../lib/stores/adminDashboard.ts';
import { outboxMessages, readMessage, retryAndReload } from '../lib/stores/outbox.ts';
import { PagedCards } from './PagedCards.tsx';
import { RowError } from './ui.tsx';

/** The admins' Outbox: every message the platform sent or keeps (without a mail server, this is where they are read), failures with their error and a retry. */
export function AdminOutbox() {
  const store = useMemo(() => outboxMessages(), []);
  return (
    <PagedCards<OutboxMessage>
      name="outbox"
      title="Outbox"
      intro="Messages the site sends: confirmations, notices and password links. Without a mail server they are kept here to read. A failed one can be sent again."
      store={store}
      filter={{ label: 'Status', options: Object.fromEntries(OUTBOX_STATUSES.map((st) => [st, OUTBOX_STATUS_LABELS[st]])) }}
      empty="No messages here."
      card={(m) => <MessageCard key={m.id} message={m} store={store} />}
    />
  );
}

function MessageCard({ message: m, store }: { message: OutboxMessage; store: PagedStore<OutboxMessage> }) {
  const [full, setFull] = useState<OutboxMessageFull | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (full) return setFull(null);
    setError(null);
    try {
      setFull(await readMessage(m.id));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <li className="panel grid gap-1">
      <h2 className="text-base">{m.subject}</h2>
      <p>To {m.to}</p>
      <p className="text-muted">
        {OUTBOX_STATUS_LABELS[m.status]} · written <time dateTime={m.created_at}>{formatDate(m.created_at, { time: true })}</time> ·{' '}
        {countOf(m.attempts, 'attempt')}
        {m.status === 'pending' && m.attempts > 0 && (
          <>
            {' '}
            · next try <time dateTime={m.next_attempt_at}>{formatDate(m.next_attempt_at, { time: true })}</time>
          </>
        )}
      </p>
      {m.last_error && <p className="field-error">Last error: {m.last_error}</p>}
      <div className="mt-1 flex flex-wrap gap-2">
        <button
          type="button"
          aria-expanded={Boolean(full)}
          aria-label={`${full ? 'Close' : 'Read'}: ${m.subject} to ${m.to}`}
          onClick={() => void toggle()}
        >
          {full ? 'Close' : 'Read'}
        </button>
        {m.status === 'failed' && (
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            aria-label={`Send again: ${m.subject} to ${m.to}`}
            onClick={async () => {
              setBusy(true);
              await retryAndReload(store, m);
              setBusy(false);
            }}
          >
            {busy ? 'Saving…' : 'Send again'}
          </button>
        )}
      </div>
      <RowError store={store} id={m.id} />
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {full && (
        <div className="mt-2 grid gap-2">
          <h3>Text</h3>
          <pre className="rounded bg-surface p-2 font-[inherit] whitespace-pre-wrap [overflow-wrap:anywhere]">{full.text}</pre>
          <h3>As HTML</h3>
          {/* sandboxed without scripts: the message's HTML cannot act on the console */}
          <iframe
            title={`HTML of ${m.subject}`}
            sandbox=""
            srcDoc={full.html}
            className="min-h-56 w-full rounded border border-line bg-white"
          />
        </div>
      )}
    </li>
  );
}
