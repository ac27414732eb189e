/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import type { ComponentChildren } from 'preact';
import type { ForumCategory, ForumQuestion, ForumReply } from '../lib/api/public.ts';
import { $session, restoreSession } from '../lib/stores/session.ts';
import {
  createForumList,
  createQuestionStore,
  HELD_NOTE,
  listIsLive,
  type ForumListStore,
  type ForumTab,
  type QuestionStore,
} from '../lib/stores/forum.ts';
import { useStore } from './useStore.ts';
import { AskForm, DeleteDialog, EditForm, ReplyForm, ReportButton } from './ForumForms.tsx';
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
              {[
                authorOf(q),
                formatDate(q.created_at),
                countOf(q.like_count ?? 0, 'like'),
                countOf(q.reply_count ?? q.replies?.length ?? 0, 'reply', 'replies'),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Restores the session once the island is live: who reads decides what they may do. */
function useSession() {
  const session = useStore($session);
  useEffect(() => {
    if ($session.get().loading) restoreSession();
  }, []);
  return session;
}

function ForumTabs({ store, signedIn }: { store: ForumListStore; signedIn: boolean }) {
  const { tab } = useStore(store.$list);
  const tabs: [ForumTab, string][] = [
    ['latest', 'Latest'],
    ['trending', 'Trending'],
    ...(signedIn ? [['mine', 'My questions'] as [ForumTab, string]] : []),
  ];
  return (
    <div className="row" role="tablist" aria-label="Questions">
      {tabs.map(([key, label]) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={tab === key}
          className={`btn${tab === key ? ' primary' : ''}`}
          onClick={() => store.showTab(key)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

function ForumResults({ store, children }: { store: ForumListStore; children?: ComponentChildren }) {
  const list = useStore(store.$list);
  const live = listIsLive(list);
  const empty =
    list.tab === 'mine'
      ? 'You have not asked anything yet.'
      : list.search
        ? 'No questions match your search.'
        : 'No questions yet. Be the first to ask.';
  return (
    <>
      {list.tab === 'latest' ? (
        <div className="filters spaced">
          <div className="field">
            <label htmlFor="fs-search">Search questions</label>
            <input id="fs-search" type="search" value={list.search} onInput={(e) => store.setSearch(e.currentTarget.value)} />
          </div>
        </div>
      ) : null}
      {list.error ? <p className="error">{list.error}</p> : null}
      {live ? <QuestionList items={list.items} empty={empty} /> : null}
      <div hidden={live}>{children}</div>
    </>
  );
}

/** "Ask a question" at the top jumps to #ask: the form's first field (or the sign-in link) takes the focus. */
function useAskFocus() {
  useEffect(() => {
    const onHash = () => {
      if (location.hash === '#ask') document.querySelector<HTMLElement>('#ask input, #ask a')?.focus();
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
}

/**
 * The live part of a forum list page: tabs (latest, trending, mine), search, and the ask form around
 * the page's static list (`children`), which it hides while it shows results of its own. On a
 * question's URL that has no page yet (asked after the last build) it shows that question instead.
 */
export function ForumHome({
  category,
  categories,
  children,
}: {
  category: number | null;
  categories: ForumCategory[];
  children?: ComponentChildren;
}) {
  const session = useSession();
  const [store] = useState(() => createForumList(category));
  const [questionId, setQuestionId] = useState<number | null>(null);
  useEffect(() => {
    const id = questionIdFrom(location.pathname, location.search);
    if (id) {
      document.getElementById('forum-static')?.setAttribute('hidden', '');
      setQuestionId(id);
    }
    return store.stop;
  }, [store]);
  useAskFocus();

  if (questionId) return <QuestionView id={questionId} />;
  const signedIn = Boolean(session.user);
  return (
    <div className="md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] md:gap-6">
      <div>
        <ForumTabs store={store} signedIn={signedIn} />
        <ForumResults store={store}>{children}</ForumResults>
      </div>
      <aside id="ask" tabIndex={-1}>
        {session.loading ? null : signedIn ? (
          <AskForm categories={categories} category={category} onAsked={(q) => window.location.assign(questionHref(q.id))} />
        ) : (
          <SignInPrompt what="ask a question" />
        )}
      </aside>
    </div>
  );
}

/** An author may still edit a post this recent (the API's window). */
const editable = (createdAt: string) => Date.now() - Date.parse(createdAt) < EDIT_WINDOW_MINUTES * 60_000;

function QuestionHead({ store, question }: { store: QuestionStore; question: ForumQuestion }) {
  const { editing } = useStore(store.$question);
  const category = question.category && typeof question.category === 'object' ? question.category : null;
  const fields = [
    { name: 'title', label: 'Question', value: question.title, long: false },
    { name: 'body', label: 'Details', value: question.body ?? '', long: true },
  ];
  return (
    <>
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
          fields={fields}
          onSave={(v) => store.saveQuestion({ title: v.title!, body: v.body! })}
          onCancel={() => store.edit(null)}
        />
      ) : question.body ? (
        <p className="pre-line">{question.body}</p>
      ) : null}
    </>
  );
}

function QuestionActions({ store, question, signedIn }: { store: QuestionStore; question: ForumQuestion; signedIn: boolean }) {
  const { like, editing } = useStore(store.$question);
  return (
    <p className="row">
      {signedIn ? (
        <button type="button" className={`btn${like.liked ? ' primary' : ''}`} aria-pressed={like.liked} onClick={store.like}>
          {like.liked ? 'Liked' : 'Like'} · <span data-testid="like-count">{like.count}</span>
        </button>
      ) : (
        <span className="muted">{countOf(like.count, 'like')}</span>
      )}
      {signedIn && !question.mine ? <ReportButton kind="question" id={question.id} /> : null}
      {question.mine && editable(question.created_at) && editing !== 'question' ? (
        <button type="button" className="btn" onClick={() => store.edit('question')}>
          Edit question
        </button>
      ) : null}
      {question.mine ? (
        <button type="button" className="btn" onClick={() => store.askDelete('question')}>
          Delete question
        </button>
      ) : null}
    </p>
  );
}

interface ReplyProps {
  store: QuestionStore;
  reply: ForumReply;
  accepted: boolean;
  /** the reader may mark the accepted answer (the asker, an admin) */
  canAccept: boolean;
  /** the reader's own actions show: live and signed in */
  actions: boolean;
}

function ReplyActions({ store, reply: r, accepted, canAccept }: Omit<ReplyProps, 'actions'>) {
  const { editing } = useStore(store.$question);
  return (
    <p className="row">
      {canAccept && !r.hidden ? (
        <button type="button" className="btn" onClick={() => store.accept(accepted ? null : r.id)}>
          {accepted ? 'Unmark accepted answer' : 'Accept this answer'}
        </button>
      ) : null}
      {r.mine && editable(r.created_at) && editing !== r.id ? (
        <button type="button" className="btn" onClick={() => store.edit(r.id)}>
          Edit reply
        </button>
      ) : null}
      {r.mine ? (
        <button type="button" className="btn" onClick={() => store.askDelete(r.id)}>
          Delete reply
        </button>
      ) : (
        <ReportButton kind="reply" id={r.id} />
      )}
    </p>
  );
}

function Reply({ store, reply: r, accepted, canAccept, actions }: ReplyProps) {
  const { editing } = useStore(store.$question);
  return (
    <li className={`card${accepted ? ' accepted' : ''}`} id={`reply-${r.id}`}>
      <div>
        {accepted ? <p className="badge ok">Accepted answer</p> : null}
        {editing === r.id ? (
          <EditForm
            fields={[{ name: 'body', label: 'Your reply', value: r.body, long: true }]}
            onSave={(v) => store.saveReply(r.id, v.body!)}
            onCancel={() => store.edit(null)}
          />
        ) : (
          <p className="pre-line reply-body">{r.body}</p>
        )}
        <p>
          {[authorOf(r), r.institution ? institutionLabel(r.institution.kind, r.institution.name) : null, formatDate(r.created_at)]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {r.held ? <p className="muted">{HELD_NOTE}</p> : null}
        {actions ? <ReplyActions store={store} reply={r} accepted={accepted} canAccept={canAccept} /> : null}
      </div>
    </li>
  );
}

/**
 * A question with its replies. On its pre-rendered page `initial` is the question as built, drawn
 * at build time so the HTML holds it; once live it is read again (new replies, the reader's like)
 * and the actions that depend on who reads appear.
 */
export function QuestionView({ id, initial }: { id: number; initial?: ForumQuestion }) {
  const session = useSession();
  const [store] = useState(() => createQuestionStore(id, initial));
  const { question, replies, live, error, actionError, notice, deleting } = useStore(store.$question);
  // read again once the session is known: the reader's like, their own held posts, an admin's view
  useEffect(() => {
    if (!session.loading) void store.load();
  }, [store, id, session.loading, session.user?.id]);

  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!question) return <p className="muted">Loading…</p>;
  const signedIn = Boolean(session.user);
  const canAccept = live && (Boolean(question.mine) || session.user?.role === 'admin');
  const accepted = replies.find((r) => r.id === question.accepted_reply_id);
  // the accepted answer first, then the others in the order they came
  const ordered = accepted ? [accepted, ...replies.filter((r) => r !== accepted)] : replies;

  return (
    <article>
      <QuestionHead store={store} question={question} />
      {live ? <QuestionActions store={store} question={question} signedIn={signedIn} /> : null}
      {actionError ? (
        <p className="error" role="alert">
          {actionError}
        </p>
      ) : null}
      {notice ? <p role="status">{notice}</p> : null}
      <h2>{countOf(replies.length, 'reply', 'replies')}</h2>
      <ul className="cards single" aria-label="Replies">
        {ordered.map((r) => (
          <Reply key={r.id} store={store} reply={r} accepted={r === accepted} canAccept={canAccept} actions={live && signedIn} />
        ))}
      </ul>
      {session.loading ? null : signedIn ? <ReplyForm store={store} /> : <SignInPrompt what="reply or like" />}
      {deleting !== null ? <DeleteDialog store={store} target={deleting} /> : null}
    </article>
  );
}
