import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { bearer, buildTestApp, createForumCategory, engines, expectErrorShape, signedIn, type TestApp } from './helpers.ts';
import { forumLikes, forumQuestions, forumReplies } from '../../server/db/schema/index.ts';

type Session = Awaited<ReturnType<typeof signedIn>>;

describe.each(engines)('forum on %s', (engine) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let admin: Session;
  let visa: { id: number; slug: string };
  let ielts: { id: number; slug: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    alice = await signedIn(t.app, t.database.db, 'student', { first_name: 'Alice', last_name: 'Gurung', email: 'alice@example.com' });
    bob = await signedIn(t.app, t.database.db, 'student', { first_name: 'Bob', last_name: 'Thapa' });
    admin = await signedIn(t.app, t.database.db, 'admin');
    visa = await createForumCategory(t.database.db, 'Visa Questions');
    ielts = await createForumCategory(t.database.db, 'IELTS Prep');
  });
  afterAll(() => t.close());

  const get = (url: string, session?: Session) => t.app.inject({ url: `/api${url}`, headers: session ? bearer(session) : {} });
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, session: Session | undefined, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: session ? bearer(session) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ask = async (session: Session, payload: object) => {
    const res = await send('POST', '/forum/questions/', session, payload);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number };
  };
  const questionCount = async () => (await t.database.db.select({ n: count() }).from(forumQuestions))[0]!.n;

  it('lists categories with their question counts', async () => {
    const res = await get('/forum/categories/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results.map((c: { name: string }) => c.name)).toEqual(['IELTS Prep', 'Visa Questions']);
    expect(body.results[0]).toMatchObject({ id: ielts.id, slug: ielts.slug, question_count: 0 });
    expect(body).toMatchObject({ count: 2, next: null, previous: null });
  });

  it('asks, lists and shows questions with author name, category and counts, never an email', async () => {
    const q = await ask(alice, { title: 'Student visa for Australia', body: 'How long does the <b>visa</b> take?', category: visa.id });
    const detail = await get(`/forum/questions/${q.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      title: 'Student visa for Australia',
      body: 'How long does the <b>visa</b> take?',
      author_name: 'Alice Gurung',
      category: { id: visa.id, name: 'Visa Questions', slug: visa.slug },
      like_count: 0,
      reply_count: 0,
      liked: false,
      mine: false,
      replies: [],
    });
    const list = await get(`/forum/questions/?category=${visa.slug}`);
    expect(list.json().count).toBe(1);
    expect(list.json().results[0]).toMatchObject({
      id: q.id,
      author_name: 'Alice Gurung',
      like_count: 0,
      reply_count: 0,
      category: { id: visa.id },
    });
    expect(list.body).not.toContain('alice@example.com');
    expect(detail.body).not.toContain('alice@example.com');
    expect((await get(`/forum/questions/?category=${visa.id}`)).json().count).toBe(1);
    expect((await get(`/forum/questions/?category=${ielts.id}`)).json().count).toBe(0);
  });

  it('replies, likes as a toggle, and tells the caller whether they liked it', async () => {
    const q = await ask(alice, { title: 'Best IELTS coaching in Pokhara?', category: ielts.id });
    const reply = await send('POST', `/forum/questions/${q.id}/reply/`, bob, { body: 'Try the one near Lakeside.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ body: 'Try the one near Lakeside.', author_name: 'Bob Thapa', mine: true });

    expect((await send('POST', `/forum/questions/${q.id}/like/`, bob)).json()).toEqual({ liked: true, like_count: 1 });
    expect((await send('POST', `/forum/questions/${q.id}/like/`, alice)).json()).toEqual({ liked: true, like_count: 2 });
    expect((await send('POST', `/forum/questions/${q.id}/like/`, bob)).json()).toEqual({ liked: false, like_count: 1 });
    expect((await send('POST', `/forum/questions/${q.id}/like/`, bob)).json()).toEqual({ liked: true, like_count: 2 });

    const asBob = (await get(`/forum/questions/${q.id}/`, bob)).json();
    expect(asBob).toMatchObject({ like_count: 2, reply_count: 1, liked: true });
    expect(asBob.replies).toHaveLength(1);
    expect(asBob.replies[0]).toMatchObject({ author_name: 'Bob Thapa', mine: true });
    const anonymous = (await get(`/forum/questions/${q.id}/`)).json();
    expect(anonymous).toMatchObject({ liked: false });
    expect(anonymous.replies[0].mine).toBe(false);
    const likes = await t.database.db.select({ n: count() }).from(forumLikes).where(eq(forumLikes.question_id, q.id));
    expect(likes[0]!.n).toBe(2);
  });

  it('orders by likes, replies and age, searches with typos, and pages', async () => {
    const quiet = await ask(bob, { title: 'Quiet question about Japan language schools' });
    const liked = await ask(bob, { title: 'Popular question about Canadian colleges' });
    await send('POST', `/forum/questions/${liked.id}/like/`, alice);
    await send('POST', `/forum/questions/${liked.id}/like/`, admin);
    await send('POST', `/forum/questions/${liked.id}/like/`, bob);
    const ids = async (query: string) => (await get(`/forum/questions/?${query}`)).json().results.map((r: { id: number }) => r.id);
    expect((await ids('ordering=-likes'))[0]).toBe(liked.id);
    expect((await ids('ordering=-created_at'))[0]).toBe(liked.id);
    expect((await ids('ordering=created_at')).at(-1)).toBe(liked.id);
    expect((await ids('ordering=-replies'))[0]).not.toBe(quiet.id);
    expect(await ids('search=japanese%20language')).toContain(quiet.id);
    expect(await ids('search=canadain')).toContain(liked.id);
    expect(await ids('search=%00japan')).toContain(quiet.id);
    const page = (await get('/forum/questions/?page_size=2&page=2')).json();
    expect(page.results).toHaveLength(2);
    expect(page.previous).toContain('page=1');

    const trending = (await get('/forum/questions/trending/')).json();
    expect(trending.results[0].id).toBe(liked.id);
  });

  it.each([
    ['page 0', 'page=0'],
    ['a page that is no number', 'page=abc'],
    ['a huge page size', 'page_size=100000'],
    ['an unknown ordering', 'ordering=-views'],
    ['an unknown category', 'category=no-such-category'],
    ['SQL in the category', 'category=%27%3B%20drop%20table'],
    ['an unknown parameter', 'unknown=1'],
    ['a 10 KB search', `search=${'x'.repeat(10_000)}`],
  ])('answers 400 for %s', async (_name, query) => {
    const res = await get(`/forum/questions/?${query}`);
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json());
  });

  it('needs a token to write, and refuses bad input without storing anything', async () => {
    const before = await questionCount();
    expect((await send('POST', '/forum/questions/', undefined, { title: 'Anonymous question' })).statusCode).toBe(401);
    const bad = [
      {},
      { title: 'Hi' },
      { title: 42 },
      { title: 'A good title', extra: true },
      { title: 'A good title', body: 'x'.repeat(100_000) },
      { title: 'A good title', category: 999999 },
      { title: 'A good title', category: 'abc' },
    ];
    for (const payload of bad) {
      const res = await send('POST', '/forum/questions/', alice, payload);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/forum/questions/',
      payload: '{"title":',
      headers: { ...bearer(alice), 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(await questionCount()).toBe(before);
    const q = await ask(alice, { title: 'Null bytes \u0000 are dropped' });
    expect((await get(`/forum/questions/${q.id}/`)).json().title).toBe('Null bytes  are dropped');
    expect((await send('POST', `/forum/questions/${q.id}/reply/`, bob, { body: '   ' })).statusCode).toBe(400);
    expect((await send('POST', '/forum/questions/999999/reply/', bob, { body: 'Hello' })).statusCode).toBe(404);
    expect((await send('POST', '/forum/questions/999999/like/', bob)).statusCode).toBe(404);
    expect((await get('/forum/questions/abc/')).statusCode).toBe(400);
    expect((await get('/forum/questions/99999999999/')).statusCode).toBe(400);
  });

  it('lets authors edit their own posts only', async () => {
    const q = await ask(alice, { title: 'Original title here' });
    const reply = (await send('POST', `/forum/questions/${q.id}/reply/`, bob, { body: 'First answer' })).json();
    const edited = await send('PATCH', `/forum/questions/${q.id}/`, alice, { title: 'Edited title here', category: visa.id });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Edited title here', category: { id: visa.id }, mine: true });
    expect((await send('PATCH', `/forum/questions/${q.id}/`, bob, { title: 'Hijacked title' })).statusCode).toBe(403);
    expect((await send('PATCH', `/forum/questions/${q.id}/`, admin, { title: 'Admin title' })).statusCode).toBe(403);
    expect((await send('PATCH', `/forum/replies/${reply.id}/`, bob, { body: 'Better answer' })).json()).toMatchObject({
      body: 'Better answer',
    });
    expect((await send('PATCH', `/forum/replies/${reply.id}/`, alice, { body: 'Not mine' })).statusCode).toBe(403);
    expect((await send('PATCH', `/forum/questions/${q.id}/`, alice, { title: 'x' })).statusCode).toBe(400);
  });

  it('lists the caller’s own questions', async () => {
    expect((await get('/forum/questions/my/')).statusCode).toBe(401);
    const mine = (await get('/forum/questions/my/', alice)).json();
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.results.every((r: { mine: boolean }) => r.mine)).toBe(true);
  });

  it('lets admins hide and delete questions and replies', async () => {
    const q = await ask(bob, { title: 'Spammy question to hide' });
    const reply = (await send('POST', `/forum/questions/${q.id}/reply/`, alice, { body: 'Spammy reply' })).json();
    expect((await send('PATCH', `/forum/questions/${q.id}/moderate/`, bob, { hidden: true })).statusCode).toBe(403);
    expect((await send('PATCH', `/forum/questions/${q.id}/moderate/`, admin, { hidden: 'yes' })).statusCode).toBe(400);

    expect((await send('PATCH', `/forum/replies/${reply.id}/moderate/`, admin, { hidden: true })).json()).toEqual({
      id: reply.id,
      hidden: true,
    });
    expect((await get(`/forum/questions/${q.id}/`)).json()).toMatchObject({ replies: [], reply_count: 0 });
    expect((await send('PATCH', `/forum/replies/${reply.id}/`, alice, { body: 'Edit hidden' })).statusCode).toBe(404);

    expect((await send('PATCH', `/forum/questions/${q.id}/moderate/`, admin, { hidden: true })).statusCode).toBe(200);
    expect((await get(`/forum/questions/${q.id}/`)).statusCode).toBe(404);
    expect((await get(`/forum/questions/${q.id}/`, bob)).json()).toMatchObject({ hidden: true }); // its author still sees it, marked
    expect((await get(`/forum/questions/${q.id}/`, admin)).json()).toMatchObject({ hidden: true });
    expect((await get('/forum/questions/?page_size=1000')).json().results.map((r: { id: number }) => r.id)).not.toContain(q.id);
    expect((await send('POST', `/forum/questions/${q.id}/reply/`, alice, { body: 'Too late' })).statusCode).toBe(404);
    expect((await get('/forum/questions/my/?page_size=1000', bob)).json().results.find((r: { id: number }) => r.id === q.id)).toMatchObject(
      { hidden: true },
    );

    expect((await send('DELETE', `/forum/questions/${q.id}/`, alice)).statusCode).toBe(403); // not hers
    const deleted = await send('DELETE', `/forum/questions/${q.id}/`, admin, { reason: 'Spam' });
    expect(deleted.json()).toEqual({ message: 'Question deleted successfully!' });
    expect((await send('DELETE', `/forum/questions/${q.id}/`, admin)).statusCode).toBe(404);
    const orphans = await t.database.db.select({ n: count() }).from(forumReplies).where(eq(forumReplies.question_id, q.id));
    expect(orphans[0]!.n).toBe(0);
  });

  it('ranks trending by activity in the last seven days', async () => {
    const old = await ask(alice, { title: 'Old but once popular question' });
    const fresh = await ask(alice, { title: 'Fresh question with one reply' });
    for (const s of [alice, bob, admin]) await send('POST', `/forum/questions/${old.id}/like/`, s);
    await t.database.db.execute(sql`update forum_likes set created_at = now() - interval '30 days' where question_id = ${old.id}`);
    await send('POST', `/forum/questions/${fresh.id}/reply/`, bob, { body: 'Recent reply' });
    await send('POST', `/forum/questions/${fresh.id}/reply/`, admin, { body: 'Another recent reply' });
    await send('POST', `/forum/questions/${fresh.id}/like/`, bob);
    await send('POST', `/forum/questions/${fresh.id}/like/`, admin);
    await send('POST', `/forum/questions/${fresh.id}/like/`, alice);
    await send('POST', `/forum/questions/${fresh.id}/like/`, alice);
    const results = (await get('/forum/questions/trending/?page_size=50')).json().results.map((r: { id: number }) => r.id);
    expect(results.indexOf(fresh.id)).toBeLessThan(results.indexOf(old.id));
    expect(results[0]).toBe(fresh.id);
  });

  it('limits writes per account: the 11th reply in a minute gets 429 and is not written, other accounts go on', async () => {
    const flood = await signedIn(t.app, t.database.db, 'student', { first_name: 'Flood' });
    const question = await ask(bob, { title: 'Rate limits?', body: 'Asking once.', category: visa.id });
    const replies = async () =>
      (await t.database.db.select({ n: count() }).from(forumReplies).where(eq(forumReplies.question_id, question.id)))[0]!.n;
    for (let i = 0; i < 10; i++)
      expect((await send('POST', `/forum/questions/${question.id}/reply/`, flood, { body: `Reply ${i}` })).statusCode).toBe(201);
    const limited = await send('POST', `/forum/questions/${question.id}/reply/`, flood, { body: 'One too many' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectErrorShape(limited.json());
    expect(await replies()).toBe(10);
    expect((await send('POST', `/forum/questions/${question.id}/reply/`, alice, { body: 'Still welcome' })).statusCode).toBe(201);
    expect(await replies()).toBe(11);
  });
});
