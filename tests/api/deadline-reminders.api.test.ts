/**
 * Deadline reminders (issue 27): a signed-in student opts in and out; the sweep mails 30, 7 and 1
 * days before a saved row's next date, each once however often it runs; every mail carries a
 * one-click unsubscribe (RFC 8058) that works with no sign-in, and a forged token changes nothing.
 * "Now" is the sweep's parameter; the mails are read back from a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { buildTestApp, createCourse, engines, tokenFor, type TestApp } from './helpers.ts';
import { startInbox, type Inbox } from './inbox.ts';
import { courses, outboxMessages, scholarships, users } from '../../server/db/schema/index.ts';
import { deadlineReminders } from '../../server/services/deadline-reminders.ts';

const SITE = 'https://studyabroad.example';
const DEADLINE = '2027-03-31';
const LATER = '2027-06-15';
const SOON = '2027-05-10';
const dayBefore = (date: string, days: number) => new Date(Date.parse(`${date}T06:00:00Z`) - days * 86_400_000);

describe.each(engines)('deadline reminders on %s', (engine) => {
  let t: TestApp;
  let inbox: Inbox;
  let student: { id: number; auth: { authorization: string } };
  let email: string;
  let bystander: { id: number; auth: { authorization: string } };
  let scholarship: number;
  let later: number;

  const setting = (auth: object, method: 'GET' | 'PUT' = 'GET', payload?: object) =>
    t.app.inject({ method, url: '/api/auth/deadline-reminders/', headers: auth as never, payload: payload as never });
  const sweep = (at: Date) => deadlineReminders(t.database.db, t.app.config, t.app.unsubscribeTokens, at);
  const keysOf = async (userId: number) =>
    (
      await t.database.db
        .select({ key: outboxMessages.key })
        .from(outboxMessages)
        .where(like(outboxMessages.key, `deadline.${userId}.%`))
    )
      .map((r) => r.key)
      .sort();
  const insertScholarship = async (deadline: string) =>
    (
      await t.database.db
        .insert(scholarships)
        .values({ title: `Scholarship ${deadline}`, slug: `s-${crypto.randomBytes(4).toString('hex')}`, deadline })
        .returning({ id: scholarships.id })
    )[0]!.id;

  beforeAll(async () => {
    inbox = await startInbox();
    t = await buildTestApp(engine, { env: { SMTP_URL: inbox.url, SITE_URL: SITE, OUTBOX_POLL_MS: '50' } });
    const db = t.database.db;
    student = await tokenFor(t, 'student');
    bystander = await tokenFor(t, 'student');
    email = (await db.select({ email: users.email }).from(users).where(eq(users.id, student.id)))[0]!.email;
    scholarship = await insertScholarship(DEADLINE);
    later = await insertScholarship(LATER);
    // a course whose next intake (September) is months from every "now" below: no reminder of it
    const course = await createCourse(db);
    await db
      .update(courses)
      .set({ intakes: ['September'] })
      .where(eq(courses.id, course));
    const items = [
      { entity: 'scholarship', id: scholarship },
      { entity: 'scholarship', id: later },
      { entity: 'course', id: course },
    ];
    for (const who of [student, bystander]) {
      const saved = await t.app.inject({ method: 'POST', url: '/api/auth/shortlist/', headers: who.auth, payload: { items } });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('turns reminders on and off for the signed-in account only', async () => {
    expect((await setting(student.auth)).json()).toEqual({ on: false });
    expect((await setting(student.auth, 'PUT', { on: true })).json()).toEqual({ on: true });
    expect((await setting(student.auth, 'PUT', { on: true })).json()).toEqual({ on: true });
    expect((await setting(student.auth)).json()).toEqual({ on: true });
    expect((await setting(bystander.auth)).json()).toEqual({ on: false });
    const bad = await setting(student.auth, 'PUT', { on: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.on).toBeDefined();
    expect((await setting({})).statusCode).toBe(401);
    expect((await setting(bystander.auth, 'PUT', { on: true })).json()).toEqual({ on: true });
    expect((await setting(bystander.auth, 'PUT', { on: false })).json()).toEqual({ on: false });
    expect((await setting(bystander.auth)).json()).toEqual({ on: false });
  });

  it('mails 30, 7 and 1 days before, each once however often the sweep runs, only to those who opted in', async () => {
    const key = (days: number) => `deadline.${student.id}.scholarship.${scholarship}.${DEADLINE}.${days}d`;
    await sweep(dayBefore(DEADLINE, 31));
    expect(await keysOf(student.id)).toEqual([]);
    await sweep(dayBefore(DEADLINE, 30));
    await sweep(dayBefore(DEADLINE, 30));
    await sweep(dayBefore(DEADLINE, 29));
    expect(await keysOf(student.id)).toEqual([key(30)]);
    await sweep(dayBefore(DEADLINE, 7));
    await sweep(dayBefore(DEADLINE, 6));
    await sweep(dayBefore(DEADLINE, 1));
    await sweep(dayBefore(DEADLINE, 0));
    expect(await keysOf(student.id)).toEqual([key(1), key(30), key(7)]);
    // after the date, nothing more of it
    await sweep(dayBefore(DEADLINE, -1));
    expect(await keysOf(student.id)).toEqual([key(1), key(30), key(7)]);
    expect(await keysOf(bystander.id)).toEqual([]);

    const first = await inbox.next(email);
    expect(first.key).toBe(key(30));
    expect(first.subject).toBe(`Deadline in 30 days: Scholarship ${DEADLINE}`);
    expect(first.text).toContain(`${SITE}/scholarship/`);
    expect(first.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(first.listUnsubscribe).toMatch(new RegExp(`^<${SITE}/api/deadline-reminders/unsubscribe/\\?token=[^>]+>$`));
    expect((await inbox.next(email)).subject).toBe(`Deadline in 7 days: Scholarship ${DEADLINE}`);
    expect((await inbox.next(email)).subject).toBe(`Deadline tomorrow: Scholarship ${DEADLINE}`);
  });

  it("counts days on Nepal's calendar: at 18:15 UTC it is the next day in Kathmandu (UTC+5:45)", async () => {
    const soon = await insertScholarship(SOON);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/auth/shortlist/',
      headers: student.auth,
      payload: { items: [{ entity: 'scholarship', id: soon }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const subjects = async () =>
      (
        await t.database.db
          .select({ key: outboxMessages.key, subject: outboxMessages.subject })
          .from(outboxMessages)
          .where(like(outboxMessages.key, `deadline.${student.id}.scholarship.${soon}.%`))
      )
        .map((r) => `${r.key.split('.').at(-1)} ${r.subject}`)
        .sort();
    // 23:59 on the 8th in Kathmandu: two days to go
    await sweep(new Date('2027-05-08T18:14:59Z'));
    expect(await subjects()).toEqual([`7d Deadline in 2 days: Scholarship ${SOON}`]);
    // 00:00 on the 9th in Kathmandu, still the 8th in UTC: tomorrow
    await sweep(new Date('2027-05-08T18:15:00Z'));
    expect(await subjects()).toEqual([`1d Deadline tomorrow: Scholarship ${SOON}`, `7d Deadline in 2 days: Scholarship ${SOON}`]);
  });

  it('stops with the link, with no sign-in; a forged token is refused and changes nothing', async () => {
    const link = inbox.all.find((m) => m.to === email.toLowerCase())!.listUnsubscribe.slice(1, -1);
    const path = link.slice(SITE.length);
    const token = new URL(link).searchParams.get('token')!;
    const forgeries = [
      `${bystander.id}.${token.split('.')[1]}`,
      `${student.id}.${crypto.randomBytes(32).toString('base64url')}`,
      `${student.id}`,
      'x.y',
    ];
    for (const forged of forgeries) {
      const url = `/api/deadline-reminders/unsubscribe/?token=${encodeURIComponent(forged)}`;
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(res.statusCode, `${method} ${forged}`).toBe(400);
      }
    }
    expect((await setting(student.auth)).json()).toEqual({ on: true });

    // the page a click opens asks first: following the link changes nothing
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post">');
    expect((await setting(student.auth)).json()).toEqual({ on: true });

    // the one-click POST a mail client sends (RFC 8058)
    const stop = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.body).toContain('Deadline reminders stopped');
    expect((await setting(student.auth)).json()).toEqual({ on: false });

    // the later deadline is within 7 days, and nothing is queued for it
    const before = await keysOf(student.id);
    await sweep(dayBefore(LATER, 7));
    await sweep(dayBefore(LATER, 1));
    expect(await keysOf(student.id)).toEqual(before);
    const rows = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(like(outboxMessages.key, `deadline.${student.id}.scholarship.${later}.%`)));
    expect(rows).toEqual([]);
  });
});
