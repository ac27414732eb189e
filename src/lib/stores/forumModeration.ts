import { moderationQueue, removePost, setHidden, suspendAccount, type Queue, type QueuedPost } from '../api/forumModeration.ts';
import { createPagedStore, type PagedStore, rowFailed } from './adminDashboard.ts';
import { flash } from './adminFlash.ts';

/** The forum's moderation queue, page by page. */
export const createModerationStore = () => createPagedStore((page, queue) => moderationQueue(page, (queue || 'open') as Queue));

const what = (post: QueuedPost) => (post.kind === 'question' ? `The question “${post.title}”` : `The reply to “${post.title}”`);

export type ModerationAction = 'hide' | 'restore' | 'delete' | 'suspend';

/** One moderator action on a queued post; the outcome is flashed, a refusal goes to the list's error, and the queue is read again. */
export async function moderateAndReload(
  store: PagedStore<QueuedPost>,
  post: QueuedPost,
  action: ModerationAction,
  reason = '',
): Promise<boolean> {
  rowFailed(store, post.id);
  try {
    if (action === 'hide') await setHidden(post.kind, post.id, true);
    if (action === 'restore') await setHidden(post.kind, post.id, false);
    if (action === 'delete') await removePost(post.kind, post.id, reason);
    if (action === 'suspend') await suspendAccount(post.author_id);
    flash(
      {
        hide: `${what(post)} is hidden. The site drops it within a minute or two.`,
        restore: `${what(post)} is shown again. The site shows it within a minute or two.`,
        delete: `${what(post)} is deleted. ${post.author_name} is mailed your reason.`,
        suspend: `${post.author_name}’s account is suspended: they can no longer sign in.`,
      }[action],
    );
    await store.load();
    return true;
  } catch (e) {
    rowFailed(store, post.id, e);
    return false;
  }
}
