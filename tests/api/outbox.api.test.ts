import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  bearer,
  buildTestApp,
  createUser,
  engines,
  expectErrorShape,
  freshIp,
  login,
  PASSWORD,
  tokenFor,
  type TestApp,
} from './helpers.ts';
import { startInbox, type Inbox } from './inbox.ts';
import { outboxMessages, users } from '../../server/db/schema/index.ts';
import { compose, createTransport, messageId, type Transport } from '../../server/mail.ts';
import { backoffSeconds, deliverDue, enqueue, startWorker, type WorkerSettings } from '../../server/services/outbox.ts';
import { RESET_INVALID, RESET_SENT } from '../../server/services/accounts.ts';
import { loadConfig } from '../../server/config.ts';

const settings: WorkerSettings = { pollMs: 50, leaseSeconds: 60, retrySeconds: 30, maxAttempts: 3, batch: 10 };
let n = 0;
const message = (to = `person${++n}@example.com`) =>
  compose(`test.${Date.now()}.${++n}`, to, `Hello ${n}`, [
    'A line <with> brackets & an ampersand.',
    { href: 'http://127.0.0.1:4321/track/', label: 'Track it' },
  ]);

describe.each(engines)('the outbox worker on %s', (engine) => {
  let t: TestApp;
  let inbox: Inbox;
  let smtp: Transport;
  beforeAll(async () => {
    inbox = await startInbox();
    // no worker of its own: the test runs the rounds
    t = await buildTestApp(engine, { env: { SMTP_URL: inbox.url, OUTBOX_WORKER: 'off' } });
    smtp = createTransport(t.app.config, () => {});
  });
  afterAll(async () => {
    smtp.close();
    await t.close();
    await inbox.close();
  });
  const row = async (key: string) => (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.key, key)))[0]!;
  /** rounds until nothing is due (bounded) */
  const drain = async (transport = smtp) => {
    for (let i = 0; i < 50 && (await deliverDue(t.database.db, transport, settings)); i++);
  };

  it('delivers through a real SMTP server: plain text, simple HTML and a Message-ID from the key; a key queued twice is sent once', async () => {
    const mail = message();
    await enqueue(t.database.db, mail);
    await enqueue(t.database.db, { ...mail, subject: 'a replay of the same event' });
    await drain();
    const got = await inbox.next(mail.to);
    expect(got.subject).toBe(mail.subject);
    expect(got.text).toContain('A line <with> brackets & an ampersand.');
    expect(got.text).toContain('http://127.0.0.1:4321/track/');
    expect(got.html).toContain('A line &#60;with&#62; brackets &#38; an ampersand.');
    expect(got.html).toContain('<a href="http://127.0.0.1:4321/track/?via=mail">Track it</a>');
    expect(got.key).toBe(mail.key);
    expect(`<${got.messageId.replace(/^<|>$/g, '')}>`).toBe(messageId(mail.key));
    expect(inbox.all.filter((m) => m.key === mail.key)).toHaveLength(1);
    expect(await row(mail.key)).toMatchObject({ status: 'sent', attempts: 1, last_error: '', claim_id: null });
  });

  it('retries a temporary failure with doubling back-off, gives up after the last attempt, and an admin retry sends it', async () => {
    expect([1, 2, 3, 4, 20].map((a) => backoffSeconds(a, 30))).toEqual([30, 60, 120, 240, 3600]);
    const mail = message();
    await enqueue(t.database.db, mail);
    inbox.mode = 'reject';
    const waits: number[] = [];
    for (let attempt = 1; attempt <= settings.maxAttempts; attempt++) {
      expect(await deliverDue(t.database.db, smtp, settings)).toBe(1);
      const r = await row(mail.key);
      expect(r.attempts).toBe(attempt);
      expect(r.last_error).toMatch(/451|Try again later/);
      waits.push(Math.round((Date.parse(r.next_attempt_at) - Date.parse(r.updated_at)) / 1000));
      if (attempt < settings.maxAttempts) {
        expect(r.status).toBe('pending');
        // not due before its time
        expect(await deliverDue(t.database.db, smtp, settings)).toBe(0);
        await t.database.db
          .update(outboxMessages)
          .set({ next_attempt_at: sql`now()` })
          .where(eq(outboxMessages.key, mail.key));
      } else expect(r.status).toBe('failed');
    }
    expect(waits.slice(0, 2)).toEqual([30, 60]);
    inbox.mode = 'accept';
    expect(await deliverDue(t.database.db, smtp, settings)).toBe(0);
    expect(inbox.all.some((m) => m.key === mail.key)).toBe(false);

    // the admins see it with its error, and send it again
    const admin = await tokenFor(t, 'admin');
    const failed = await t.app.inject({ url: '/api/outbox/admin/?status=failed', headers: admin.auth });
    const listed = failed.json().results.find((m: { key: string }) => m.key === mail.key);
    expect(listed).toMatchObject({ to: mail.to, subject: mail.subject, status: 'failed', attempts: 3 });
    expect(listed.last_error).toMatch(/451|Try again later/);
    const retried = await t.app.inject({ method: 'POST', url: `/api/outbox/admin/${listed.id}/retry/`, headers: admin.auth });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', attempts: 0 });
    await drain();
    expect((await inbox.next(mail.to)).key).toBe(mail.key);
    expect(await row(mail.key)).toMatchObject({ status: 'sent', attempts: 1 });
    const again = await t.app.inject({ method: 'POST', url: `/api/outbox/admin/${listed.id}/retry/`, headers: admin.auth });
    expect(again.statusCode).toBe(409);
    expectErrorShape(again.json());
  });

  it('gives up at once on a permanent refusal (5xx)', async () => {
    const mail = message();
    await enqueue(t.database.db, mail);
    inbox.mode = 'refuse';
    await deliverDue(t.database.db, smtp, settings);
    inbox.mode = 'accept';
    expect(await row(mail.key)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(mail.key)).last_error).toMatch(/550|No such mailbox/);
  });

  it('takes over a message whose worker died mid-delivery only once its lease has run out', async () => {
    const mail = message();
    await enqueue(t.database.db, mail);
    // a worker that claims and then never finishes (as if killed)
    const dead: Transport = { deliver: () => new Promise(() => {}), close: () => {} };
    void deliverDue(t.database.db, dead, settings);
    await expect.poll(async () => (await row(mail.key)).claim_id, { timeout: 5000 }).not.toBeNull();
    expect(await deliverDue(t.database.db, smtp, settings)).toBe(0);
    await t.database.db
      .update(outboxMessages)
      .set({ lease_until: sql`now() - interval '1 second'` })
      .where(eq(outboxMessages.key, mail.key));
    expect(await deliverDue(t.database.db, smtp, settings)).toBe(1);
    expect((await inbox.next(mail.to)).key).toBe(mail.key);
    expect(await row(mail.key)).toMatchObject({ status: 'sent', attempts: 2, claim_id: null });
  });

  it('begins no delivery that could outlast its lease: the rest of the batch is handed back untried', async () => {
    const mails = Array.from({ length: 3 }, () => message());
    await enqueue(t.database.db, ...mails);
    const slow: Transport = { deliver: () => new Promise((resolve) => setTimeout(() => resolve('sent'), 60)), close: () => {} };
    // half of a 0.08 s lease has passed once the first (60 ms) delivery ends
    expect(await deliverDue(t.database.db, slow, { ...settings, leaseSeconds: 0.08, batch: 3 })).toBe(3);
    const rows = await Promise.all(mails.map((m) => row(m.key)));
    expect(rows.map((r) => [r.status, r.attempts, r.claim_id])).toEqual([
      ['sent', 1, null],
      ['pending', 0, null],
      ['pending', 0, null],
    ]);
    await drain();
  });

  it('a stopping worker finishes the delivery in flight and hands the rest of its batch back at once', async () => {
    const mails = Array.from({ length: 3 }, () => message());
    await enqueue(t.database.db, ...mails);
    let begun!: () => void;
    const inFlight = new Promise<void>((resolve) => (begun = resolve));
    let closed = false;
    const slow: Transport = {
      deliver: () => {
        begun();
        return new Promise((resolve) => setTimeout(() => resolve('sent'), 200));
      },
      close: () => (closed = true),
    };
    const worker = startWorker(t.app, slow, { ...settings, batch: 3, leaseSeconds: 600 });
    await inFlight;
    await worker.stop();
    expect(closed).toBe(true);
    const rows = await Promise.all(mails.map((m) => row(m.key)));
    // the first was sent; the others are free for any worker now, not in ten minutes
    expect(rows.map((r) => [r.status, r.attempts, r.claim_id, r.lease_until])).toEqual([
      ['sent', 1, null, null],
      ['pending', 0, null, null],
      ['pending', 0, null, null],
    ]);
    await drain();
  });

  it('two workers on one database share the work and never send a message twice', async () => {
    const mails = Array.from({ length: 40 }, () => message());
    await enqueue(t.database.db, ...mails);
    const before = inbox.all.length;
    const second = createTransport(t.app.config, () => {});
    const worker = async (transport: Transport) => {
      let claimed = 0;
      for (let i = 0, got = 1; i < 100 && got; i++) claimed += got = await deliverDue(t.database.db, transport, { ...settings, batch: 3 });
      return claimed;
    };
    const [a, b] = await Promise.all([worker(smtp), worker(second)]);
    second.close();
    expect(a + b).toBe(40);
    const keys = inbox.all.slice(before).map((m) => m.key);
    expect(keys).toHaveLength(40);
    expect(new Set(keys)).toEqual(new Set(mails.map((m) => m.key)));
    const rows = await t.database.db
      .select({ status: outboxMessages.status, attempts: outboxMessages.attempts })
      .from(outboxMessages)
      .where(sql`${outboxMessages.key} in ${mails.map((m) => m.key)}`);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('without SMTP_URL keeps messages for the console instead of sending them', async () => {
    const kept = createTransport(loadConfig({ DATA_DIR: '/nonexistent' }), () => {});
    const mail = message();
    await enqueue(t.database.db, mail);
    const before = inbox.all.length;
    await drain(kept);
    expect(await row(mail.key)).toMatchObject({ status: 'kept', attempts: 1 });
    expect(inbox.all.length).toBe(before);
  });
});

describe.each(engines)('password reset and the Outbox screen on %s', (engine) => {
  let t: TestApp;
  let inbox: Inbox;
  beforeAll(async () => {
    inbox = await startInbox();
    t = await buildTestApp(engine, { env: { SMTP_URL: inbox.url, OUTBOX_POLL_MS: '50', SITE_URL: 'https://studyabroad.example' } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, remoteAddress: freshIp() });
  const queuedFor = async (to: string) => (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to))).length;

  it('mails a single-use, expiring link; never tells whether an address has an account', async () => {
    const user = await createUser(t.database.db, 'student', { first_name: 'Sita' });
    const old = await login(t.app, user.email);
    const unknown = await post('/auth/password-reset/', { email: 'no.account@example.com' });
    const known = await post('/auth/password-reset/', { email: user.email.toUpperCase() });
    expect([unknown.statusCode, unknown.json()]).toEqual([202, { message: RESET_SENT }]);
    expect([known.statusCode, known.json()]).toEqual([unknown.statusCode, unknown.json()]);
    await t.app.later.settled();
    expect(await queuedFor('no.account@example.com')).toBe(0);

    const mail = await inbox.next(user.email);
    expect(mail.subject).toBe('Choose a new password');
    expect(mail.html).toContain('https://studyabroad.example/login/reset/?token=');
    const token = mail.text.match(/https:\/\/studyabroad\.example\/login\/reset\/\?token=([\w.-]+)/)![1]!;

    const weak = await post('/auth/password-reset/confirm/', { token, password: '12345678' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBeDefined();
    const forged = await post('/auth/password-reset/confirm/', { token: `${token}x`, password: 'monsoon-yak-47' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe(RESET_INVALID);

    const done = await post('/auth/password-reset/confirm/', { token, password: 'monsoon-yak-47' });
    expect(done.statusCode).toBe(200);
    expect((await post('/auth/login/', { email: user.email, password: 'monsoon-yak-47' })).statusCode).toBe(200);
    expect((await post('/auth/login/', { email: user.email, password: PASSWORD })).statusCode).toBe(401);
    // every earlier session ends; the link works once
    expect((await post('/auth/refresh/', { refresh: old.refresh })).statusCode).toBe(401);
    const reused = await post('/auth/password-reset/confirm/', { token, password: 'another-yak-48' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe(RESET_INVALID);
  });

  it('sends nothing to a deactivated account, and a link from a sign-up mail is not a reset link', async () => {
    const user = await createUser(t.database.db, 'student', { active: false });
    expect((await post('/auth/password-reset/', { email: user.email })).statusCode).toBe(202);
    await t.app.later.settled();
    expect(await queuedFor(user.email)).toBe(0);
    const active = await createUser(t.database.db, 'student');
    const verifyToken = await t.app.tokens.signLink('verify-email', active.id, '1h');
    expect((await post('/auth/password-reset/confirm/', { token: verifyToken, password: 'monsoon-yak-47' })).statusCode).toBe(400);
    await t.database.db.update(users).set({ active: true }).where(eq(users.id, user.id));
  });

  it('answers before it looks the address up, so known and unknown addresses take as long', async () => {
    const user = await createUser(t.database.db, 'student');
    const deferred: (() => Promise<unknown>)[] = [];
    const run = vi.spyOn(t.app.later, 'run').mockImplementation((_what, work) => void deferred.push(work));
    try {
      expect((await post('/auth/password-reset/', { email: user.email })).statusCode).toBe(202);
      // answered, and nothing about the account was done on the request's path
      expect(deferred).toHaveLength(1);
      expect(await queuedFor(user.email)).toBe(0);
    } finally {
      run.mockRestore();
    }
    await deferred[0]!();
    expect(await queuedFor(user.email)).toBe(1);
  });

  it('shows admins each message with its recipient, status, text and HTML; nobody else', async () => {
    const user = await createUser(t.database.db, 'student');
    await post('/auth/password-reset/', { email: user.email });
    await inbox.next(user.email);
    const admin = await tokenFor(t, 'admin');
    const listed = () => t.app.inject({ url: `/api/outbox/admin/?search=${encodeURIComponent(user.email)}`, headers: admin.auth });
    // the SMTP server has the mail a moment before the sender marks its row sent
    await expect.poll(async () => (await listed()).json().results[0]?.status).toBe('sent');
    const list = await listed();
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(1);
    const [item] = list.json().results;
    expect(item).toMatchObject({ to: user.email, subject: 'Choose a new password', status: 'sent', attempts: 1, last_error: '' });
    expect(item.text).toBeUndefined();
    const detail = await t.app.inject({ url: `/api/outbox/admin/${item.id}/`, headers: admin.auth });
    expect(detail.json().text).toContain('/login/reset/?token=');
    expect(detail.json().html).toContain('<a href=');
    expect((await t.app.inject({ url: '/api/outbox/admin/999999/', headers: admin.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/outbox/admin/?status=lost', headers: admin.auth })).statusCode).toBe(400);
    const student = await tokenFor(t, 'student');
    expect((await t.app.inject({ url: `/api/outbox/admin/${item.id}/`, headers: student.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/outbox/admin/${item.id}/`, headers: bearer({ access: 'x' }) })).statusCode).toBe(401);
  });
});
