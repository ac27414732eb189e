import type { SessionUser } from '../plugins/auth.ts';
import { isAdmin } from './roles.ts';

/** Forum posts: who may do what with a post, by its author. */

/** Only the author edits a post (a moderator hides or deletes it instead). */
export const mayEditPost = (user: SessionUser, authorId: number) => authorId === user.id;

/** The author deletes their own post; an admin any post. */
export const mayDeletePost = (user: SessionUser, authorId: number) => authorId === user.id || isAdmin(user);

/** The asker, or an admin, chooses a question's accepted answer. */
export const mayAcceptAnswer = (user: SessionUser, askerId: number) => askerId === user.id || isAdmin(user);

/** Anyone but its author reports a post. */
export const mayReportPost = (user: SessionUser, authorId: number) => authorId !== user.id;

/** An admin's posts are never held for review (a first post with a link is, for everyone else). */
export const postsUnreviewed = (user: SessionUser) => isAdmin(user);
