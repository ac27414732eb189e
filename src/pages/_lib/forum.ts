/**
 * Build-time forum data: every visible question (whole body), every visible reply and the
 * categories, each list read once per build (through the build's copy, data-cache.ts) and shared by
 * the question pages, the lists and the sitemap. Likes are not part of the pages (the island shows them live), so a like never
 * re-renders a page.
 */
import type { ForumCategory, ForumQuestion, ForumReply } from '../../lib/api/public.ts';
import { digest, FORUM_LISTS, listRows } from './content.ts';

/** questions a list page shows */
export const FORUM_PAGE_SIZE = 20;

export interface ForumData {
  questions: ForumQuestion[];
  replies: Map<number, ForumReply[]>;
  categories: ForumCategory[];
}

let loaded: Promise<ForumData> | null = null;

export function forumData(): Promise<ForumData> {
  loaded ??= Promise.all([
    listRows<ForumQuestion>(FORUM_LISTS.questions),
    listRows<ForumReply>(FORUM_LISTS.replies),
    listRows<ForumCategory>(FORUM_LISTS.categories),
  ]).then(([questions, replies, categories]) => {
    const byQuestion = new Map<number, ForumReply[]>();
    for (const r of replies) byQuestion.set(r.question_id!, [...(byQuestion.get(r.question_id!) ?? []), r]);
    return { questions: questions.map(shown), replies: byQuestion, categories };
  });
  return loaded;
}

/** What a page shows of a question: not its live counts (likes; replies are counted from the replies read). */
function shown(q: ForumQuestion): ForumQuestion {
  const { like_count: _likes, reply_count: _replies, liked: _liked, mine: _mine, ...rest } = q;
  return rest;
}

export const categoryOf = (q: ForumQuestion) => (q.category && typeof q.category === 'object' ? q.category : null);

/** The cacheKey of a question's page: the question and its replies as shown. */
export const questionKey = (q: ForumQuestion, replies: ForumReply[]) => digest([q, replies]);

/** The cacheKey of a list page: its questions with their reply counts, and the categories it links to. */
export const listKey = (shownQuestions: ForumQuestion[], data: ForumData, extra: unknown) =>
  digest([
    shownQuestions.map((q) => [q.id, q.title, q.author_name, q.created_at, categoryOf(q)?.name, data.replies.get(q.id)?.length ?? 0]),
    data.categories.map((c) => [c.id, c.name, c.slug]),
    extra,
  ]);
