import { call, json, type Page } from './client.ts';

/** The admin's forum calls: the moderation queue, hide or restore, delete, and suspending an author. */

export interface QueuedPost {
  kind: 'question' | 'reply';
  id: number;
  question_id: number;
  /** the question's title (a reply's question) */
  title: string;
  body: string;
  author_id: number;
  author_name: string;
  author_active: boolean;
  hidden: boolean;
  held: boolean;
  created_at: string;
  reports: { reason: string; reporter_name: string; created_at: string }[];
}

const postPath = (kind: QueuedPost['kind'], id: number) => `forum/${kind === 'question' ? 'questions' : 'replies'}/${id}/`;

/** 'open': reported and held posts; 'hidden': every hidden post, to restore */
export type Queue = 'open' | 'hidden';

export const moderationQueue = (page = 1, queue: Queue = 'open') =>
  call('Failed to fetch the moderation queue', json<Page<QueuedPost>>('forum/moderation/', { searchParams: { page, queue } }));

export const setHidden = (kind: QueuedPost['kind'], id: number, hidden: boolean) =>
  call(
    hidden ? 'Failed to hide the post' : 'Failed to restore the post',
    json<{ id: number; hidden: boolean }>(`${postPath(kind, id)}moderate/`, { method: 'patch', json: { hidden } }),
  );

/** Deletes a post for good; its author is mailed the reason. */
export const removePost = (kind: QueuedPost['kind'], id: number, reason: string) =>
  call('Failed to delete the post', json<{ message: string }>(postPath(kind, id), { method: 'delete', json: { reason } }));

export const suspendAccount = (userId: number) =>
  call('Failed to suspend the account', json<unknown>(`auth/users/${userId}/`, { method: 'put', json: { active: false } }));
