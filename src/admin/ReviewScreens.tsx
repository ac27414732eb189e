import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { myReviews, type Review } from '../lib/api/reviews.ts';
import { ASPECT_LABELS, ASPECTS, REPLY_MAX, REPLY_MIN } from '../lib/contract/reviews.ts';
import { formatDate, formatMonth } from '../lib/format.ts';
import { createPagedStore, type PagedStore } from '../lib/stores/adminDashboard.ts';
import { replyAndReload } from '../lib/stores/adminReviews.ts';
import { Pager } from './DataTable.tsx';

/** The consultancy's reviews, as its public page shows them, each with its one public reply (cards: they read on a phone). */
export function DashboardReviews() {
  const store = useMemo(() => createPagedStore((page) => myReviews(page) as never), []);
  const s = useStore(store.$state);
  useEffect(() => {
    void store.load();
  }, [store]);
  const rows = (s.data?.results ?? []) as unknown as Review[];
  return (
    <section aria-labelledby="reviews-title">
      <h1 id="reviews-title">Reviews</h1>
      <p className="muted">Written by students who applied to you through the site, after you acted on their application. You can reply once to each, publicly.</p>
      {s.error && (
        <p role="alert" className="error banner">
          {s.error}
        </p>
      )}
      {s.loading && !s.data ? (
        <p role="status">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="muted">No reviews yet.</p>
      ) : (
        <div aria-busy={s.loading}>
          <ol className="review-cards">
            {rows.map((r) => (
              <ReviewCard key={r.id} review={r} store={store} />
            ))}
          </ol>
          {s.data && <Pager page={s.page} pages={store.pages()} count={s.data.count} onPage={(p) => void store.setPage(p)} busy={s.loading} />}
        </div>
      )}
    </section>
  );
}

function ReviewCard({ review: r, store }: { review: Review; store: PagedStore }) {
  const written = (
    <p className="muted">
      Verified applicant, applied {formatMonth(r.applied_month)} · written {formatDate(r.created_at)}
    </p>
  );
  if (r.removed)
    return (
      <li className="review-card">
        {written}
        <p>Removed by an admin: {r.removed_reason}</p>
      </li>
    );
  return (
    <li className="review-card">
      <p>
        <strong>{r.rating?.toFixed(1)} of 5</strong> · {ASPECTS.map((a) => `${ASPECT_LABELS[a]} ${r[a]}`).join(' · ')}
      </p>
      {written}
      <p className="pre-line">{r.text}</p>
      {r.reply ? (
        <div className="review-reply">
          <p>
            <strong>Your reply</strong> <span className="muted">· {formatDate(r.replied_at)}</span>
          </p>
          <p className="pre-line">{r.reply}</p>
        </div>
      ) : (
        <ReplyForm id={r.id} store={store} />
      )}
    </li>
  );
}

function ReplyForm({ id, store }: { id: number; store: PagedStore }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const field = `reply-${id}`;
  return (
    <form
      method="post"
      className="status-move"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        if (await replyAndReload(store, id, text.trim())) setText('');
        setBusy(false);
      }}
    >
      <label htmlFor={field}>Your public reply (once; it cannot be changed)</label>
      <textarea id={field} rows={3} minLength={REPLY_MIN} maxLength={REPLY_MAX} required value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="primary" disabled={busy || text.trim().length < REPLY_MIN}>
        {busy ? 'Publishing…' : 'Publish reply'}
      </button>
    </form>
  );
}
