import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { OutboxMessage, OutboxMessageFull } from '../lib/api/outbox.ts';
import { OUTBOX_STATUS_LABELS, OUTBOX_STATUSES } from '../lib/contract/outbox.ts';
import { countOf, formatDate } from '../lib/format.ts';
import type { PagedStore } from '../lib/stores/adminDashboard.ts';
import { outboxMessages, readMessage, retryAndReload } from '../lib/stores/outbox.ts';
import { Pager } from './DataTable.tsx';
import './outbox.css';

/** The admins' Outbox: every message the platform sent or keeps (without a mail server, this is where they are read), failures with their error and a retry. */
export function AdminOutbox() {
  const store = useMemo(() => outboxMessages(), []);
  const s = useStore(store.$state);
  useEffect(() => {
    void store.load();
  }, [store]);
  const rows = (s.data?.results ?? []) as unknown as OutboxMessage[];
  return (
    <section aria-labelledby="outbox-title" className="outbox">
      <h1 id="outbox-title">Outbox</h1>
      <p className="muted">Messages the site sends: confirmations, notices and password links. Without a mail server they are kept here to read. A failed one can be sent again.</p>
      <div className="toolbar-row">
        <span className="filter">
          <label htmlFor="outbox-status">Status</label>
          <select id="outbox-status" value={s.filter} onChange={(e) => void store.setFilter(e.target.value)}>
            <option value="">All</option>
            {OUTBOX_STATUSES.map((st) => (
              <option key={st} value={st}>
                {OUTBOX_STATUS_LABELS[st]}
              </option>
            ))}
          </select>
        </span>
      </div>
      {s.error && (
        <p role="alert" className="error banner">
          {s.error}
        </p>
      )}
      {s.loading && !s.data ? (
        <p role="status">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="muted">No messages here.</p>
      ) : (
        <div aria-busy={s.loading}>
          <ul className="cards">
            {rows.map((m) => (
              <MessageCard key={m.id} message={m} store={store} />
            ))}
          </ul>
          {s.data && <Pager page={s.page} pages={store.pages()} count={s.data.count} onPage={(p) => void store.setPage(p)} busy={s.loading} />}
        </div>
      )}
    </section>
  );
}

function MessageCard({ message: m, store }: { message: OutboxMessage; store: PagedStore }) {
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
    <li className="panel">
      <h2>{m.subject}</h2>
      <p>To {m.to}</p>
      <p className="muted">
        {OUTBOX_STATUS_LABELS[m.status]} · written <time dateTime={m.created_at}>{formatDate(m.created_at, { time: true })}</time> · {countOf(m.attempts, 'attempt')}
        {m.status === 'pending' && m.attempts > 0 && (
          <>
            {' '}
            · next try <time dateTime={m.next_attempt_at}>{formatDate(m.next_attempt_at, { time: true })}</time>
          </>
        )}
      </p>
      {m.last_error && <p className="error">Last error: {m.last_error}</p>}
      <div className="actions">
        <button type="button" aria-expanded={Boolean(full)} aria-label={`${full ? 'Close' : 'Read'}: ${m.subject} to ${m.to}`} onClick={() => void toggle()}>
          {full ? 'Close' : 'Read'}
        </button>
        {m.status === 'failed' && (
          <button
            type="button"
            className="primary"
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
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {full && (
        <div>
          <h3>Text</h3>
          <pre>{full.text}</pre>
          <h3>As HTML</h3>
          {/* sandboxed without scripts: the message's HTML cannot act on the console */}
          <iframe title={`HTML of ${m.subject}`} sandbox="" srcDoc={full.html} />
        </div>
      )}
    </li>
  );
}
