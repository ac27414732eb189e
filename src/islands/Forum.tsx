/** @jsxImportSource preact */
import { useEffect, useId, useState, type FormEvent } from 'preact/compat';
import type { ComponentChildren } from 'preact';
import {
  acceptAnswer,
  askQuestion,
  deletePost,
  editQuestion,
  editReply,
  forumQuestion,
  forumQuestions,
  likeQuestion,
  myQuestions,
  replyToQuestion,
  reportPost,
  trendingQuestions,
  type ForumCategory,
  type ForumQuestion,
  type ForumReply,
} from '../lib/api/public.ts';
import { $session, restoreSession } from '../lib/stores/session.ts';
import { useStore } from './useStore.ts';
import { SubmitButton } from './FormBits.tsx';
import { countOf, formatDate } from '../lib/format.ts';
import { EDIT_WINDOW_MINUTES, institutionLabel } from '../lib/contract/forum.ts';

/** The question a URL names: /forum/12/ or /forum/?id=12; null for the forum home. */
export function questionIdFrom(pathname: string, search: string): number | null {
  const fromPath = pathname.match(/^\/forum\/(\d+)\/?$/)?.[1];
  const fromQuery = new URLSearchParams(search).get('id');
  const id = Number(fromPath ?? fromQuery);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export const questionHref = (id: number) => `/forum/${id}/`;

const authorOf = (x: { author_name?: string; author?: unknown }) => {
  if (x.author_name) return x.author_name;
  if (typeof x.author === 'string') return x.author;
  if (x.author && typeof x.author === 'object') {
    const a = x.author as { first_name?: string; last_name?: string };
    return [a.first_name, a.last_name].filter(Boolean).join(' ');
  }
  return '';
};
const message = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

function SignInPrompt({ what }: { what: string }) {
  const next = typeof location === 'undefined' ? '/forum/' : location.pathname + location.search;
  return (
    <p className="panel">
      <a href={`/login/?next=${encodeURIComponent(next)}`}>Sign in or create a free account</a> to {what}.
    </p>
  );
}

function QuestionList({ items, empty }: { items: ForumQuestion[] | null; empty: string }) {
  if (!items) return <p className="muted">Loading…</p>;
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="cards single">
      {items.map((q) => (
        <li className="card" key={q.id}>
          <div>
            <h2>
              <a href={questionHref(q.id)}>{q.title}</a>
            </h2>
            <p>
              {[authorOf(q), formatDate(q.created_at), countOf(q.like_count ?? 0, 'like'), countOf(q.reply_count ?? q.replies?.length ?? 0, 'reply', 'replies')].filter(Boolean).join(' · ')}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function AskForm({ categories, category, onAsked }: { categories: ForumCategory[]; category: number | null; onAsked: (q: ForumQuestion) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const category = Number(form.get('category')) || null;
    setBusy(true);
    setError('');
    try {
      onAsked(await askQuestion({ title: String(form.get('title')).trim(), body: String(form.get('body')).trim(), category }));
    } catch (err) {
      setError(message(err, 'Failed to post question'));
      setBusy(false);
    }
  };
  return (
    <form method="post" className="panel" onSubmit={onSubmit} aria-label="Ask a question">
      <h2>Ask a question</h2>
      <div className="field">
        <label htmlFor="fq-title">Question *</label>
        <input id="fq-title" name="title" required maxLength={250} />
      </div>
      <div className="field">
        <label htmlFor="fq-body">Details</label>
        <textarea id="fq-body" name="body" rows={4} />
      </div>
      <div className="field">
        <label htmlFor="fq-category">Category</label>
        <select id="fq-category" name="category" defaultValue={category ? String(category) : ''}>
          <option value="">General</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <SubmitButton busy={busy} busyLabel="Posting...">
        Post question
      </SubmitButton>
    </form>
  );
}

/**
 * The live part of a forum list page: tabs (latest, trending, mine), search, and the ask form around
 * the page's static list (`children`), which it hides while it shows results of its own. On a
 * question's URL that has no page yet (asked after the last build) it shows that question instead.
 */
export function ForumHome({ category, categories, children }: { category: number | null; categories: ForumCategory[]; children?: ComponentChildren }) {
  const session = useStore($session);
  const [questionId, setQuestionId] = useState<number | null>(null);
  const [tab, setTab] = useState<'latest' | 'trending' | 'mine'>('latest');
  const [search, setSearch] = useState('');
  const [items, setItems] = useState<ForumQuestion[] | null>(null);
  const [error, setError] = useState('');
  const active = tab !== 'latest' || search.trim() !== '';

  useEffect(() => {
    if ($session.get().loading) restoreSession();
    const id = questionIdFrom(location.pathname, location.search);
    if (id) {
      document.getElementById('forum-static')?.setAttribute('hidden', '');
      setQuestionId(id);
    }
  }, []);

  useEffect(() => {
    if (!active) return;
    let live = true;
    setItems(null);
    setError('');
    const timer = setTimeout(() => {
      const load = tab === 'trending' ? trendingQuestions() : tab === 'mine' ? myQuestions() : forumQuestions({ category, search: search.trim(), ordering: '-created_at' }).then((p) => p.results);
      load.then(
        (list) => live && setItems(list),
        (err: unknown) => {
          if (!live) return;
          setItems([]);
          setError(message(err, 'Failed to fetch questions'));
        },
      );
    }, search ? 300 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [active, tab, category, search]);

  // "Ask a question" at the top jumps to #ask: the form's first field (or the sign-in link) takes the focus
  useEffect(() => {
    const onHash = () => {
      if (location.hash === '#ask') document.querySelector<HTMLElement>('#ask input, #ask a')?.focus();
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  if (questionId) return <QuestionView id={questionId} />;
  const signedIn = Boolean(session.user);
  return (
    <div className="md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] md:gap-6">
      <div>
        <div className="row" role="tablist" aria-label="Questions">
          {(
            [
              ['latest', 'Latest'],
              ['trending', 'Trending'],
              ...(signedIn ? ([['mine', 'My questions']] as const) : []),
            ] as const
          ).map(([key, label]) => (
            <button key={key} type="button" role="tab" aria-selected={tab === key} className={`btn${tab === key ? ' primary' : ''}`} onClick={() => setTab(key)}>
              {label}
            </button>
          ))}
        </div>
        {tab === 'latest' ? (
          <div className="filters spaced">
            <div className="field">
              <label htmlFor="fs-search">Search questions</label>
              <input id="fs-search" type="search" value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
            </div>
          </div>
        ) : null}
        {error ? <p className="error">{error}</p> : null}
        {active ? <QuestionList items={items} empty={tab === 'mine' ? 'You have not asked anything yet.' : search ? 'No questions match your search.' : 'No questions yet. Be the first to ask.'} /> : null}
        <div hidden={active}>{children}</div>
      </div>
      <aside id="ask" tabIndex={-1}>
        {session.loading ? null : signedIn ? <AskForm categories={categories} category={category} onAsked={(q) => window.location.assign(questionHref(q.id))} /> : <SignInPrompt what="ask a question" />}
      </aside>
    </div>
  );
}

const REPORTED = 'Thank you. A moderator will look at it.';

/** "Report": why, in a few words, for the moderators' queue. */
function ReportButton({ kind, id }: { kind: 'question' | 'reply'; id: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [state, setState] = useState<{ busy: boolean; done: string; error: string }>({ busy: false, done: '', error: '' });
  if (state.done) return <span role="status" className="muted">{state.done}</span>;
  if (!open)
    return (
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        Report
      </button>
    );
  const fieldId = `report-${kind}-${id}`;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ busy: true, done: '', error: '' });
    try {
      setState({ busy: false, done: (await reportPost(kind, id, reason.trim())).message || REPORTED, error: '' });
    } catch (err) {
      setState({ busy: false, done: '', error: message(err, 'Failed to send the report') });
    }
  };
  return (
    <form method="post" onSubmit={onSubmit} aria-label={`Report this ${kind}`}>
      <div className="field">
        <label htmlFor={fieldId}>Why should a moderator look at this {kind}?</label>
        <input id={fieldId} value={reason} onInput={(e) => setReason(e.currentTarget.value)} required minLength={3} maxLength={500} />
      </div>
      {state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
      <SubmitButton busy={state.busy} busyLabel="Sending...">
        Send report
      </SubmitButton>
    </form>
  );
}

/** An author may still edit a post this recent (the API's window). */
const editable = (createdAt: string) => Date.now() - Date.parse(createdAt) < EDIT_WINDOW_MINUTES * 60_000;

/** The author's edit of a question (title and details) or a reply (its text), in place. */
function EditForm({ fields, onSave, onCancel }: { fields: { name: string; label: string; value: string; long: boolean }[]; onSave: (values: Record<string, string>) => Promise<void>; onCancel: () => void }) {
  const [values, setValues] = useState(Object.fromEntries(fields.map((f) => [f.name, f.value])));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await onSave(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])));
    } catch (err) {
      setError(message(err, 'Failed to save your changes'));
      setBusy(false);
    }
  };
  return (
    <form method="post" className="panel" onSubmit={onSubmit} aria-label="Edit your post">
      <p className="muted">You can edit a post for {EDIT_WINDOW_MINUTES} minutes after posting.</p>
      {fields.map((f) => (
        <div className="field" key={f.name}>
          <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
          {f.long ? (
            <textarea id={`${id}-${f.name}`} rows={4} value={values[f.name]} onInput={(e) => setValues({ ...values, [f.name]: e.currentTarget.value })} />
          ) : (
            <input id={`${id}-${f.name}`} value={values[f.name]} required maxLength={250} onInput={(e) => setValues({ ...values, [f.name]: e.currentTarget.value })} />
          )}
        </div>
      ))}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="row">
        <SubmitButton busy={busy} busyLabel="Saving...">
          Save changes
        </SubmitButton>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}

const HELD_NOTE = 'It has a link, so a moderator checks it before others can see it.';

/**
 * A question with its replies. On its pre-rendered page `initial` is the question as built, drawn
 * at build time so the HTML holds it; once live it is read again (new replies, the reader's like)
 * and the actions that depend on who reads appear.
 */
export function QuestionView({ id, initial }: { id: number; initial?: ForumQuestion }) {
  const session = useStore($session);
  const [question, setQuestion] = useState<ForumQuestion | null>(initial ?? null);
  const [replies, setReplies] = useState<ForumReply[]>(initial?.replies ?? []);
  const [live, setLive] = useState(false);
  const [error, setError] = useState('');
  const [like, setLike] = useState<{ liked: boolean; count: number }>({ liked: false, count: 0 });
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState('');
  const [notice, setNotice] = useState('');
  /** the post being edited: 'question' or a reply's id */
  const [editing, setEditing] = useState<'question' | number | null>(null);

  const load = () =>
    forumQuestion(id).then(
      (q) => {
        setQuestion(q);
        setReplies(q.replies ?? []);
        setLike({ liked: Boolean(q.liked), count: q.like_count ?? 0 });
        setLive(true);
        document.title = `${q.title} | Forum`;
      },
      (err: unknown) => setError(message(err, 'Question not found')),
    );
  useEffect(() => {
    if ($session.get().loading) restoreSession();
  }, []);
  // read again once the session is known: the reader's like, their own held posts, an admin's view
  useEffect(() => {
    if (!session.loading) void load();
  }, [id, session.loading, session.user?.id]);

  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!question) return <p className="muted">Loading…</p>;
  const signedIn = Boolean(session.user);
  const canAccept = live && (question.mine || session.user?.role === 'admin');
  const category = question.category && typeof question.category === 'object' ? question.category : null;

  const act = async (what: () => Promise<unknown>, fallback: string) => {
    setActionError('');
    try {
      await what();
    } catch (err) {
      setActionError(message(err, fallback));
    }
  };
  const onLike = () =>
    act(async () => {
      const r = await likeQuestion(id);
      setLike({ liked: r.liked, count: r.like_count });
    }, 'Failed to like question');
  const onAccept = (replyId: number | null) => act(async () => setQuestion(await acceptAnswer(id, replyId)), 'Failed to accept the answer');
  const onDeleteQuestion = () =>
    act(async () => {
      if (!window.confirm('Delete your question and its replies?')) return;
      await deletePost('question', id);
      window.location.assign('/forum/');
    }, 'Failed to delete the post');
  const onDeleteReply = (replyId: number) =>
    act(async () => {
      if (!window.confirm('Delete your reply?')) return;
      await deletePost('reply', replyId);
      setReplies((list) => list.filter((r) => r.id !== replyId));
      setNotice('Your reply was deleted.');
    }, 'Failed to delete the post');
  const onReply = async (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) return;
    setBusy(true);
    setActionError('');
    setNotice('');
    try {
      const created = await replyToQuestion(id, reply.trim());
      setReplies((r) => [...r, { ...created, body: created.body ?? reply.trim(), created_at: created.created_at ?? new Date().toISOString() }]);
      setReply('');
      if (created.held) setNotice(`Your reply was received. ${HELD_NOTE}`);
    } catch (err) {
      setActionError(message(err, 'Failed to post reply'));
    } finally {
      setBusy(false);
    }
  };
  const accepted = replies.find((r) => r.id === question.accepted_reply_id);
  // the accepted answer first, then the others in the order they came
  const ordered = accepted ? [accepted, ...replies.filter((r) => r !== accepted)] : replies;

  return (
    <article>
      <p className="muted">
        <a href="/forum/">Forum</a>
        {category ? (
          <>
            {' › '}
            <a href={`/forum/category/${category.slug}/`}>{category.name}</a>
          </>
        ) : null}
      </p>
      <h1>{question.title}</h1>
      <p className="muted">{['Asked by ' + (authorOf(question) || 'User'), formatDate(question.created_at)].join(' · ')}</p>
      {question.held ? <p className="panel">Your question was received. {HELD_NOTE}</p> : null}
      {editing === 'question' ? (
        <EditForm
          fields={[
            { name: 'title', label: 'Question', value: question.title, long: false },
            { name: 'body', label: 'Details', value: question.body ?? '', long: true },
          ]}
          onSave={async (v) => {
            const saved = await editQuestion(id, { title: v.title!, body: v.body! });
            setQuestion({ ...question, title: saved.title, body: saved.body });
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : question.body ? (
        <p className="pre-line">{question.body}</p>
      ) : null}
      {live ? (
        <p className="row">
          {signedIn ? (
            <button type="button" className={`btn${like.liked ? ' primary' : ''}`} aria-pressed={like.liked} onClick={onLike}>
              {like.liked ? 'Liked' : 'Like'} · <span data-testid="like-count">{like.count}</span>
            </button>
          ) : (
            <span className="muted">{countOf(like.count, 'like')}</span>
          )}
          {signedIn && !question.mine ? <ReportButton kind="question" id={id} /> : null}
          {question.mine && editable(question.created_at) && editing !== 'question' ? (
            <button type="button" className="btn" onClick={() => setEditing('question')}>
              Edit question
            </button>
          ) : null}
          {question.mine ? (
            <button type="button" className="btn" onClick={onDeleteQuestion}>
              Delete question
            </button>
          ) : null}
        </p>
      ) : null}
      {actionError ? (
        <p className="error" role="alert">
          {actionError}
        </p>
      ) : null}
      {notice ? <p role="status">{notice}</p> : null}
      <h2>{countOf(replies.length, 'reply', 'replies')}</h2>
      <ul className="cards single" aria-label="Replies">
        {ordered.map((r) => (
          <li className={`card${r === accepted ? ' accepted' : ''}`} key={r.id} id={`reply-${r.id}`}>
            <div>
              {r === accepted ? <p className="badge ok">Accepted answer</p> : null}
              {editing === r.id ? (
                <EditForm
                  fields={[{ name: 'body', label: 'Your reply', value: r.body, long: true }]}
                  onSave={async (v) => {
                    const saved = await editReply(r.id, v.body!);
                    setReplies((list) => list.map((x) => (x.id === r.id ? { ...x, body: saved.body } : x)));
                    setEditing(null);
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <p className="pre-line reply-body">{r.body}</p>
              )}
              <p>{[authorOf(r), r.institution ? institutionLabel(r.institution.kind, r.institution.name) : null, formatDate(r.created_at)].filter(Boolean).join(' · ')}</p>
              {r.held ? <p className="muted">{HELD_NOTE}</p> : null}
              {live && signedIn ? (
                <p className="row">
                  {canAccept && !r.hidden ? (
                    r === accepted ? (
                      <button type="button" className="btn" onClick={() => onAccept(null)}>
                        Unmark accepted answer
                      </button>
                    ) : (
                      <button type="button" className="btn" onClick={() => onAccept(r.id)}>
                        Accept this answer
                      </button>
                    )
                  ) : null}
                  {r.mine && editable(r.created_at) && editing !== r.id ? (
                    <button type="button" className="btn" onClick={() => setEditing(r.id)}>
                      Edit reply
                    </button>
                  ) : null}
                  {r.mine ? (
                    <button type="button" className="btn" onClick={() => onDeleteReply(r.id)}>
                      Delete reply
                    </button>
                  ) : (
                    <ReportButton kind="reply" id={r.id} />
                  )}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {session.loading ? null : signedIn ? (
        <form method="post" onSubmit={onReply} className="panel" aria-label="Reply">
          <div className="field">
            <label htmlFor="fr-body">Your reply</label>
            <textarea id="fr-body" rows={3} value={reply} onInput={(e) => setReply(e.currentTarget.value)} required />
          </div>
          <SubmitButton busy={busy} busyLabel="Posting...">
            Post reply
          </SubmitButton>
        </form>
      ) : (
        <SignInPrompt what="reply or like" />
      )}
    </article>
  );
}
