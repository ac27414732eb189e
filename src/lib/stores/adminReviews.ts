import { replyToReview, type Review } from '../api/reviews.ts';
import { rowFailed, type PagedStore } from './adminDashboard.ts';
import { flash } from './adminFlash.ts';

/** The consultancy's one public reply to a review; the outcome is flashed, a refusal goes to the list's error, and the list is read again. */
export async function replyAndReload(store: PagedStore<Review>, id: number, reply: string): Promise<boolean> {
  rowFailed(store, id);
  try {
    await replyToReview(id, { reply });
    flash('Your reply is published. It shows under the review on your public page within a minute or two.');
    await store.load();
    return true;
  } catch (e) {
    rowFailed(store, id, e);
    return false;
  }
}
