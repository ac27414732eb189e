import { useMemo, useState } from 'react';
import { myReviews, type Review } from '../lib/api/reviews.ts';
import { ASPECT_LABELS, ASPECTS, REPLY_MAX, REPLY_MIN } from '../lib/contract/reviews.ts';
import { formatDate, formatMonth } from '../lib/format.ts';
import { createPagedStore, type PagedStore } from '../lib/stores/adminDashboard.ts';
import { replyAndReload } from '../lib/stores/adminReviews.ts';
import { PagedCards } from './PagedCards.tsx';
import { RowError } from './ui.tsx';

/** The consultancy's reviews, as its public page shows them, each with its one public reply (cards: they read on a phone). */
export function DashboardReviews() {
  const store = useMemo(() => createPagedStore((page) => myReviews(page)), []);
  return (
    <PagedCards<Review>
      name="reviews"
      title="Reviews"
      intro="Written by students who applied to you through the site, after you acted on their application. You can reply once to each, publicly."
      store={store}
      empty="No reviews yet."
      list="ol"
      card={(r) => <ReviewCard key={r.id} review={r} store={store} />}
    />
  );
}

function ReviewCard({ review: r, store }: { review: Review; store: PagedStore<Review> }) {
  const written = (
    <p className="text-muted">
      Verified applicant, applied {formatMonth(r.applied_month)} · written {formatDate(r.created_at)}
    </p>
  );
  if (r.removed)
    return (
      <li className="panel grid gap-1">
        {written}
        <p>Removed by an admin: {r.removed_reason}</p>
      </li>
    );
  return (
    <li className="panel grid gap-1">
      <p>
        <strong>{r.rating?.toFixed(1)} of 5</strong> · {ASPECTS.map((a) => `${ASPECT_LABELS[a]} ${r[a]}`).join(' · ')}
      </p>
      {written}
      <p className="whitespace-pre-line">{r.text}</p>
      {r.reply ? (
        <div className="mt-1 border-l-[3px] border-brand pl-3">
          <p>
            <strong>Your reply</strong> <span className="text-muted">· {formatDate(r.replied_at)}</span>
          </p>
          <p className="whitespace-pre-line">{r.reply}</p>
        </div>
      ) : (
        <ReplyForm id={r.id} store={store} />
      )}
    </li>
  );
}

function ReplyForm({ id, store }: { id: number; store: PagedStore<Review> }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const field = `reply-${id}`;
  return (
    <form
      method="post"
      className="row-form mt-1 border-t border-line pt-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        if (await replyAndReload(store, id, text.trim())) setText('');
        setBusy(false);
      }}
    >
      <label htmlFor={field}>Your public reply (once; it cannot be changed)</label>
      <textarea
        id={field}
        rows={3}
        minLength={REPLY_MIN}
        maxLength={REPLY_MAX}
        required
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn-primary" disabled={busy || text.trim().length < REPLY_MIN}>
        {busy ? 'Publishing…' : 'Publish reply'}
      </button>
      <RowError store={store} id={id} />
    </form>
  );
}
