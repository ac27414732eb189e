import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import {
  buildTestApp,
  createConsultancy,
  createDestination,
  engines,
  expectErrorShape,
  freshIp,
  multipart,
  samplePdf,
  tokenFor,
  type TestApp,
} from './helpers.ts';
import { startInbox, type Inbox } from './inbox.ts';
import { consultancyApplications, documentRequests, outboxMessages } from '../../server/db/schema/index.ts';
import { documentReminders } from '../../server/services/document-notices.ts';
import { DEFAULT_CHECKLIST } from '../../src/lib/contract/documents.ts';

const SITE = 'https://studyabroad.example';
type Auth = { authorization: string };

/** A calendar day in Nepal, `days` from today, as YYYY-MM-DD (what due dates are). */
const nepalDay = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};
/** A PDF no other upload shares, so its bytes identify it. */
const pdf = (tag: string) => Buffer.concat([samplePdf, Buffer.from(`% ${tag} ${Math.random()}\n`)]);

/** Documents requested one by one (issue 26): who may request, upload, decide and download; the mails and reminders. */
describe.each(engines)('document requests on %s', (engine) => {
  let t: TestApp;
  let inbox: Inbox;
  let consultancyId: number;
  let destinationId: number;
  let agent: { auth: Auth };
  let otherAgent: { auth: Auth };
  let admin: { auth: Auth };
  let student: { auth: Auth };
  let n = 0;

  beforeAll(async () => {
    inbox = await startInbox();
    t = await buildTestApp(engine, { env: { SMTP_URL: inbox.url, SITE_URL: SITE, OUTBOX_POLL_MS: '50' } });
    consultancyId = await createConsultancy(t.database.db, 'Everest Education');
    destinationId = await createDestination(t.database.db, 'Australia');
    agent = await tokenFor(t, 'consultancy', { consultancy_id: consultancyId });
    otherAgent = await tokenFor(t, 'consultancy', { consultancy_id: await createConsultancy(t.database.db) });
    admin = await tokenFor(t, 'admin');
    student = await tokenFor(t, 'student');
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  /** A new application to the consultancy: its id, code and the applicant's address. */
  async function apply() {
    const email = `sita.thapa${++n}@gmail.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consultancy-application/submit/',
      remoteAddress: freshIp(),
      payload: { consultancy: consultancyId, full_name: 'Sita Thapa', email, phone: '9812345621', destination: destinationId },
    });
    expect(res.statusCode).toBe(201);
    const code = res.json().tracking_code as string;
    const [row] = await t.database.db
      .select({ id: consultancyApplications.id })
      .from(consultancyApplications)
      .where(eq(consultancyApplications.tracking_code, code));
    return { id: row!.id, code, email };
  }
  /** The applicant's next mail with a subject containing `part` (earlier mails passed over). */
  async function mailTo(email: string, part: string) {
    for (let i = 0; i < 10; i++) {
      const mail = await inbox.next(email);
      if (mail.subject.includes(part)) return mail;
    }
    throw new Error(`no "${part}" to ${email}`);
  }
  const base = (id: number) => `/api/consultancy-application/${id}/document-requests/`;
  const request = (id: number, payload: object, headers?: Auth) => t.app.inject({ method: 'POST', url: base(id), payload, headers });
  const review = (id: number, requestId: number, payload: object, headers?: Auth) =>
    t.app.inject({ method: 'POST', url: `${base(id)}${requestId}/review/`, payload, headers });
  const upload = (code: string, requestId: number, tag: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/consultancy-application/documents/${code}/${requestId}/upload/`,
      remoteAddress: freshIp(),
      ...multipart({}, [{ field: 'files', filename: `${tag}.pdf`, data: pdf(tag), type: 'application/pdf' }]),
    });
  const asApplicant = (code: string) => t.app.inject({ url: `/api/consultancy-application/documents/${code}/`, remoteAddress: freshIp() });
  const passport = { name: 'Passport', note: 'All pages with a stamp', due_on: nepalDay(10) };

  it('the consultancy and admins request a document; the student is mailed a link, no file; others may not', async () => {
    const a = await apply();
    expect((await request(a.id, passport)).statusCode).toBe(401);
    expect((await request(a.id, passport, student.auth)).statusCode).toBe(403);
    const foreign = await request(a.id, passport, otherAgent.auth);
    expect(foreign.statusCode).toBe(404);
    expectErrorShape(foreign.json());
    const res = await request(a.id, passport, agent.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json().requests).toMatchObject([
      { name: 'Passport', note: 'All pages with a stamp', due_on: passport.due_on, state: 'requested', files: [] },
    ]);
    expect((await request(a.id, { name: 'Bank balance certificate', due_on: nepalDay(5) }, admin.auth)).statusCode).toBe(201);
    const mail = await mailTo(a.email, 'asks you for documents');
    expect(mail.text).toContain('Passport');
    expect(mail.text).toContain(`${SITE}/track/?code=${encodeURIComponent(a.code)}`);
    expect(mail.html).not.toMatch(/attachment/i);
    const listed = await t.app.inject({ url: base(a.id), headers: agent.auth });
    expect(listed.json().requests.map((r: { name: string }) => r.name)).toEqual(['Bank balance certificate', 'Passport']);
    expect((await t.app.inject({ url: base(a.id), headers: otherAgent.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: base(a.id), headers: admin.auth })).statusCode).toBe(200);
  });

  it('refuses a request without a name or with a due date passed', async () => {
    const a = await apply();
    const nameless = await request(a.id, { due_on: nepalDay(3) }, agent.auth);
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().fields.name).toBeDefined();
    const late = await request(a.id, { name: 'Passport', due_on: nepalDay(-1) }, agent.auth);
    expect(late.statusCode).toBe(400);
    expect(late.json().fields.due_on).toBeDefined();
  });

  it('requests several documents from the checklist of the destination, which the consultancy edits', async () => {
    const a = await apply();
    const checklistUrl = `/api/consultancy/dashboard/checklists/${destinationId}/`;
    expect((await t.app.inject({ url: checklistUrl, headers: agent.auth })).json().items).toEqual([...DEFAULT_CHECKLIST]);
    expect((await t.app.inject({ url: base(a.id), headers: agent.auth })).json().checklist).toEqual([...DEFAULT_CHECKLIST]);
    const items = ['Passport', 'IELTS/PTE result', 'Statement of purpose (SOP)', 'Police report'];
    const saved = await t.app.inject({ method: 'PUT', url: checklistUrl, payload: { items }, headers: agent.auth });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().items).toEqual(items);
    // another consultancy keeps the defaults for the same destination
    expect((await t.app.inject({ url: checklistUrl, headers: otherAgent.auth })).json().items).toEqual([...DEFAULT_CHECKLIST]);
    expect((await t.app.inject({ url: base(a.id), headers: agent.auth })).json().checklist).toEqual(items);

    const url = `${base(a.id)}from-checklist/`;
    const due_on = nepalDay(7);
    const unknown = await t.app.inject({ method: 'POST', url, payload: { items: ['Birth certificate'], due_on }, headers: agent.auth });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.items).toBeDefined();
    expect(
      (await t.app.inject({ method: 'POST', url, payload: { items: ['Passport'], due_on }, headers: otherAgent.auth })).statusCode,
    ).toBe(404);
    const res = await t.app.inject({ method: 'POST', url, payload: { items: ['Passport', 'Police report'], due_on }, headers: agent.auth });
    expect(res.statusCode).toBe(201);
    expect(res.json().requests).toMatchObject([
      { name: 'Passport', due_on, state: 'requested' },
      { name: 'Police report', due_on, state: 'requested' },
    ]);
    const mail = await mailTo(a.email, 'asks you for documents');
    expect(mail.text).toContain('Passport');
    expect(mail.text).toContain('Police report');
    // an empty list brings the defaults back
    await t.app.inject({ method: 'PUT', url: checklistUrl, payload: { items: [] }, headers: agent.auth });
    expect((await t.app.inject({ url: checklistUrl, headers: agent.auth })).json().items).toEqual([...DEFAULT_CHECKLIST]);
  });

  it('the student uploads by code; the consultancy rejects with a reason (required), the student uploads again, it is accepted', async () => {
    const a = await apply();
    const requestId = (await request(a.id, passport, agent.auth)).json().requests[0].id as number;
    expect((await review(a.id, requestId, { decision: 'accepted' }, agent.auth)).statusCode).toBe(409);
    expect((await upload('AAAA-BBBB-CCCC-DDDD', requestId, 'nobody')).statusCode).toBe(404);
    const other = await apply();
    expect((await upload(other.code, requestId, 'not-theirs')).statusCode).toBe(404);

    const first = await upload(a.code, requestId, 'passport-1');
    expect(first.statusCode).toBe(200);
    expect(first.json().requests[0]).toMatchObject({ state: 'received', files: [{ original_name: 'passport-1.pdf' }] });
    const agentEmail = (await t.app.inject({ url: '/api/auth/me/', headers: agent.auth })).json().email as string;
    const notice = await mailTo(agentEmail, 'Sita Thapa uploaded Passport');
    expect(notice.text).toContain(`${SITE}/dashboard/applications/`);

    expect((await review(a.id, requestId, { decision: 'rejected' })).statusCode).toBe(401);
    expect((await review(a.id, requestId, { decision: 'rejected', reason: 'Blurred' }, student.auth)).statusCode).toBe(403);
    expect((await review(a.id, requestId, { decision: 'rejected', reason: 'Blurred' }, otherAgent.auth)).statusCode).toBe(404);
    const reasonless = await review(a.id, requestId, { decision: 'rejected', reason: '  ' }, agent.auth);
    expect(reasonless.statusCode).toBe(400);
    expect(reasonless.json().fields.reason).toBeDefined();
    const rejected = await review(a.id, requestId, { decision: 'rejected', reason: 'The photo page is blurred.' }, agent.auth);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().requests[0]).toMatchObject({ state: 'rejected', rejection_reason: 'The photo page is blurred.' });
    const mail = await mailTo(a.email, 'Please upload your Passport again');
    expect(mail.text).toContain('The photo page is blurred.');
    expect(mail.text).toContain('/track/?code=');

    const seen = (await asApplicant(a.code)).json().requests[0];
    expect(seen).toMatchObject({ state: 'rejected', rejection_reason: 'The photo page is blurred.', due_on: passport.due_on });

    expect((await upload(a.code, requestId, 'passport-2')).json().requests[0]).toMatchObject({ state: 'received' });
    const accepted = await review(a.id, requestId, { decision: 'accepted' }, admin.auth);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().requests[0]).toMatchObject({ state: 'accepted', rejection_reason: '' });
    expect(accepted.json().requests[0].files).toHaveLength(2);
    expect((await upload(a.code, requestId, 'passport-3')).statusCode).toBe(409);
  });

  it('a file is private: the student by code, that consultancy and admins download it; nobody else', async () => {
    const a = await apply();
    const requestId = (await request(a.id, passport, agent.auth)).json().requests[0].id as number;
    const data = pdf('private');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/consultancy-application/documents/${a.code}/${requestId}/upload/`,
      remoteAddress: freshIp(),
      ...multipart({}, [{ field: 'files', filename: 'passport.pdf', data, type: 'application/pdf' }]),
    });
    const fileId = uploaded.json().requests[0].files[0].id as number;
    const byCode = await t.app.inject({ url: uploaded.json().requests[0].files[0].url, remoteAddress: freshIp() });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.rawPayload.equals(data)).toBe(true);
    expect(byCode.headers['cache-control']).toBe('private, no-store');
    const other = await apply();
    const wrongCode = `/api/consultancy-application/documents/${other.code}/${requestId}/files/${fileId}/`;
    expect((await t.app.inject({ url: wrongCode, remoteAddress: freshIp() })).statusCode).toBe(404);

    const staffUrl = (await t.app.inject({ url: base(a.id), headers: agent.auth })).json().requests[0].files[0].url as string;
    expect((await t.app.inject({ url: staffUrl, headers: agent.auth })).rawPayload.equals(data)).toBe(true);
    // listed with its request, not among the files sent with the application
    const listed = await t.app.inject({ url: `/api/consultancy/dashboard/applications/?search=${a.code}`, headers: agent.auth });
    expect(listed.json().results[0].documents).toEqual([]);
    const tracked = await t.app.inject({ url: `/api/consultancy-application/check/${a.code}/`, remoteAddress: freshIp() });
    expect(tracked.json().document_count).toBe(0);
    expect((await t.app.inject({ url: staffUrl, headers: admin.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: staffUrl, headers: otherAgent.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: staffUrl, headers: student.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: staffUrl })).statusCode).toBe(401);
  });

  it('reminds the student 3 days and 1 day before a due date, once each, of documents still owed', async () => {
    const a = await apply();
    const owed = (await request(a.id, { name: 'Tax clearance', due_on: nepalDay(3) }, agent.auth)).json().requests[0].id as number;
    const received = (await request(a.id, { name: 'Passport', due_on: nepalDay(3) }, agent.auth)).json().requests;
    await upload(a.code, received.find((r: { name: string }) => r.name === 'Passport').id, 'on-time');
    // requested today for three days from now: the request's own mail was the reminder
    await documentReminders(t.database.db, t.app.config);
    const key = `application.${a.id}.documents.due.%`;
    expect(await t.database.db.select().from(outboxMessages).where(like(outboxMessages.key, key))).toHaveLength(0);

    await t.database.db
      .update(documentRequests)
      .set({ created_at: sql`now() - interval '10 days'` })
      .where(eq(documentRequests.application_id, a.id));
    await documentReminders(t.database.db, t.app.config);
    await documentReminders(t.database.db, t.app.config);
    t.app.outbox.kick();
    const first = await mailTo(a.email, 'Reminder: documents due in 3 days');
    expect(first.text).toContain('Tax clearance');
    expect(first.text).not.toContain('Passport');

    await t.database.db
      .update(documentRequests)
      .set({ due_on: nepalDay(1) })
      .where(eq(documentRequests.id, owed));
    await documentReminders(t.database.db, t.app.config);
    await documentReminders(t.database.db, t.app.config);
    t.app.outbox.kick();
    await mailTo(a.email, 'Reminder: documents due tomorrow');
    const reminders = await t.database.db.select().from(outboxMessages).where(like(outboxMessages.key, key));
    expect(reminders).toHaveLength(2);
    expect(inbox.all.filter((m) => m.to === a.email && m.subject.startsWith('Reminder'))).toHaveLength(2);
  });

  it('mails nothing to a student who stopped messages about the application', async () => {
    const a = await apply();
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/consultancy-application/notifications/${a.code}/`,
      payload: { notify_applicant: false },
      remoteAddress: freshIp(),
    });
    expect(off.statusCode).toBe(200);
    const requestId = (await request(a.id, { name: 'Passport', due_on: nepalDay(3) }, agent.auth)).json().requests[0].id as number;
    await upload(a.code, requestId, 'quiet');
    await review(a.id, requestId, { decision: 'rejected', reason: 'Expired' }, agent.auth);
    await t.database.db
      .update(documentRequests)
      .set({ created_at: sql`now() - interval '10 days'` })
      .where(eq(documentRequests.id, requestId));
    await documentReminders(t.database.db, t.app.config);
    const mails = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, a.email));
    // only the application's receipt, sent before the student stopped messages
    expect(mails.map((m) => m.key)).toEqual([`application.${a.id}.submitted.applicant`]);
  });
});
