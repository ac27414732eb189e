import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { buildTestApp, createConsultancy, createForumCategory, engines, freshIp, multipart, tokenFor, type TestApp } from './helpers.ts';
import { startInbox, type Inbox } from './inbox.ts';
import { complaints, consultancies, outboxMessages } from '../../server/db/schema/index.ts';
import { overdueComplaints } from '../../server/services/notices.ts';
import { INQUIRY_CALL_BACK_DAYS } from '../../src/lib/contract/leads.ts';

const SITE = 'https://studyabroad.example';

/** The events that tell people something happened, each read as it arrived at a real SMTP server. */
describe.each(engines)('notices on %s', (engine) => {
  let t: TestApp;
  let inbox: Inbox;
  let consultancyId: number;
  let agent: { id: number; auth: { authorization: string } };
  let agentEmail: string;
  let n = 0;
  beforeAll(async () => {
    inbox = await startInbox();
    t = await buildTestApp(engine, { env: { SMTP_URL: inbox.url, SITE_URL: SITE, OUTBOX_POLL_MS: '50' } });
    consultancyId = await createConsultancy(t.database.db, 'Everest Education');
    await t.database.db.update(consultancies).set({ email: 'front-desk@everest.example' }).where(eq(consultancies.id, consultancyId));
    agent = await tokenFor(t, 'consultancy', { consultancy_id: consultancyId });
    agentEmail = (await t.app.inject({ url: '/api/auth/me/', headers: agent.auth })).json().email;
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });
  /** The consultancy's next mail with this subject (its notices of earlier tests' applications are passed over). */
  const agentMail = async (subject: string) => {
    for (let i = 0; i < 20; i++) {
      const mail = await inbox.next(agentEmail);
      if (mail.subject === subject) return mail;
    }
    throw new Error(`no "${subject}" for the consultancy`);
  };
  const queuedFor = async (to: string) => t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));

  const apply = async (to = consultancyId) => {
    const email = `applicant${++n}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consultancy-application/submit/',
      remoteAddress: freshIp(),
      ...multipart({ consultancy: String(to), full_name: 'Ram Sharma', email, phone: '9812345621', message: `Nursing please (${n})` }),
    });
    expect(res.statusCode).toBe(201);
    const code = res.json().tracking_code as string;
    const [row] = (
      await t.app.inject({ url: '/api/consultancy/dashboard/applications/?status=submitted&page_size=1000', headers: agent.auth })
    )
      .json()
      .results.filter((r: { email: string }) => r.email === email);
    return { email, code, id: row?.id as number };
  };
  const move = (id: number, status: string, note = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/consultancy/dashboard/applications/${id}/status/`,
      payload: { status, note },
      headers: agent.auth,
    });

  it('an application: its tracking code and link to the applicant, a notice to the consultancy account', async () => {
    const a = await apply();
    const own = await inbox.next(a.email);
    expect(own.subject).toBe('Your application to Everest Education was received');
    expect(own.text).toContain(a.code);
    expect(own.text).toContain(`${SITE}/track/?code=${a.code}`);
    // links of mails carry the marker that keeps the page they open quiet (no dialog by itself)
    expect(own.html).toContain(`href="${SITE}/track/?code=${a.code}&#38;via=mail"`);
    const notice = await agentMail('New application from Ram Sharma');
    expect(notice.text).toContain(`${SITE}/dashboard/applications/`);
    // the applicant's address and phone stay in the dashboard, behind a sign-in
    expect(notice.text).not.toContain(a.email);
    expect(notice.text).not.toContain('9812345621');
  });

  it("goes to the consultancy's public address when it has no account", async () => {
    const lone = await createConsultancy(t.database.db, 'Lone Consultancy');
    await t.database.db.update(consultancies).set({ email: 'hello@lone.example' }).where(eq(consultancies.id, lone));
    await apply(lone);
    expect((await inbox.next('hello@lone.example')).subject).toBe('New application from Ram Sharma');
  });

  it('a stage change: the new stage and note to the applicant, until they stop it on the tracking page', async () => {
    const a = await apply();
    await inbox.next(a.email);
    expect((await move(a.id, 'counselling', 'We are checking your transcripts.')).statusCode).toBe(200);
    const mail = await inbox.next(a.email);
    expect(mail.subject).toBe('Your application is now "Counselling"');
    expect(mail.text).toContain('We are checking your transcripts.');
    expect(mail.text).toContain(`${SITE}/track/?code=${a.code}`);

    const stop = await t.app.inject({
      method: 'PUT',
      url: `/api/consultancy-application/notifications/${a.code}/`,
      payload: { notify_applicant: false },
      remoteAddress: freshIp(),
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.json().notify_applicant).toBe(false);
    expect(
      (await t.app.inject({ url: `/api/consultancy-application/check/${a.code}/`, remoteAddress: freshIp() })).json().notify_applicant,
    ).toBe(false);
    const before = (await queuedFor(a.email)).length;
    expect((await move(a.id, 'applied')).statusCode).toBe(200);
    expect((await queuedFor(a.email)).length).toBe(before);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/consultancy-application/notifications/${a.code}/`,
      payload: { notify_applicant: 'no' },
      remoteAddress: freshIp(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.notify_applicant).toBeDefined();
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/consultancy-application/notifications/NOPE-NOPE/',
          payload: { notify_applicant: true },
          remoteAddress: freshIp(),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('an edit and a withdrawal by the applicant: a notice to the consultancy', async () => {
    const a = await apply();
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/consultancy-application/edit/${a.code}/`,
      remoteAddress: freshIp(),
      ...multipart({ preferred_intake: 'July 2027' }),
    });
    expect(edited.statusCode).toBe(200);
    await agentMail('Ram Sharma changed their application');
    const withdrawn = await t.app.inject({
      method: 'PATCH',
      url: `/api/consultancy-application/edit/${a.code}/`,
      remoteAddress: freshIp(),
      ...multipart({ withdraw: 'true', reason: 'I chose another consultancy.' }),
    });
    expect(withdrawn.statusCode).toBe(200);
    const mail = await agentMail('Ram Sharma withdrew their application');
    expect(mail.text).toContain('I chose another consultancy.');
  });

  it("an inquiry: a notice to the institution, without the inquirer's contact details", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inquiry/submit/',
      remoteAddress: freshIp(),
      payload: {
        name: 'Bikash Karki',
        email: 'bikash@example.com',
        phone: '9801234567',
        message: 'Japan please',
        entity_type: 'consultancy',
        entity_id: consultancyId,
        consultancy: consultancyId,
        destination: null,
        exam: null,
      },
    });
    expect(res.statusCode).toBe(201);
    const mail = await agentMail('New inquiry from Bikash Karki');
    expect(mail.text).toContain(`${SITE}/dashboard/inquiries/`);
    expect(mail.text).not.toContain('bikash@example.com');
  });

  it('an inquiry: its reference in the answer, and a mail to the student saying who calls, on which number, and when', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inquiry/submit/',
      remoteAddress: freshIp(),
      payload: {
        name: 'Maya Rai',
        email: 'maya@example.com',
        phone: '9807654321',
        message: 'FREE Counseling: Canada',
        entity_type: 'consultancy',
        entity_id: consultancyId,
        consultancy: consultancyId,
        destination: null,
        exam: null,
      },
    });
    expect(res.statusCode).toBe(201);
    const { reference, id } = res.json();
    expect(reference).toBe(`B-${String(id).padStart(5, '0')}`);
    const mail = await inbox.next('maya@example.com');
    expect(mail.subject).toBe(`Your request ${reference} was received`);
    expect(mail.text).toContain(`will call you on 9807654321 within ${INQUIRY_CALL_BACK_DAYS} working days`);
    expect(mail.text).toContain(reference);
  });

  it('a complaint: reference and follow-up code to the complainant, the deadline to the consultancy; its answer to the complainant', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/complaint/submit/',
      remoteAddress: freshIp(),
      ...multipart({
        name: 'Sita Gurung',
        email: 'sita@example.com',
        phone: '+977 9841234567',
        consultancy: String(consultancyId),
        subject: 'Visa fee not refunded',
        message: 'They kept my visa fee.',
      }),
    });
    expect(res.statusCode).toBe(201);
    const { reference, code, id } = res.json();
    const own = await inbox.next('sita@example.com');
    expect(own.subject).toBe(`Your complaint ${reference} was received`);
    expect(own.text).toContain(code);
    expect(own.text).toContain(`${SITE}/complaint/track/?code=${encodeURIComponent(code)}&via=mail`);
    // the code in the mail is the one that works
    expect((await t.app.inject({ url: `/api/complaint/track/${code}/`, remoteAddress: freshIp() })).statusCode).toBe(200);
    const notice = await agentMail(`A complaint about you: ${reference}`);
    expect(notice.text).toMatch(/Please answer it by \d{1,2} \w{3} \d{4}/);
    expect(notice.text).not.toContain(code);
    expect(notice.text).not.toContain('sita@example.com');

    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/consultancy/dashboard/complaints/${id}/answer/`,
      payload: { message: 'We refunded it today.' },
      headers: agent.auth,
    });
    expect(answered.statusCode).toBe(201);
    const answer = await inbox.next('sita@example.com');
    expect(answer.subject).toBe(`Your complaint ${reference} has an answer`);
  });

  it('a complaint past its deadline unanswered: one reminder to the consultancy, however often the sweep runs', async () => {
    const file = async (subject: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/complaint/submit/',
        remoteAddress: freshIp(),
        ...multipart({
          name: 'Hari Thapa',
          email: `hari${++n}@example.com`,
          phone: '+977 9841234568',
          consultancy: String(consultancyId),
          subject,
          message: 'No answer for weeks.',
        }),
      });
      return res.json() as { id: number; reference: string };
    };
    const late = await file('Deposit kept');
    const answered = await file('Wrong university');
    await t.app.inject({
      method: 'POST',
      url: `/api/consultancy/dashboard/complaints/${answered.id}/answer/`,
      payload: { message: 'Sorted today.' },
      headers: agent.auth,
    });
    await t.database.db
      .update(complaints)
      .set({ answer_due_at: sql`now() - interval '1 day'` })
      .where(inArray(complaints.id, [late.id, answered.id]));
    await overdueComplaints(t.database.db, t.app.config);
    await overdueComplaints(t.database.db, t.app.config);
    const mail = await agentMail(`Overdue: complaint ${late.reference} is not answered`);
    expect(mail.text).toContain(`${SITE}/dashboard/complaints/`);
    const reminders = await t.database.db.select().from(outboxMessages).where(like(outboxMessages.key, 'complaint.%.overdue.%'));
    expect(reminders.map((r) => r.key)).toEqual([`complaint.${late.id}.overdue.0`]);
  });

  it('a forum reply: a notice to the asker, not for their own reply', async () => {
    const category = await createForumCategory(t.database.db);
    const asker = await tokenFor(t, 'student');
    const askerEmail = (await t.app.inject({ url: '/api/auth/me/', headers: asker.auth })).json().email;
    const replier = await tokenFor(t, 'student');
    const q = (
      await t.app.inject({
        method: 'POST',
        url: '/api/forum/questions/',
        headers: asker.auth,
        payload: { title: 'Is 6.5 IELTS enough?', body: 'For nursing.', category: category.id },
      })
    ).json();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/forum/questions/${q.id}/reply/`,
          headers: asker.auth,
          payload: { body: 'Adding: for Australia.' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/forum/questions/${q.id}/reply/`,
          headers: replier.auth,
          payload: { body: 'Most ask for 7.0.' },
        })
      ).statusCode,
    ).toBe(201);
    const mail = await inbox.next(askerEmail);
    expect(mail.subject).toBe('New reply to "Is 6.5 IELTS enough?"');
    expect(mail.text).toContain(`${SITE}/forum/${q.id}/`);
    expect(await queuedFor(askerEmail)).toHaveLength(1);
  });
});
