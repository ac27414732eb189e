/** @jsxImportSource preact */
import { useEffect, useState, type FormEvent } from 'preact/compat';
import {
  askQuestion,
  forumCategories,
  forumQuestion,
  forumQuestions,
  likeQuestion,
  myQuestions,
  replyToQuestion,
  trendingQuestions,
  type ForumCategory,
  type ForumQuestion,
  type ForumReply,
} from '../lib/api/public.ts';
import { $session, restoreSession } from '../lib/stores/session.ts';
import { useStore } from './useStore.ts';
import { SubmitButton } from './FormBits.tsx';
import { countOf, formatDate } from '../lib/format.ts';

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
    <ul className="grid" style={{ gridTemplateColumns: '1fr' }}>
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

function AskForm({ categories, onAsked }: { categories: ForumCategory[]; onAsked: (q: ForumQuestion) => void }) {
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
        <select id="fq-category" name="category" defaultValue="">
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

function ForumHome() {
  const session = useStore($session);
  const [categories, setCategories] = useState<ForumCategory[]>([]);
  const [tab, setTab] = useState<'latest' | 'trending' | 'mine'>('latest');
  const [category, setCategory] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [items, setItems] = useState<ForumQuestion[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    forumCategories().then(setCategories, () => setCategories([]));
  }, []);

  useEffect(() => {
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
  }, [tab, category, search]);

  const signedIn = Boolean(session.user);
  return (
    <div className="detail">
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
          <div className="filters" style={{ marginTop: '.8rem' }}>
            <div className="field">
              <label htmlFor="fs-search">Search questions</label>
              <input id="fs-search" type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
            </div>
            <div className="field">
              <label htmlFor="fs-category">Category</label>
              <select id="fs-category" value={category ?? ''} onChange={(e) => setCategory(Number(e.currentTarget.value) || null)}>
                <option value="">All categories</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        ) : null}
        {error ? <p className="error">{error}</p> : null}
        <QuestionList items={items} empty={tab === 'mine' ? 'You have not asked anything yet.' : 'No questions yet. Be the first to ask.'} />
      </div>
      <aside>
        {session.loading ? null : signedIn ? <AskForm categories={categories} onAsked={(q) => window.location.assign(questionHref(q.id))} /> : <SignInPrompt what="ask a question" />}
      </aside>
    </div>
  );
}

function QuestionView({ id }: { id: number }) {
  const session = useStore($session);
  const [question, setQuestion] = useState<ForumQuestion | null>(null);
  const [replies, setReplies] = useState<ForumReply[]>([]);
  const [error, setError] = useState('');
  const [like, setLike] = useState<{ liked: boolean; count: number }>({ liked: false, count: 0 });
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState('');

  useEffect(() => {
    forumQuestion(id).then(
      (q) => {
        setQuestion(q);
        setReplies(q.replies ?? []);
        setLike({ liked: Boolean(q.liked), count: q.like_count ?? 0 });
        document.title = `${q.title} | Forum`;
      },
      (err: unknown) => setError(message(err, 'Question not found')),
    );
  }, [id]);

  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!question) return <p className="muted">Loading…</p>;
  const signedIn = Boolean(session.user);

  const onLike = async () => {
    setActionError('');
    try {
      const r = await likeQuestion(id);
      setLike({ liked: r.liked, count: r.like_count });
    } catch (err) {
      setActionError(message(err, 'Failed to like question'));
    }
  };
  const onReply = async (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) return;
    setBusy(true);
    setActionError('');
    try {
      const created = await replyToQuestion(id, reply.trim());
      setReplies((r) => [...r, { ...created, body: created.body ?? reply.trim(), created_at: created.created_at ?? new Date().toISOString() }]);
      setReply('');
    } catch (err) {
      setActionError(message(err, 'Failed to post reply'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article>
      <p className="muted">
        <a href="/forum/">Forum</a>
      </p>
      <h1>{question.title}</h1>
      <p className="muted">{[authorOf(question), formatDate(question.created_at)].filter(Boolean).join(' · ')}</p>
      {question.body ? <p style={{ whiteSpace: 'pre-line' }}>{question.body}</p> : null}
      <p className="row">
        {signedIn ? (
          <button type="button" className={`btn${like.liked ? ' primary' : ''}`} aria-pressed={like.liked} onClick={onLike}>
            {like.liked ? 'Liked' : 'Like'} · <span data-testid="like-count">{like.count}</span>
          </button>
        ) : (
          <span className="muted">
            <span data-testid="like-count">{like.count}</span> {like.count === 1 ? 'like' : 'likes'}
          </span>
        )}
      </p>
      {actionError ? (
        <p className="error" role="alert">
          {actionError}
        </p>
      ) : null}
      <h2>
        {countOf(replies.length, 'reply', 'replies')}
      </h2>
      <ul className="grid" style={{ gridTemplateColumns: '1fr' }} aria-label="Replies">
        {replies.map((r) => (
          <li className="card" key={r.id}>
            <div>
              <p style={{ color: 'inherit', whiteSpace: 'pre-line' }}>{r.body}</p>
              <p>{[authorOf(r), formatDate(r.created_at)].filter(Boolean).join(' · ')}</p>
            </div>
          </li>
        ))}
      </ul>
      {signedIn ? (
        <form method="post" onSubmit={onReply} className="panel" aria-label="Reply">
          <div className="field">
            <label htmlFor="fr-body">Your reply</label>
            <textarea id="fr-body" rows={3} value={reply} onChange={(e) => setReply(e.currentTarget.value)} required />
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

/** /forum/ and /forum/{id}/ (or /forum/?id=): one client-routed island, so new questions work at once. */
export default function Forum() {
  const [id, setId] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    if ($session.get().loading) restoreSession();
    setId(questionIdFrom(location.pathname, location.search));
  }, []);
  if (id === undefined) return <p className="muted">Loading…</p>;
  return id ? <QuestionView id={id} /> : <ForumHome />;
}
