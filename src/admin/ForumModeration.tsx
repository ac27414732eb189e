import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { QueuedPost } from '../lib/api/forumModeration.ts';
import { countOf, formatDate } from '../lib/format.ts';
import { ask } from '../lib/stores/adminConfirm.ts';
import { createModerationStore, moderateAndReload, type ModerationAction } from '../lib/stores/forumModeration.ts';
import type { PagedStore } from '../lib/stores/adminDashboard.ts';
import { Pager } from './DataTable.tsx';
import { Empty, RowError, ScreenHeader } from './ui.tsx';

/**
 * The forum's moderation queue: reported posts and first posts held for their link, oldest first,
 * each with its reports and the moderator's actions (hide, restore, delete, suspend the author).
 * Cards rather than a table, so each reads whole on a phone.
 */
export function ForumModeration() {
  const store = useMemo(createModerationStore, []);
  const s = useStore(store.$state);
  useEffect(() => {
    void store.load();
  }, [store]);
  const rows = s.data?.results ?? [];
  const queue = s.filter || 'open';
  return (
    <section aria-labelledby="moderation-title">
      <ScreenHeader id="moderation-title" title="Forum moderation" />
      <p className="text-muted">
        Reported questions and replies, and new accounts’ first posts with a link, which nobody else sees until you restore them.
      </p>
      <div className="my-4 flex flex-wrap gap-2" role="tablist" aria-label="Queue">
        {(
          [
            ['open', 'Waiting'],
            ['hidden', 'Hidden'],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={queue === key}
            className={queue === key ? 'btn-primary' : undefined}
            onClick={() => void store.setFilter(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {s.error && (
        <p role="alert" className="alert-error">
          {s.error}
        </p>
      )}
      {s.loading && !s.data ? (
        <p role="status">Loading…</p>
      ) : rows.length === 0 ? (
        <Empty>{queue === 'hidden' ? 'No post is hidden.' : 'Nothing waits for a moderator.'}</Empty>
      ) : (
        <div aria-busy={s.loading}>
          <ul role="list" className="my-4 grid gap-4">
            {rows.map((post) => (
              <li key={`${post.kind}-${post.id}`}>
                <QueuedCard post={post} store={store} />
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

const QUESTIONS: Partial<Record<ModerationAction, (post: QueuedPost) => Parameters<typeof ask>[0]>> = {
  suspend: (post) => ({
    title: `Suspend ${post.author_name}?`,
    text: 'They can no longer sign in. Their posts stay as they are.',
    yes: 'Suspend',
    danger: true,
  }),
};

/** What the readers who reported a post said, and when. */
function Reports({ reports }: { reports: QueuedPost['reports'] }) {
  return (
    <>
      <h3>{countOf(reports.length, 'report')}</h3>
      <ul className="list-disc pl-5">
        {reports.map((r, i) => (
          <li key={i}>
            “{r.reason}”{' '}
            <span className="text-muted">
              from {r.reporter_name}, {formatDate(r.created_at)}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Why a post is deleted, asked before it is: its author is mailed the reason. */
function DeleteReason(props: {
  id: string;
  post: QueuedPost;
  busy: boolean;
  reason: string;
  onReason: (reason: string) => void;
  onDelete: () => void;
  onCancel: () => void;
}) {
  const { id, post, busy, reason, onReason, onDelete, onCancel } = props;
  return (
    <form
      method="post"
      className="grid gap-2 border-t border-line pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        onDelete();
      }}
    >
      <div className="grid gap-1">
        <label htmlFor={`${id}-reason`}>Why is it deleted? Its author is mailed this.</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          required
          minLength={3}
          maxLength={500}
          value={reason}
          onChange={(e) => onReason(e.currentTarget.value)}
        />
      </div>
      <p className="flex flex-wrap items-center gap-2">
        <button type="submit" className="btn-danger" disabled={busy}>
          Delete for good{post.kind === 'question' ? ', with its replies' : ''}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}

function QueuedCard({ post, store }: { post: QueuedPost; store: PagedStore<QueuedPost> }) {
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reason, setReason] = useState('');
  const id = useId();
  const run = async (action: ModerationAction) => {
    const question = QUESTIONS[action]?.(post);
    if (question && !(await ask(question))) return;
    setBusy(true);
    await moderateAndReload(store, post, action, reason.trim());
    setBusy(false);
  };
  const state = post.held ? 'Held: first post with a link' : post.hidden ? 'Hidden' : 'Shown on the site';
  const subject = post.kind === 'question' ? post.title : `Reply to “${post.title}”`;
  return (
    <article className="panel grid gap-2" aria-labelledby={`${id}-title`}>
      <header>
        <h2 id={`${id}-title`} className="text-base">
          {subject}
        </h2>
        <p className="text-muted">
          {post.kind === 'question' ? 'Question' : 'Reply'} by {post.author_name}
          {post.author_active ? '' : ' (suspended)'} · {formatDate(post.created_at)} · {state}
        </p>
      </header>
      {post.body && <p className="whitespace-pre-line">{post.body}</p>}
      {post.reports.length > 0 && <Reports reports={post.reports} />}
      <p className="flex flex-wrap items-center gap-2">
        <a href={`/forum/${post.question_id}/`}>Open the question</a>
      </p>
      <p className="flex flex-wrap items-center gap-2">
        {post.hidden ? (
          <button type="button" disabled={busy} onClick={() => run('restore')} aria-label={`Restore ${subject}`}>
            Restore
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => run('hide')} aria-label={`Hide ${subject}`}>
            Hide
          </button>
        )}
        <button
          type="button"
          className="btn-danger"
          disabled={busy || deleting}
          onClick={() => setDeleting(true)}
          aria-label={`Delete ${subject}`}
        >
          Delete
        </button>
        {post.author_active && (
          <button type="button" disabled={busy} onClick={() => run('suspend')}>
            Suspend {post.author_name}
          </button>
        )}
      </p>
      <RowError store={store} id={post.id} />
      {deleting && (
        <DeleteReason
          id={id}
          post={post}
          busy={busy}
          reason={reason}
          onReason={setReason}
          onDelete={() => void run('delete')}
          onCancel={() => setDeleting(false)}
        />
      )}
    </article>
  );
}
