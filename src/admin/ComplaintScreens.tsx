import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { OwnComplaint } from '../lib/api/complaints.ts';
import { COMPLAINT_ANSWER_DAYS } from '../lib/contract/complaints.ts';
import { formatDate } from '../lib/format.ts';
import { authorLabel, deadlineText, eventTitle } from '../lib/shared/complaint-record.ts';
import type { PagedStore } from '../lib/stores/adminDashboard.ts';
import { answerAndReload, createComplaintsStore } from '../lib/stores/dashboardComplaints.ts';
import { Pager } from './DataTable.tsx';
import { Empty, RowError, ScreenHeader } from './ui.tsx';

/**
 * The consultancy's complaints: those about it only, overdue first, each with the complainant's
 * name and words (never their email, phone or evidence file), its deadline, its history, and a
 * box to answer. One card per complaint, so it reads on a 360 px phone.
 */
export function DashboardComplaints() {
  const store = useMemo(createComplaintsStore, []);
  const s = useStore(store.$state);
  useEffect(() => {
    void store.load();
  }, [store]);
  const rows = s.data?.results ?? [];
  return (
    <section aria-labelledby="complaints-title">
      <ScreenHeader id="complaints-title" title="Complaints" />
      <p className="text-muted">
        Answer each complaint within {COMPLAINT_ANSWER_DAYS} days of its filing. The complainant reads your answers, and your public page
        shows how many you answered in time and how many were resolved.
      </p>
      {s.error && (
        <p role="alert" className="alert-error">
          {s.error}
        </p>
      )}
      {s.loading && !s.data ? (
        <p role="status">Loading…</p>
      ) : rows.length === 0 ? (
        <Empty>No complaints about you.</Empty>
      ) : (
        <div aria-busy={s.loading}>
          <ul role="list" className="my-4 grid gap-4">
            {rows.map((c) => (
              <li key={c.id}>
                <ComplaintCard complaint={c} store={store} />
              </li>
            ))}
          </ul>
          {s.data && s.data.count > 0 && (
            <Pager page={s.page} pages={store.pages()} count={s.data.count} onPage={(p) => void store.setPage(p)} busy={s.loading} />
          )}
        </div>
      )}
    </section>
  );
}

function ComplaintCard({ complaint: c, store }: { complaint: OwnComplaint; store: PagedStore<OwnComplaint> }) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <article className={`panel grid gap-2 ${c.overdue ? 'border-l-4 border-l-lapsed' : ''}`} aria-labelledby={`${id}-title`}>
      <header>
        <h2 id={`${id}-title`} className="text-base">
          {c.subject}
        </h2>
        <p className="text-muted">
          {c.reference ?? `#${c.id}`} · from {c.name} · filed {formatDate(c.created_at)} · {c.status_label}
        </p>
        <p className={`font-semibold ${c.overdue ? 'text-lapsed' : ''}`}>{deadlineText(c)}</p>
      </header>
      <p className="whitespace-pre-line">{c.message}</p>
      <details open={!c.first_answer_at}>
        <summary className="cursor-pointer py-2.5 font-medium text-brand">History ({c.history.length})</summary>
        <ol className="my-2 grid gap-2.5 border-l-[3px] border-line pl-3">
          {c.history.map((e, i) => (
            <li key={i} data-author={e.author}>
              <strong>{eventTitle(e, authorLabel(e.author, { reader: 'consultancy' }))}</strong>{' '}
              <span className="text-muted">{formatDate(e.created_at, { time: true })}</span>
              {e.body && <p className="mt-0.5 whitespace-pre-line">{e.body}</p>}
            </li>
          ))}
        </ol>
      </details>
      <form
        method="post"
        className="grid gap-1.5 border-t border-line pt-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          if (await answerAndReload(store, c, message)) setMessage('');
          setBusy(false);
        }}
      >
        <label htmlFor={`${id}-answer`} className="font-semibold">
          {c.first_answer_at ? 'Write again' : 'Your answer'}
        </label>
        <textarea
          id={`${id}-answer`}
          rows={3}
          maxLength={5000}
          required
          minLength={2}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <button type="submit" className="btn-primary justify-self-start" disabled={busy || message.trim().length < 2}>
          {busy ? 'Sending…' : 'Send answer'}
        </button>
        <RowError store={store} id={c.id} />
      </form>
    </article>
  );
}
