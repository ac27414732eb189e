import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { bearer, buildTestApp, createForumCategory, signedIn, type TestApp } from './helpers.ts';
import { forumQuestions, forumReplies } from '../../server/db/schema/index.ts';
import type { Queued, Send } from '../../src/lib/stores/sendLater.ts';

type Session = Awaited<ReturnType<typeof signedIn>>;

/** The browser's localStorage, in memory. */
const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
};

/**
 * The offline queue (src/lib/stores/sendLater.ts) against the real server: a form kept on the
 * device is sent exactly once, however often the network drops the request or its answer.
 */
describe('forms kept offline, sent later', () => {
  let t: TestApp;
  let bob: Session;
  let questionId: number;
  // unreachable: nothing listens on port 9, so every request fails as it does offline
  vi.stubEnv('API_URL', 'http://127.0.0.1:9/api');
  const store = () => import('../../src/lib/stores/sendLater.ts');
  const client = () => import('../../src/lib/api/client.ts');

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    bob = await signedIn(t.app, t.database.db, 'student', { first_name: 'Bob', last_name: 'Thapa' });
    const category = await createForumCategory(t.database.db, 'Visa Questions');
    const [q] = await t.database.db
      .insert(forumQuestions)
      .values({ title: 'Which bank for the visa deposit?', body: 'Any advice?', category_id: category.id, author_id: bob.user.id })
      .returning({ id: forumQuestions.id });
    questionId = q!.id;
  });
  afterAll(() => t.close());
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  const replies = async () =>
    (await t.database.db.select({ n: count() }).from(forumReplies).where(eq(forumReplies.question_id, questionId)))[0]!.n;
  /** the server, reached as the browser's client would reach it */
  const server: Send = async (item: Queued) =>
    (
      await t.app.inject({
        method: item.method as 'POST',
        url: `/api/${item.url}`,
        headers: { ...bearer(bob), 'content-type': item.contentType, 'idempotency-key': item.key },
        payload: item.body,
      })
    ).statusCode;

  it('keeps a reply the network could not carry, with its Idempotency-Key, and tells the student', async () => {
    const { keepWhenOffline, call } = await client();
    const { enqueue, $queue, $queueNote, SEND_LATER_TEXT } = await store();
    keepWhenOffline(enqueue);
    const sending = call('Could not send', (c) =>
      c.post(`forum/questions/${questionId}/reply/`, { json: { body: 'Kept offline.' } }).json(),
    );
    await expect(sending).rejects.toThrow(SEND_LATER_TEXT.saved);
    const [kept] = $queue.get();
    expect(kept).toMatchObject({ method: 'POST', url: `forum/questions/${questionId}/reply/`, body: '{"body":"Kept offline."}' });
    expect(kept!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect($queueNote.get()).toBe(SEND_LATER_TEXT.saved);
  });

  it('keeps a form without files (an application edit), never an upload', async () => {
    const { keepWhenOffline, api } = await client();
    const { enqueue, $queue } = await store();
    keepWhenOffline(enqueue);
    const fields = new FormData();
    fields.set('phone', '9841111111');
    await expect(api.patch('applications/track/ABC123/', { body: fields })).rejects.toThrow('Saved on this phone');
    expect($queue.get()).toHaveLength(1);
    expect($queue.get()[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    fields.append('documents', new File(['%PDF-1.4'], 'marks.pdf', { type: 'application/pdf' }));
    await expect(api.patch('applications/track/ABC123/', { body: fields })).rejects.toThrow(TypeError);
    expect($queue.get()).toHaveLength(1);
  });

  it('sends a kept reply exactly once when its answer is lost, the network fails, then it is sent again', async () => {
    const { enqueue, flush, $queue, $queueNote, SEND_LATER_TEXT } = await store();
    enqueue({
      key: 'kept-reply-0001',
      method: 'POST',
      url: `forum/questions/${questionId}/reply/`,
      contentType: 'application/json',
      body: '{"body":"Sent once."}',
      savedAt: '',
    });
    const before = await replies();
    // the request reaches the server, its answer does not reach the phone
    await flush(async (item) => {
      await server(item);
      throw new TypeError('Failed to fetch');
    });
    expect($queue.get()).toHaveLength(1);
    // no network at all
    await flush(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect($queue.get()).toHaveLength(1);
    await flush(server);
    expect($queue.get()).toEqual([]);
    expect($queueNote.get()).toBe(SEND_LATER_TEXT.sent);
    await flush(server);
    expect(await replies()).toBe(before + 1);
  });

  it('drops a kept form the server refuses, and says so', async () => {
    const { enqueue, flush, $queue, $queueNote, SEND_LATER_TEXT } = await store();
    enqueue({
      key: 'kept-refused-01',
      method: 'POST',
      url: `forum/questions/${questionId}/reply/`,
      contentType: 'application/json',
      body: '{"body":"  "}',
      savedAt: '',
    });
    await flush(server);
    expect($queue.get()).toEqual([]);
    expect($queueNote.get()).toBe(SEND_LATER_TEXT.refused);
  });
});

describe('the last tracked application, offline', () => {
  vi.stubEnv('API_URL', 'http://127.0.0.1:9/api');
  afterEach(() => vi.unstubAllGlobals());

  it('shows the application last checked on this device, with its time, when the network fails; never another code', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const status = { tracking_code: 'TRK-1', status: 'submitted', timeline: [] };
    storage.setItem('track-last', JSON.stringify({ code: 'TRK-1', status, at: '2026-11-20T10:00:00.000Z' }));
    const { createTrackStore, NOT_FOUND } = await import('../../src/lib/stores/track.ts');
    const store = createTrackStore();
    expect(await store.check('TRK-1')).toBe(true);
    expect(store.$track.get()).toMatchObject({ status, asOf: '2026-11-20T10:00:00.000Z', error: null });
    expect(await store.check('TRK-2')).toBe(false);
    expect(store.$track.get()).toMatchObject({ status: null, asOf: null, error: { text: NOT_FOUND } });
  });
});
