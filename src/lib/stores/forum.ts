import { map, type MapStore } from 'nanostores';
import {
  acceptAnswer,
  deletePost,
  editQuestion,
  editReply,
  forumQuestion,
  forumQuestions,
  likeQuestion,
  myQuestions,
  replyToQuestion,
  trendingQuestions,
  type ForumQuestion,
  type ForumReply,
} from '../api/public.ts';

const message = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

export const HELD_NOTE = 'It has a link, so a moderator checks it before others can see it.';

// ---- a forum list page's live part ----------------------------------------------------------

export type ForumTab = 'latest' | 'trending' | 'mine';

export interface ForumListState {
  tab: ForumTab;
  search: string;
  /** the live results; null while they load */
  items: ForumQuestion[] | null;
  error: string;
}

/** Results of its own show (in place of the page's static list) on another tab or while searching. */
export const listIsLive = (s: ForumListState) => s.tab !== 'latest' || s.search.trim() !== '';

/** A forum list page's tabs (latest, trending, mine) and search, and the questions they find. */
export function createForumList(category: number | null, delayMs = 300) {
  const $list = map<ForumListState>({ tab: 'latest', search: '', items: null, error: '' });
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function find(tab: ForumTab, search: string): Promise<ForumQuestion[]> {
    if (tab === 'trending') return trendingQuestions();
    if (tab === 'mine') return myQuestions();
    return forumQuestions({ category, search: search.trim(), ordering: '-created_at' }).then((p) => p.results);
  }

  // the last change wins: an answer to an earlier one is dropped
  function reload() {
    const mine = ++asked;
    clearTimeout(timer);
    const { tab, search } = $list.get();
    if (!listIsLive($list.get())) return;
    $list.set({ ...$list.get(), items: null, error: '' });
    timer = setTimeout(
      () => {
        find(tab, search).then(
          (items) => mine === asked && $list.setKey('items', items),
          (err: unknown) => mine === asked && $list.set({ ...$list.get(), items: [], error: message(err, 'Failed to fetch questions') }),
        );
      },
      search ? delayMs : 0,
    );
  }

  return {
    $list,
    showTab(tab: ForumTab) {
      $list.setKey('tab', tab);
      reload();
    },
    setSearch(search: string) {
      $list.setKey('search', search);
      reload();
    },
    stop() {
      asked++;
      clearTimeout(timer);
    },
  };
}
export type ForumListStore = ReturnType<typeof createForumList>;

// ---- one question and its replies ------------------------------------------------------------

/** A post of the question's page: the question itself or one of its replies (by id). */
export type PostTarget = 'question' | number;

export interface QuestionState {
  question: ForumQuestion | null;
  replies: ForumReply[];
  /** read again from the API since the page was built: the reader's own actions may show */
  live: boolean;
  error: string;
  like: { liked: boolean; count: number };
  /** the reply being written */
  draft: string;
  sending: boolean;
  actionError: string;
  notice: string;
  /** the post being edited in place */
  editing: PostTarget | null;
  /** the post whose delete waits for the author's yes in the site's dialog */
  deleting: PostTarget | null;
}

/** What the delete dialog asks. */
export const deleteQuestionOf = (target: PostTarget) =>
  target === 'question' ? 'Delete your question and its replies?' : 'Delete your reply?';

type QuestionMap = MapStore<QuestionState>;

const patcher = ($question: QuestionMap) => (patch: Partial<QuestionState>) => $question.set({ ...$question.get(), ...patch });

/** Runs a reader's action; its failure is said above the replies. */
const acting = ($question: QuestionMap) => async (what: () => Promise<unknown>, fallback: string) => {
  $question.setKey('actionError', '');
  try {
    await what();
  } catch (err) {
    $question.setKey('actionError', message(err, fallback));
  }
};

/** The author's own posts: edited in place, or deleted once they said yes in the site's dialog. */
function ownPosts(id: number, $question: QuestionMap) {
  const set = patcher($question);
  async function remove(target: PostTarget) {
    if (target === 'question') {
      await deletePost('question', id);
      window.location.assign('/forum/');
      return;
    }
    await deletePost('reply', target);
    set({ replies: $question.get().replies.filter((r) => r.id !== target), notice: 'Your reply was deleted.' });
  }
  return {
    edit: (target: PostTarget | null) => set({ editing: target }),
    async saveQuestion(values: { title: string; body: string }) {
      const saved = await editQuestion(id, values);
      set({ question: { ...$question.get().question!, title: saved.title, body: saved.body }, editing: null });
    },
    async saveReply(replyId: number, body: string) {
      const saved = await editReply(replyId, body);
      set({ replies: $question.get().replies.map((x) => (x.id === replyId ? { ...x, body: saved.body } : x)), editing: null });
    },
    askDelete: (target: PostTarget) => set({ deleting: target }),
    cancelDelete: () => set({ deleting: null }),
    confirmDelete() {
      const target = $question.get().deleting;
      set({ deleting: null });
      return target === null ? Promise.resolve() : acting($question)(() => remove(target), 'Failed to delete the post');
    },
  };
}

/** The reply being written, and sending it. */
function replying(id: number, $question: QuestionMap) {
  const set = patcher($question);
  return {
    setDraft: (draft: string) => set({ draft }),
    async reply() {
      const body = $question.get().draft.trim();
      if (!body) return;
      set({ sending: true, actionError: '', notice: '' });
      try {
        const created = await replyToQuestion(id, body);
        const added = { ...created, body: created.body ?? body, created_at: created.created_at ?? new Date().toISOString() };
        set({
          replies: [...$question.get().replies, added],
          draft: '',
          notice: created.held ? `Your reply was received. ${HELD_NOTE}` : '',
        });
      } catch (err) {
        set({ actionError: message(err, 'Failed to post reply') });
      } finally {
        set({ sending: false });
      }
    },
  };
}

/**
 * A question's page: the question and its replies, read again once live, and what a reader does
 * there (like, accept an answer, reply, edit or delete their own posts).
 */
export function createQuestionStore(id: number, initial?: ForumQuestion) {
  const $question = map<QuestionState>({
    question: initial ?? null,
    replies: initial?.replies ?? [],
    live: false,
    error: '',
    like: { liked: false, count: 0 },
    draft: '',
    sending: false,
    actionError: '',
    notice: '',
    editing: null,
    deleting: null,
  });
  const set = patcher($question);
  const act = acting($question);
  const loaded = (q: ForumQuestion) => {
    set({ question: q, replies: q.replies ?? [], like: { liked: Boolean(q.liked), count: q.like_count ?? 0 }, live: true });
    document.title = `${q.title} | Forum`;
  };
  return {
    $question,
    load: () => forumQuestion(id).then(loaded, (err: unknown) => set({ error: message(err, 'Question not found') })),
    like: () =>
      act(async () => {
        const r = await likeQuestion(id);
        set({ like: { liked: r.liked, count: r.like_count } });
      }, 'Failed to like question'),
    accept: (replyId: number | null) => act(async () => set({ question: await acceptAnswer(id, replyId) }), 'Failed to accept the answer'),
    ...ownPosts(id, $question),
    ...replying(id, $question),
  };
}
export type QuestionStore = ReturnType<typeof createQuestionStore>;
