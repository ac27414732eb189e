import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, createConsultancy, engines, expectErrorShape, tokenFor, type TestApp } from './helpers.ts';
import { startInbox, type Inbox } from './inbox.ts';
import { consultancies, users } from '../../server/db/schema/index.ts';
import { readContentVersion } from '../../server/content-version.ts';
import { EDIT_WINDOW_MINUTES } from '../../src/lib/contract/forum.ts';

type Caller = Awaited<ReturnType<typeof tokenFor>>;

/** The forum stays clean: accepted answers, reports and the moderation queue, held links, duplicates, the edit window, limits, categories. */
describe.each(engines)('forum moderation on %s', (engine) => {
  let t: TestApp;
  let inbox: Inbox;
  let admin: Caller;
  let other: Caller;

  beforeAll(async () => {
    inbox = await startInbox();
    t = await buildTestApp(engine, { env: { SMTP_URL: inbox.url } });
    admin = await tokenFor(t, 'admin');
    other = await tokenFor(t, 'student');
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: Caller, payload?: object, ip = '10.0.0.1') =>
    t.app.inject({ method, url: `/api${url}`, headers: who?.auth ?? {}, remoteAddress: ip, ...(payload ? { payload } : {}) });
  const ask = async (who: Caller, title = `Question ${randomUUID()}`, body = '') => {
    const res = await call('POST', '/forum/questions/', who, { title, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; held: boolean; hidden: boolean };
  };
  const reply = async (who: Caller, questionId: number, body: string) =>
    call('POST', `/forum/questions/${questionId}/reply/`, who, { body });
  const version = () => readContentVersion(t.database.db);

  it('lets the asker, or an admin, accept one answer; nobody else', async () => {
    const asker = await tokenFor(t, 'student');
    const q = await ask(asker);
    const a = (await reply(other, q.id, 'Apply three months ahead.')).json();
    const b = (await reply(other, q.id, 'The embassy answers in about six weeks.')).json();
    expect((await call('POST', `/forum/questions/${q.id}/accept/`, other, { reply: a.id })).statusCode).toBe(403);
    const before = await version();
    const accepted = await call('POST', `/forum/questions/${q.id}/accept/`, asker, { reply: a.id });
    expect(accepted.json()).toMatchObject({ accepted_reply_id: a.id });
    expect(await version()).toBeGreaterThan(before);
    expect((await call('POST', `/forum/questions/${q.id}/accept/`, admin, { reply: b.id })).json()).toMatchObject({
      accepted_reply_id: b.id,
    });
    const elsewhere = (await reply(other, (await ask(asker)).id, 'An answer to another question')).json();
    const wrong = await call('POST', `/forum/questions/${q.id}/accept/`, asker, { reply: elsewhere.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('reply');
    expect((await call('POST', `/forum/questions/${q.id}/accept/`, asker, { reply: null })).json()).toMatchObject({
      accepted_reply_id: null,
    });
  });

  it('says when an answer comes from a verified institution account, not from an unverified one', async () => {
    const asker = await tokenFor(t, 'student');
    const q = await ask(asker);
    const verifiedId = await createConsultancy(t.database.db, 'Himal Education');
    await t.database.db.update(consultancies).set({ verified: true }).where(eq(consultancies.id, verifiedId));
    const verified = await tokenFor(t, 'consultancy', { consultancy_id: verifiedId });
    const unverified = await tokenFor(t, 'consultancy', { consultancy_id: await createConsultancy(t.database.db) });
    expect((await reply(verified, q.id, 'We file these every week.')).json()).toMatchObject({
      institution: { kind: 'consultancy', name: 'Himal Education' },
    });
    expect((await reply(unverified, q.id, 'We can help you too.')).json()).toMatchObject({ institution: null });
    const listed = (await call('GET', '/forum/replies/?page_size=1000'))
      .json()
      .results.filter((r: { question_id: number }) => r.question_id === q.id);
    expect(listed.map((r: { institution: unknown }) => r.institution)).toEqual([{ kind: 'consultancy', name: 'Himal Education' }, null]);
  });

  it('refuses an exact or near duplicate of the author’s recent post, with a message naming the field', async () => {
    const asker = await tokenFor(t, 'student');
    await ask(asker, 'How long does an Australian student visa take from Kathmandu?');
    const exact = await call('POST', '/forum/questions/', asker, {
      title: 'How long does an Australian student visa take from Kathmandu?',
    });
    expect(exact.statusCode).toBe(400);
    expectErrorShape(exact.json());
    expect(exact.json().fields.title[0]).toMatch(/posted the same question/);
    const near = await call('POST', '/forum/questions/', asker, {
      title: 'how long does an australian student visa take from kathmandu??',
    });
    expect(near.statusCode).toBe(400);
    // someone else may ask the same
    expect(
      (await call('POST', '/forum/questions/', other, { title: 'How long does an Australian student visa take from Kathmandu?' }))
        .statusCode,
    ).toBe(201);

    const q = await ask(asker);
    expect((await reply(other, q.id, 'Cheap visa help at our office, call us today for a free consultation')).statusCode).toBe(201);
    const again = await reply(other, q.id, 'Cheap visa help at our office, call us today for a free consultation!');
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.body[0]).toMatch(/posted the same reply/);
    // older than the window: allowed again
    await t.database.db.execute(sql`update forum_replies set created_at = now() - interval '25 hours' where author_id = ${other.id}`);
    expect((await reply(other, q.id, 'Cheap visa help at our office, call us today for a free consultation')).statusCode).toBe(201);
  });

  it('holds a new account’s first post with a link for review, and shows it after a moderator restores it', async () => {
    const asker = await tokenFor(t, 'student');
    const newcomer = await tokenFor(t, 'student');
    const q = await ask(asker);
    const held = await reply(newcomer, q.id, 'Best offers at www.cheap-visas.example.com');
    expect(held.statusCode).toBe(201);
    expect(held.json()).toMatchObject({ held: true, hidden: true });
    expect((await call('GET', `/forum/questions/${q.id}/`)).json().replies).toEqual([]);
    const heldQuestion = await ask(newcomer, 'Visit https://spam.example.org for visas');
    expect(heldQuestion).toMatchObject({ held: true, hidden: true });
    expect((await call('GET', `/forum/questions/${heldQuestion.id}/`)).statusCode).toBe(404);
    expect((await call('GET', `/forum/questions/${heldQuestion.id}/`, newcomer)).json()).toMatchObject({ held: true });

    const queue = (await call('GET', '/forum/moderation/?page_size=100', admin)).json();
    expect(
      queue.results
        .filter((i: { author_id: number }) => i.author_id === newcomer.id)
        .map((i: { kind: string; held: boolean }) => [i.kind, i.held]),
    ).toEqual([
      ['reply', true],
      ['question', true],
    ]);
    expect((await call('PATCH', `/forum/replies/${held.json().id}/moderate/`, admin, { hidden: false })).json()).toEqual({
      id: held.json().id,
      hidden: false,
    });
    expect((await call('GET', `/forum/questions/${q.id}/`)).json().replies.map((r: { id: number }) => r.id)).toEqual([held.json().id]);
    // with one approved post, the next link is not held; without a link, nothing is held
    expect((await reply(newcomer, q.id, 'More at www.cheap-visas.example.com/students')).json()).toMatchObject({ held: false });
    expect((await reply(await tokenFor(t, 'student'), q.id, 'No link here, just advice.')).json()).toMatchObject({ held: false });

    // a first post posted clean and then edited to carry a link is held as well
    const sly = await tokenFor(t, 'student');
    const clean = (await reply(sly, q.id, 'Plain advice to start with.')).json();
    expect((await call('PATCH', `/forum/replies/${clean.id}/`, sly, { body: 'Now see https://spam.example.net' })).json()).toMatchObject({
      held: true,
      hidden: true,
    });
    expect((await call('GET', `/forum/questions/${q.id}/`)).json().replies.map((r: { id: number }) => r.id)).not.toContain(clean.id);
  });

  it('takes reports of questions and replies into the queue; hiding or restoring settles them', async () => {
    const asker = await tokenFor(t, 'student');
    const q = await ask(asker);
    const r = (await reply(other, q.id, 'Rude words here')).json();
    expect((await call('POST', `/forum/replies/${r.id}/report/`, other, { reason: 'mine' })).statusCode).toBe(400);
    expect((await call('POST', `/forum/replies/${r.id}/report/`, undefined, { reason: 'Rude' })).statusCode).toBe(401);
    const short = await call('POST', `/forum/replies/${r.id}/report/`, asker, { reason: '' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('reason');
    expect((await call('POST', `/forum/replies/${r.id}/report/`, asker, { reason: 'Rude to the asker' })).statusCode).toBe(201);
    expect((await call('POST', `/forum/replies/${r.id}/report/`, asker, { reason: 'Again' })).statusCode).toBe(400);
    expect((await call('POST', `/forum/questions/${q.id}/report/`, other, { reason: 'Off topic' })).statusCode).toBe(201);
    expect((await call('POST', '/forum/questions/999999/report/', other, { reason: 'Off topic' })).statusCode).toBe(404);

    const queued = async () =>
      (await call('GET', '/forum/moderation/?page_size=100', admin))
        .json()
        .results.filter((i: { question_id: number }) => i.question_id === q.id);
    const items = await queued();
    expect(items.map((i: { kind: string; reports: { reason: string }[] }) => [i.kind, i.reports.map((x) => x.reason)])).toEqual([
      ['question', ['Off topic']],
      ['reply', ['Rude to the asker']],
    ]);
    expect(JSON.stringify(items)).not.toContain('@example.com');
    expect((await call('PATCH', `/forum/replies/${r.id}/moderate/`, admin, { hidden: true })).statusCode).toBe(200);
    expect((await call('PATCH', `/forum/questions/${q.id}/moderate/`, admin, { hidden: false })).statusCode).toBe(200);
    expect(await queued()).toEqual([]);
    // hidden posts are listed apart, to restore
    const hidden = (await call('GET', '/forum/moderation/?queue=hidden&page_size=100', admin)).json().results;
    expect(
      hidden.filter((i: { question_id: number }) => i.question_id === q.id).map((i: { kind: string; id: number }) => [i.kind, i.id]),
    ).toEqual([['reply', r.id]]);
    expect((await call('GET', '/forum/moderation/?queue=all', admin)).statusCode).toBe(400);

    // a moderator deletes someone else's post only with a reason, which its author is mailed
    const noReason = await call('DELETE', `/forum/replies/${r.id}/`, admin);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    const [author] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, other.id));
    const mail = inbox.next(author!.email);
    expect((await call('DELETE', `/forum/replies/${r.id}/`, admin, { reason: 'Insults another student' })).json()).toEqual({
      message: 'Reply deleted successfully!',
    });
    const received = await mail;
    expect(received.subject).toBe(`A moderator removed your reply to “${(await call('GET', `/forum/questions/${q.id}/`)).json().title}”`);
    expect(received.text).toContain('Why: Insults another student');
    expect(received.text).toContain('Rude words here');
    expect((await call('GET', '/forum/moderation/', asker)).statusCode).toBe(403);
  });

  it(`lets authors edit for ${EDIT_WINDOW_MINUTES} minutes and delete their own posts at any time`, async () => {
    const asker = await tokenFor(t, 'student');
    const q = await ask(asker);
    const r = (await reply(other, q.id, 'First version of my answer')).json();
    expect((await call('PATCH', `/forum/replies/${r.id}/`, other, { body: 'Second version of my answer' })).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update forum_replies set created_at = now() - make_interval(mins => ${EDIT_WINDOW_MINUTES + 1}) where id = ${r.id}`,
    );
    await t.database.db.execute(
      sql`update forum_questions set created_at = now() - make_interval(mins => ${EDIT_WINDOW_MINUTES + 1}) where id = ${q.id}`,
    );
    const late = await call('PATCH', `/forum/replies/${r.id}/`, other, { body: 'Third version' });
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toBe(`Posts can be edited for ${EDIT_WINDOW_MINUTES} minutes after posting.`);
    expect((await call('PATCH', `/forum/questions/${q.id}/`, asker, { title: 'A late change of title' })).statusCode).toBe(403);

    expect((await call('DELETE', `/forum/replies/${r.id}/`, asker)).statusCode).toBe(403);
    const before = await version();
    expect((await call('DELETE', `/forum/replies/${r.id}/`, other)).json()).toEqual({ message: 'Reply deleted successfully!' });
    expect(await version()).toBeGreaterThan(before);
    expect((await call('DELETE', `/forum/questions/${q.id}/`, asker)).json()).toEqual({ message: 'Question deleted successfully!' });
    expect((await call('GET', `/forum/questions/${q.id}/`)).statusCode).toBe(404);
  });

  it('bumps the content version on questions and replies (the site rebuilds their pages), not on likes', async () => {
    const asker = await tokenFor(t, 'student');
    let v = await version();
    const q = await ask(asker);
    expect(await version()).toBeGreaterThan(v);
    v = await version();
    await reply(other, q.id, 'An answer that changes the page');
    expect(await version()).toBeGreaterThan(v);
    v = await version();
    expect((await call('POST', `/forum/questions/${q.id}/like/`, other)).statusCode).toBe(200);
    expect(await version()).toBe(v);
  });

  it('limits questions and likes per account, and all writes per address', async () => {
    const asker = await tokenFor(t, 'student');
    const eager = await tokenFor(t, 'student');
    for (let i = 0; i < 10; i++)
      expect(
        (await call('POST', '/forum/questions/', eager, { title: `Eager question ${i} ${'x'.repeat(i * 7)}` }, '10.0.0.9')).statusCode,
      ).toBe(201);
    const limited = await call('POST', '/forum/questions/', eager, { title: 'One question too many' }, '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expectErrorShape(limited.json());

    const q = await ask(asker);
    const liker = await tokenFor(t, 'student');
    for (let i = 0; i < 60; i++)
      expect((await call('POST', `/forum/questions/${q.id}/like/`, liker, undefined, '10.0.0.10')).statusCode).toBe(200);
    expect((await call('POST', `/forum/questions/${q.id}/like/`, liker, undefined, '10.0.0.10')).statusCode).toBe(429);

    // one address, many accounts: 300 writes in ten minutes, then 429 for every account there
    const crowd = await Promise.all(Array.from({ length: 6 }, () => tokenFor(t, 'student')));
    let sent = 0;
    for (const who of crowd)
      for (let i = 0; i < 50; i++, sent++)
        expect((await call('POST', `/forum/questions/${q.id}/like/`, who, undefined, '10.0.0.11')).statusCode).toBe(200);
    expect(sent).toBe(300);
    expect((await call('POST', `/forum/questions/${q.id}/like/`, await tokenFor(t, 'student'), undefined, '10.0.0.11')).statusCode).toBe(
      429,
    );
  });

  it('lets admins create, rename, order and delete forum categories (slug from the name); others may not', async () => {
    const asker = await tokenFor(t, 'student');
    expect((await call('POST', '/forum/categories/create/', asker, { name: 'Visas' })).statusCode).toBe(403);
    const created = await call('POST', '/forum/categories/create/', admin, {
      name: 'Student Visas',
      description: 'Visa questions',
      position: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const visas = created.json();
    expect(visas).toMatchObject({ name: 'Student Visas', slug: 'student-visas', position: 2 });
    const first = (await call('POST', '/forum/categories/create/', admin, { name: 'Scholarships', position: 1 })).json();
    const names = async () => (await call('GET', '/forum/categories/?page_size=100')).json().results.map((c: { name: string }) => c.name);
    expect(await names()).toEqual(['Scholarships', 'Student Visas']);
    expect((await call('PATCH', `/forum/categories/${visas.id}/update/`, admin, { position: 0 })).statusCode).toBe(200);
    expect(await names()).toEqual(['Student Visas', 'Scholarships']);
    const bad = await call('POST', '/forum/categories/create/', admin, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('name');

    const q = (await call('POST', '/forum/questions/', asker, { title: 'Which scholarships are open now?', category: first.id })).json();
    expect((await call('DELETE', `/forum/categories/${first.id}/delete/`, other)).statusCode).toBe(403);
    expect((await call('DELETE', `/forum/categories/${first.id}/delete/`, admin)).statusCode).toBe(200);
    expect(await names()).toEqual(['Student Visas']);
    expect((await call('GET', `/forum/questions/${q.id}/`)).json()).toMatchObject({ category: null });
  });
});
