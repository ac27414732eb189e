import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createConsultancy, engines, freshIp, multipart, samplePdf, tokenFor, type TestApp } from './helpers.ts';
import { startInbox, type Inbox } from './inbox.ts';
import { applicationAgreements, consultancies, users } from '../../server/db/schema/index.ts';
import { STUDENT_MESSAGES_PER_DAY } from '../../src/lib/contract/cases.ts';

const SITE = 'https://studyabroad.example';
type Auth = { id: number; auth: { authorization: string } };

/** An application as a case both sides share (issue 26): messages, payments and the agreement, and who may do what. */
describe.each(engines)('application cases on %s', (engine) => {
  let t: TestApp;
  let inbox: Inbox;
  let consultancyId: number;
  let agent: Auth;
  let agentEmail: string;
  let rival: Auth;
  let admin: Auth;
  let n = 0;
  beforeAll(async () => {
    inbox = await startInbox();
    t = await buildTestApp(engine, { env: { SMTP_URL: inbox.url, SITE_URL: SITE, OUTBOX_POLL_MS: '50' } });
    consultancyId = await createConsultancy(t.database.db, 'Himal Education');
    agent = await tokenFor(t, 'consultancy', { consultancy_id: consultancyId });
    await t.database.db.update(users).set({ first_name: 'Sita', last_name: 'Karki' }).where(eq(users.id, agent.id));
    agentEmail = (await t.app.inject({ url: '/api/auth/me/', headers: agent.auth })).json().email;
    rival = await tokenFor(t, 'consultancy', { consultancy_id: await createConsultancy(t.database.db, 'Rival Consult') });
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  const apply = async () => {
    const email = `case${++n}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consultancy-application/submit/',
      remoteAddress: freshIp(),
      ...multipart({ consultancy: String(consultancyId), full_name: 'Hari Thapa', email, phone: '9812345678' }),
    });
    expect(res.statusCode).toBe(201);
    const code = res.json().tracking_code as string;
    const list = await t.app.inject({ url: `/api/consultancy/dashboard/applications/?search=${email}`, headers: agent.auth });
    return { email, code, id: list.json().results[0].id as number };
  };
  /** The next mail to this address with this subject (notices of the application itself are passed over). */
  const mailTo = async (to: string, subject: string) => {
    for (let i = 0; i < 500; i++) {
      const mail = await inbox.next(to);
      if (mail.subject === subject) return mail;
    }
    throw new Error(`no "${subject}" to ${to}`);
  };
  /** A multipart body sent by a signed-in caller: its headers and the form's content type together. */
  const signedForm = (who: Auth, form: ReturnType<typeof multipart>) => ({
    payload: form.payload,
    headers: { ...who.auth, ...form.headers },
  });
  const studentPost = (code: string, body: string, files: Parameters<typeof multipart>[1] = [], ip = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/consultancy-application/case/${code}/messages/`,
      remoteAddress: ip,
      ...multipart({ body }, files),
    });
  const staffPost = (id: number, who: Auth, body: string, files: Parameters<typeof multipart>[1] = []) =>
    t.app.inject({ method: 'POST', url: `/api/consultancy-application/${id}/messages/`, ...signedForm(who, multipart({ body }, files)) });
  const pdf = (filename = 'offer.pdf') => [{ field: 'attachments', filename, data: samplePdf, type: 'application/pdf' }];

  it('a thread both sides read: names, sanitized text, and a notice each way that carries neither text nor file', async () => {
    const a = await apply();
    const first = await studentPost(a.code, 'Hello <script>alert(1)</script><b>there</b> & welcome', pdf('passport.pdf'));
    expect(first.statusCode).toBe(201);
    const [mine] = first.json().results;
    expect(mine).toMatchObject({ author: 'applicant', author_name: 'H*** T***', body: 'Hello there & welcome' });
    const notice = await mailTo(agentEmail, 'New message from Hari Thapa');
    expect(notice.text).toContain(`${SITE}/dashboard/applications/${a.id}/`);
    expect(notice.text).not.toContain('welcome');
    expect(notice.attachments).toBe(0);

    const answer = await staffPost(a.id, agent, 'Please send your transcripts too.', pdf('checklist.pdf'));
    expect(answer.statusCode).toBe(201);
    const mail = await mailTo(a.email, 'New message from Himal Education');
    expect(mail.text).toContain(`${SITE}/track/?code=${a.code}`);
    expect(mail.text).not.toContain('transcripts');
    expect(mail.attachments).toBe(0);

    // the staff side sees the student's name in full and the account's name on its own message
    const staff = (await t.app.inject({ url: `/api/consultancy-application/${a.id}/messages/`, headers: agent.auth })).json().results;
    expect(staff.map((m: { author_name: string }) => m.author_name)).toEqual(['Hari Thapa', 'Sita Karki']);
    // an account without a name speaks as its consultancy
    const nameless = await tokenFor(t, 'consultancy', { consultancy_id: consultancyId });
    await t.database.db.update(users).set({ first_name: '', last_name: '' }).where(eq(users.id, nameless.id));
    expect((await staffPost(a.id, nameless, 'Noted.')).statusCode).toBe(201);
    const thread = (await t.app.inject({ url: `/api/consultancy-application/case/${a.code}/messages/` })).json().results;
    expect(thread.map((m: { author_name: string }) => m.author_name)).toEqual(['H*** T***', 'Sita Karki', 'Himal Education']);
    expect(thread[1].attachments[0].url).toBe(`/api/consultancy-application/case/${a.code}/messages/files/${thread[1].attachments[0].id}/`);
  });

  it('who may read and write a thread: the code, that consultancy, an admin (reads); not another consultancy nor anyone else', async () => {
    const a = await apply();
    expect((await studentPost(a.code, 'First', pdf())).statusCode).toBe(201);
    const staffUrl = `/api/consultancy-application/${a.id}/messages/`;
    expect((await t.app.inject({ url: staffUrl, headers: admin.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: staffUrl, headers: rival.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: staffUrl })).statusCode).toBe(401);
    expect((await staffPost(a.id, rival, 'Hijacked')).statusCode).toBe(404);
    expect((await staffPost(a.id, admin, 'From an admin')).statusCode).toBe(403);
    expect((await studentPost('ZZZZ-ZZZZ-ZZZZ', 'Guess')).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/consultancy-application/case/ZZZZ-ZZZZ-ZZZZ/messages/' })).statusCode).toBe(404);

    // attachments: private to the code holder, the consultancy and admins
    const fileId = (await t.app.inject({ url: staffUrl, headers: agent.auth })).json().results[0].attachments[0].id as number;
    const byStaff = `/api/consultancy-application/${a.id}/messages/files/${fileId}/`;
    const got = await t.app.inject({ url: byStaff, headers: agent.auth });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.rawPayload.equals(samplePdf)).toBe(true);
    expect((await t.app.inject({ url: byStaff, headers: admin.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: byStaff, headers: rival.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: byStaff })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/consultancy-application/case/${a.code}/messages/files/${fileId}/` })).statusCode).toBe(200);
    // another application's code does not open this file
    const b = await apply();
    expect((await t.app.inject({ url: `/api/consultancy-application/case/${b.code}/messages/files/${fileId}/` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/media/private/x`, headers: agent.auth })).statusCode,
      'no public route serves private files',
    ).toBe(404);
  });

  it('checks attachments like documents and refuses an empty message', async () => {
    const a = await apply();
    const exe = await studentPost(a.code, 'A file', [{ field: 'attachments', filename: 'x.pdf', data: Buffer.from('MZ not a pdf') }]);
    expect(exe.statusCode).toBe(415);
    const empty = await studentPost(a.code, '<b></b>');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.body).toBeDefined();
  });

  const record = (id: number, who: Auth, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/consultancy-application/${id}/payments/`, headers: who.auth, payload: body });
  const studentPayments = (code: string) => t.app.inject({ url: `/api/consultancy-application/case/${code}/payments/` });

  it('payments: recorded by the consultancy, a missing receipt flagged, confirmed or disputed by the student once', async () => {
    const a = await apply();
    expect(
      (await record(a.id, agent, { purpose: 'Counselling fee', amount_npr: 15000, receipt_number: 'R-101', paid_on: '2026-11-01' }))
        .statusCode,
    ).toBe(201);
    const noReceipt = await record(a.id, agent, { purpose: 'Visa file', amount_npr: 25000, paid_on: '2026-11-10' });
    expect(noReceipt.statusCode).toBe(201);
    expect(noReceipt.json().total_npr).toBe(40000);
    const mail = await mailTo(a.email, 'Himal Education recorded a payment of NPR 25,000');
    expect(mail.text).toContain(`${SITE}/track/?code=${a.code}`);

    const seen = (await studentPayments(a.code)).json();
    const [visa, fee] = seen.results;
    expect(visa).toMatchObject({ purpose: 'Visa file', receipt_missing: true, state: 'recorded' });
    expect(fee).toMatchObject({ receipt_number: 'R-101', receipt_missing: false });

    const base = `/api/consultancy-application/case/${a.code}/payments`;
    expect((await t.app.inject({ method: 'POST', url: `${base}/${fee.id}/confirm/` })).json().results[1].state).toBe('confirmed');
    expect(
      (await t.app.inject({ method: 'POST', url: `${base}/${fee.id}/dispute/`, payload: { reason: 'Changed my mind' } })).statusCode,
    ).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `${base}/${visa.id}/dispute/`, payload: { reason: 'x' } })).statusCode).toBe(400);
    const disputed = await t.app.inject({
      method: 'POST',
      url: `${base}/${visa.id}/dispute/`,
      payload: { reason: 'I paid 20,000, not 25,000' },
    });
    expect(disputed.json().results[0]).toMatchObject({ state: 'disputed', dispute_reason: 'I paid 20,000, not 25,000' });
    await mailTo(agentEmail, 'Hari Thapa disputed a payment you recorded');

    // another application's code cannot answer this one's payments
    const b = await apply();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/consultancy-application/case/${b.code}/payments/${visa.id}/confirm/` })).statusCode,
    ).toBe(404);

    // a receipt given later: once, and only by the consultancy
    const receipt = (who: Auth) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/consultancy-application/${a.id}/payments/${visa.id}/`,
        headers: who.auth,
        payload: { receipt_number: 'R-102' },
      });
    expect((await receipt(rival)).statusCode).toBe(404);
    expect((await receipt(admin)).statusCode).toBe(403);
    expect((await receipt(agent)).json().results[0].receipt_missing).toBe(false);
    expect((await receipt(agent)).statusCode).toBe(409);
  });

  it('who may record and read payments; amounts in whole rupees, never in the future', async () => {
    const a = await apply();
    const valid = { purpose: 'Fee', amount_npr: 1000, paid_on: '2026-11-01' };
    expect((await record(a.id, rival, valid)).statusCode).toBe(404);
    expect((await record(a.id, admin, valid)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/consultancy-application/${a.id}/payments/`, payload: valid })).statusCode).toBe(
      401,
    );
    expect((await record(a.id, agent, { ...valid, amount_npr: 10.5 })).statusCode).toBe(400);
    expect((await record(a.id, agent, { ...valid, amount_npr: 0 })).statusCode).toBe(400);
    expect((await record(a.id, agent, { ...valid, paid_on: '2999-01-01' })).json().fields.paid_on).toBeDefined();
    expect((await record(a.id, agent, valid)).statusCode).toBe(201);
    const url = `/api/consultancy-application/${a.id}/payments/`;
    expect((await t.app.inject({ url, headers: admin.auth })).json().results).toHaveLength(1);
    expect((await t.app.inject({ url, headers: rival.auth })).statusCode).toBe(404);
  });

  it('admins list the payments without receipts and the disputed ones', async () => {
    const a = await apply();
    await record(a.id, agent, { purpose: 'Flag me: no receipt', amount_npr: 500, paid_on: '2026-11-02' });
    await record(a.id, agent, { purpose: 'Fine: with receipt', amount_npr: 700, receipt_number: 'OK-1', paid_on: '2026-11-02' });
    const listed = (await studentPayments(a.code)).json().results as { id: number; purpose: string }[];
    const fine = listed.find((p) => p.purpose.startsWith('Fine'))!;
    await t.app.inject({
      method: 'POST',
      url: `/api/consultancy-application/case/${a.code}/payments/${fine.id}/dispute/`,
      payload: { reason: 'Never paid this' },
    });

    const all = (await t.app.inject({ url: '/api/payments/admin/flagged/?page_size=1000', headers: admin.auth })).json();
    const mine = all.results.filter((p: { application_id: number }) => p.application_id === a.id);
    expect(mine.map((p: { purpose: string }) => p.purpose).sort()).toEqual(['Fine: with receipt', 'Flag me: no receipt']);
    expect(mine[0]).toMatchObject({ tracking_code: a.code, consultancy_name: 'Himal Education', full_name: 'Hari Thapa' });
    const disputed = (await t.app.inject({ url: '/api/payments/admin/flagged/?flag=disputed&page_size=1000', headers: admin.auth })).json();
    expect(disputed.results.every((p: { state: string }) => p.state === 'disputed')).toBe(true);
    expect((await t.app.inject({ url: '/api/payments/admin/flagged/', headers: agent.auth })).statusCode).toBe(403);
  });

  it('the agreement: one private file per application, replaced by a new upload, read by the code, the consultancy and admins', async () => {
    const a = await apply();
    // bytes of its own: files are stored by content, and the sample PDF is attached to messages too
    const own = Buffer.concat([samplePdf, Buffer.from(`% agreement ${a.code}\n`)]);
    const put = (who: Auth, data = own) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/consultancy-application/${a.id}/agreement/`,
        ...signedForm(who, multipart({}, [{ field: 'agreement', filename: 'agreement.pdf', data, type: 'application/pdf' }])),
      });
    expect((await studentPayments(a.code)).json().agreement).toBeNull();
    expect((await t.app.inject({ url: `/api/consultancy-application/case/${a.code}/agreement/` })).statusCode).toBe(404);
    expect((await put(rival)).statusCode).toBe(404);
    expect((await put(admin)).statusCode).toBe(403);
    expect((await put(agent)).json().agreement).toMatchObject({
      original_name: 'agreement.pdf',
      url: `/api/consultancy-application/${a.id}/agreement/`,
    });
    const first = (await t.database.db.select().from(applicationAgreements).where(eq(applicationAgreements.application_id, a.id)))[0]!;
    const second = Buffer.concat([own, Buffer.from('% signed copy\n')]);
    expect((await put(agent, second)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(applicationAgreements).where(eq(applicationAgreements.application_id, a.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.storage_key).not.toBe(first.storage_key);
    expect(await t.app.privateStorage.read(first.storage_key)).toBeNull();

    const student = await t.app.inject({ url: `/api/consultancy-application/case/${a.code}/agreement/` });
    expect(student.statusCode).toBe(200);
    expect(student.rawPayload.equals(second)).toBe(true);
    expect(student.headers['content-disposition']).toContain('attachment');
    const staffUrl = `/api/consultancy-application/${a.id}/agreement/`;
    expect((await t.app.inject({ url: staffUrl, headers: admin.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: staffUrl, headers: rival.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: staffUrl })).statusCode).toBe(401);
    const image = await t.app.inject({
      method: 'PUT',
      url: staffUrl,
      ...signedForm(agent, multipart({}, [{ field: 'agreement', filename: 'a.txt', data: Buffer.from('plain text') }])),
    });
    expect(image.statusCode).toBe(415);
    expect((await t.database.db.select().from(consultancies).where(eq(consultancies.id, consultancyId))).length).toBe(1);
  });

  // last: its hundred notices keep the outbox busy for a while
  it(`limits the student side to ${STUDENT_MESSAGES_PER_DAY} messages a day per application, and one address over applications`, async () => {
    const a = await apply();
    for (let i = 0; i < STUDENT_MESSAGES_PER_DAY; i++) expect((await studentPost(a.code, `Message ${i}`)).statusCode).toBe(201);
    const refused = await studentPost(a.code, 'One more');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({ error: expect.stringContaining('Too many requests') });
    // the same code spelt otherwise shares the count
    expect((await studentPost(a.code.toLowerCase(), 'Sneaky')).statusCode).toBe(429);
    // the consultancy still answers
    expect((await staffPost(a.id, agent, 'We read them all.')).statusCode).toBe(201);

    // one address: 60 a day over any applications
    const ip = freshIp();
    const apps = [await apply(), await apply(), await apply()];
    for (const app of apps) for (let i = 0; i < 20; i++) expect((await studentPost(app.code, `Hi ${i}`, [], ip)).statusCode).toBe(201);
    expect((await studentPost((await apply()).code, 'Over', [], ip)).statusCode).toBe(429);
  }, 120_000); // about a hundred posts, each with its notice: slow on a busy machine
});
