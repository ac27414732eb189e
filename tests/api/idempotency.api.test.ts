import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { bearer, buildTestApp, createForumCategory, engines, expectErrorShape, signedIn, type TestApp } from './helpers.ts';
import { forumQuestions, forumReplies, idempotencyKeys } from '../../server/db/schema/index.ts';

type Session = Awaited<ReturnType<typeof signedIn>>;

/** Issue 27: a form queued on a phone is sent with an Idempotency-Key; a repeat never makes a second row. */
describe.each(engines)('Idempotency-Key on %s', (engine) => {
  let t: TestApp;
  let bob: Session;
  let alice: Session;
  let questionId: number;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    bob = await signedIn(t.app, t.database.db, 'student', { first_name: 'Bob', last_name: 'Thapa' });
    alice = await signedIn(t.app, t.database.db, 'student', { first_name: 'Alice', last_name: 'Gurung' });
    const category = await createForumCategory(t.database.db, 'Visa Questions');
    const [q] = await t.database.db
      .insert(forumQuestions)
      .values({ title: 'Which bank for the visa deposit?', body: 'Any advice?', category_id: category.id, author_id: bob.user.id })
      .returning({ id: forumQuestions.id });
    questionId = q!.id;
  });
  afterAll(() => t.close());

  /** each reply different: the forum refuses the same (or nearly the same) words twice */
  const words = [
    'Nabil Bank took two days.',
    'Ask the embassy first, they have a list.',
    'My cousin used Everest Bank in 2024.',
    'Keep every receipt: visa officers check them.',
    'Global IME was fine for me.',
    'Do not pay agents for a deposit letter.',
    'Sanima gave the statement on the same day.',
    'Mine took a week because of the holidays.',
    'Check whether your university wants a blocked account instead.',
    'The consultancy should not charge for this at all.',
    'Bring your passport copy and the offer letter.',
  ];
  let n = 0;
  const reply = (key: string | undefined, session = bob, body = words[n++ % words.length]!) =>
    t.app.inject({
      method: 'POST',
      url: `/api/forum/questions/${questionId}/reply/`,
      headers: { ...bearer(session), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { body },
    });
  const replies = async () =>
    (await t.database.db.select({ n: count() }).from(forumReplies).where(eq(forumReplies.question_id, questionId)))[0]!.n;

  it('stores a request sent twice with one key once, and answers the first answer again', async () => {
    const before = await replies();
    const first = await reply('key-same-0001', bob, 'Try the one near Lakeside.');
    const again = await reply('key-same-0001', bob, 'Try the one near Lakeside.');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(await replies()).toBe(before + 1);
  });

  it('stores two requests with different keys twice', async () => {
    const before = await replies();
    expect((await reply('key-other-0001')).statusCode).toBe(201);
    expect((await reply('key-other-0002')).statusCode).toBe(201);
    expect(await replies()).toBe(before + 2);
  });

  it('never answers a key for another caller or request', async () => {
    expect((await reply('key-owner-0001')).statusCode).toBe(201);
    const res = await reply('key-owner-0001', alice);
    expect(res.statusCode).toBe(422);
    expectErrorShape(res.json());
  });

  it('refuses a malformed key with 400', async () => {
    const res = await reply('short');
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json());
  });

  it('runs the request again for a key older than 24 hours', async () => {
    expect((await reply('key-old-00001')).statusCode).toBe(201);
    await t.database.db
      .update(idempotencyKeys)
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'key-old-00001'));
    const before = await replies();
    expect((await reply('key-old-00001')).headers['idempotency-replayed']).toBeUndefined();
    expect(await replies()).toBe(before + 1);
  });

  it('answers 409 while the first request runs, and frees a key whose first request never finished', async () => {
    const request = `POST /api/forum/questions/${questionId}/reply/ ${bob.user.id}`;
    await t.database.db.insert(idempotencyKeys).values({ key: 'key-pending-01', request });
    const running = await reply('key-pending-01');
    expect(running.statusCode).toBe(409);
    expectErrorShape(running.json());
    await t.database.db
      .update(idempotencyKeys)
      .set({ created_at: sql`now() - interval '3 minutes'` })
      .where(eq(idempotencyKeys.key, 'key-pending-01'));
    expect((await reply('key-pending-01')).statusCode).toBe(201);
  });

  it('keeps only a successful answer: a refused request frees its key for the corrected retry', async () => {
    expect((await reply('key-refused-01', bob, '   ')).statusCode).toBe(400);
    const before = await replies();
    const retry = await reply('key-refused-01', bob, 'Now with words.');
    expect(retry.statusCode).toBe(201);
    expect(await replies()).toBe(before + 1);
  });
});
