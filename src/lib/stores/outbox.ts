import { getOutboxMessage, listOutbox, retryOutboxMessage, type OutboxMessage, type OutboxMessageFull } from '../api/outbox.ts';
import { createPagedStore, type PagedStore, rowFailed } from './adminDashboard.ts';
import { flash } from './adminFlash.ts';

/** The admins' Outbox, newest first, filtered by status. */
export const outboxMessages = (): PagedStore<OutboxMessage> => createPagedStore((page, status) => listOutbox(page, status));

/** One message's text and HTML, read when an admin opens it. */
export const readMessage = (id: number): Promise<OutboxMessageFull> => getOutboxMessage(id);

/** Puts a failed message back in line and reloads the list; the outcome is flashed, a refusal goes to the list's error. */
export async function retryAndReload(
  store: PagedStore<OutboxMessage>,
  message: Pick<OutboxMessage, 'id' | 'to' | 'subject'>,
): Promise<boolean> {
  rowFailed(store, message.id);
  try {
    await retryOutboxMessage(message.id);
    flash(`"${message.subject}" to ${message.to} will be sent again in a moment.`);
    await store.load();
    return true;
  } catch (e) {
    rowFailed(store, message.id, e);
    return false;
  }
}
