import { atom } from 'nanostores';
import { api, keepWhenOffline, type KeptRequest } from '../api/client.ts';

/**
 * Forms filled offline (issue 27): a POST or PATCH the network could not carry is kept on the
 * device (localStorage, every tab sees it) with its Idempotency-Key, and sent when the network is
 * back (the online event, and the next page load). The server answers a repeated key with the
 * first answer, so an item sent twice (its answer lost, or two tabs at once) still makes one row.
 */
export type Queued = KeptRequest;

export const SEND_LATER_TEXT = {
  saved: 'Saved on this phone, will be sent when you are online.',
  sent: 'Sent.',
  refused: 'A form saved on this phone was refused when it was sent: please fill it in again.',
} as const;

const KEY = 'send-later';
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);
const read = (): Queued[] => {
  try {
    return JSON.parse(storage()?.getItem(KEY) ?? '[]') as Queued[];
  } catch {
    return [];
  }
};

export const $queue = atom<Queued[]>(read());
/** what the student last saw happen to the queue, shown by the site chrome */
export const $queueNote = atom<string | null>(null);

function write(items: Queued[]) {
  storage()?.setItem(KEY, JSON.stringify(items));
  $queue.set(items);
}

export function enqueue(item: Queued) {
  write([...read().filter((q) => q.key !== item.key), item]);
  $queueNote.set(SEND_LATER_TEXT.saved);
}

/** Sends one kept request; answers its HTTP status, or throws when the network fails again. */
export type Send = (item: Queued) => Promise<number>;

const sendWithApi: Send = async (item) =>
  (
    await api(item.url, {
      method: item.method,
      body: item.body,
      headers: { 'content-type': item.contentType, 'idempotency-key': item.key },
      throwHttpErrors: false,
      retry: 0,
    })
  ).status;

let flushing: Promise<void> | null = null;

/**
 * Sends what is kept, oldest first, one at a time. Answered: taken off the queue (a refusal is told
 * to the student). 409 (the same key still running elsewhere), 429, 5xx or no network: kept for the
 * next try.
 */
export function flush(send: Send = sendWithApi): Promise<void> {
  flushing ??= (async () => {
    let sent = 0;
    let refused = 0;
    for (const item of read()) {
      let status: number;
      try {
        status = await send(item);
      } catch {
        break;
      }
      if (status === 409 || status === 429 || status >= 500) break;
      write(read().filter((q) => q.key !== item.key));
      if (status < 400) sent++;
      else refused++;
    }
    if (refused) $queueNote.set(SEND_LATER_TEXT.refused);
    else if (sent && !read().length) $queueNote.set(SEND_LATER_TEXT.sent);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** On every page: kept forms go as soon as the network is back, and at once if it is. */
export function startSendLater() {
  if (typeof window === 'undefined') return;
  keepWhenOffline(enqueue);
  addEventListener('online', () => void flush());
  addEventListener('storage', (event) => event.key === KEY && $queue.set(read()));
  if (navigator.onLine && read().length) void flush();
}
