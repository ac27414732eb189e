import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
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
import {
  applicationAgreements,
  applicationDocuments,
  applicationMessages,
  applicationNotes,
  applicationStatusHistory,
  consultancyApplications,
  documentRequests,
  outboxMessages,
} from '../../server/db/schema/index.ts';
import { APPLICATION_DATA } from '../../server/services/application-data.ts';

type Auth = { authorization: string };
/** A PDF no other upload shares, so its bytes identify it. */
const pdf = (tag: string) => Buffer.concat([samplePdf, Buffer.from(`% ${tag} ${Math.random()}\n`)]);
const inTenDays = () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

/** The student's data (issue 26): the download of everything by the tracking code, and the erasure. */
describe.each(engines)('the student’s data on %s', (engine) => {
  let t: TestApp;
  let consultancyId: number;
  let destinationId: number;
  let agent: { auth: Auth };
  let admin: { auth: Auth };
  let n = 0;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    consultancyId = await createConsultancy(t.database.db, 'Everest Education');
    destinationId = await createDestination(t.database.db, 'Australia');
    agent = await tokenFor(t, 'consultancy', { consultancy_id: consultancyId });
    admin = await tokenFor(t, 'admin');
  });
  afterAll(() => t.close());

  /** An application with a file sent with it and one uploaded against a request, moved on by the consultancy with a note. */
  async function applyWithDocuments() {
    const sent = pdf('transcript');
    const uploaded = pdf('passport');
    const email = `sita.thapa${++n}@gmail.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consultancy-application/submit/',
      remoteAddress: freshIp(),
      ...multipart(
        {
          consultancy: String(consultancyId),
          full_name: 'Sita Thapa',
          email,
          phone: '9812345621',
          destination: String(destinationId),
          address: 'Ward 4, Pokhara',
          message: 'I want to study nursing.',
        },
        [{ field: 'documents', filename: 'transcript.pdf', data: sent, type: 'application/pdf' }],
      ),
    });
    expect(res.statusCode).toBe(201);
    const code = res.json().tracking_code as string;
    const [row] = await t.database.db.select().from(consultancyApplications).where(eq(consultancyApplications.tracking_code, code));
    const requested = await t.app.inject({
      method: 'POST',
      url: `/api/consultancy-application/${row!.id}/document-requests/`,
      payload: { name: 'Passport', due_on: inTenDays() },
      headers: agent.auth,
    });
    expect(requested.statusCode).toBe(201);
    const requestId = requested.json().requests[0].id as number;
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/consultancy-application/documents/${code}/${requestId}/upload/`,
      remoteAddress: freshIp(),
      ...multipart({}, [{ field: 'files', filename: 'passport scan.pdf', data: uploaded, type: 'application/pdf' }]),
    });
    expect(up.statusCode).toBe(200);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/consultancy/dashboard/applications/${row!.id}/status/`,
      payload: { status: 'counselling', note: 'Sita called us on Sunday.' },
      headers: agent.auth,
    });
    expect(moved.statusCode).toBe(200);
    return { id: row!.id, code, email, sent, uploaded };
  }

  const exportOf = (code: string, ip = freshIp()) =>
    t.app.inject({ url: `/api/consultancy-application/export/${code}/`, remoteAddress: ip });
  const erase = (code: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/consultancy-application/erase/${code}/`, payload, remoteAddress: freshIp() });

  it('downloads one zip by the code: data.json per the registry and the documents byte for byte', async () => {
    const a = await applyWithDocuments();
    const res = await exportOf(a.code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toContain('no-store');
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const data = JSON.parse(strFromU8(zip['data.json']!));
    // exactly the registry's exportable entries: a staff-private entry (no rows) never reaches the student
    const exported = APPLICATION_DATA.filter((entry) => entry.rows).map((entry) => entry.name);
    expect(Object.keys(data).sort()).toEqual(['exported_at', 'format', 'missing_files', 'version', ...exported].sort());
    expect(data.application).toMatchObject({
      tracking_code: a.code,
      consultancy: 'Everest Education',
      destination: 'Australia',
      full_name: 'Sita Thapa',
      email: a.email,
      phone: '9812345621',
      address: 'Ward 4, Pokhara',
      message: 'I want to study nursing.',
      status: 'counselling',
    });
    expect(data.status_history.map((h: { status: string }) => h.status)).toEqual(['submitted', 'counselling']);
    expect(data.status_history[1].note).toBe('Sita called us on Sunday.');
    expect(JSON.stringify(data)).not.toMatch(/actor_id|requested_by|storage_key/);
    expect(data.document_requests).toMatchObject([{ name: 'Passport', state: 'received' }]);
    expect(data.documents).toHaveLength(2);
    expect(data.missing_files).toEqual([]);
    const [sentFile, uploadedFile] = data.documents as { file: string; request_id: number | null; size: number }[];
    expect(sentFile!.request_id).toBeNull();
    expect(Buffer.from(zip[sentFile!.file]!).equals(a.sent)).toBe(true);
    expect(Buffer.from(zip[uploadedFile!.file]!).equals(a.uploaded)).toBe(true);
    expect(Object.keys(zip).sort()).toEqual(['data.json', sentFile!.file, uploadedFile!.file].sort());
  });

  it('only the code opens it: a wrong code is 404, and one address is limited', async () => {
    const wrong = await exportOf('ZZZZ-ZZZZ-ZZZZ');
    expect(wrong.statusCode).toBe(404);
    expectErrorShape(wrong.json());
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await exportOf('ZZZZ-ZZZZ-ZZZZ', ip)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('erases at once on a confirmed request: documents and files gone, personal fields blanked, the outcome kept', async () => {
    const a = await applyWithDocuments();
    const db = t.database.db;
    const keys = (
      await db
        .select({ key: applicationDocuments.storage_key })
        .from(applicationDocuments)
        .where(eq(applicationDocuments.application_id, a.id))
    ).map((r) => r.key);
    expect(keys).toHaveLength(2);
    const mailsAbout = () =>
      db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.key, `application.${a.id}.%`));
    expect((await mailsAbout()).length).toBeGreaterThan(0);
    const unconfirmed = await erase(a.code, {});
    expect(unconfirmed.statusCode).toBe(400);
    expectErrorShape(unconfirmed.json());
    expect((await erase('ZZZZ-ZZZZ-ZZZZ', { confirm: true })).statusCode).toBe(404);

    const res = await erase(a.code, { confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ erased: true, removed: { documents: 2, document_requests: 1, status_history: 2, application: 1 } });

    for (const key of keys) expect(await t.privateStorage.read(key)).toBeNull();
    expect(await db.select().from(applicationDocuments).where(eq(applicationDocuments.application_id, a.id))).toEqual([]);
    expect(await db.select().from(documentRequests).where(eq(documentRequests.application_id, a.id))).toEqual([]);
    const [row] = await db.select().from(consultancyApplications).where(eq(consultancyApplications.id, a.id));
    expect(row).toMatchObject({ full_name: '', email: '', phone: '', address: '', message: '', notify_applicant: false });
    // the outcome without identity: consultancy, destination, stage and the dated history stay for the statistics
    expect(row).toMatchObject({ consultancy_id: consultancyId, destination_id: destinationId, status: 'counselling' });
    expect(row!.tracking_code).not.toBe(a.code);
    const history = await db.select().from(applicationStatusHistory).where(eq(applicationStatusHistory.application_id, a.id));
    expect(history.map((h) => [h.status, h.note])).toEqual([
      ['submitted', ''],
      ['counselling', ''],
    ]);
    expect(history.every((h) => h.created_at)).toBe(true);
    // the mails about it, which name the student, are gone from the outbox
    expect(await mailsAbout()).toEqual([]);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.to, a.email))).toEqual([]);

    // the code finds nothing any more
    expect((await t.app.inject({ url: `/api/consultancy-application/check/${a.code}/`, remoteAddress: freshIp() })).statusCode).toBe(404);
    expect((await exportOf(a.code)).statusCode).toBe(404);
    expect((await erase(a.code, { confirm: true })).statusCode).toBe(404);
  });

  it('admins see the erasures (what went, not who); others may not', async () => {
    const a = await applyWithDocuments();
    expect((await erase(a.code, { confirm: true })).statusCode).toBe(200);
    const url = '/api/consultancy-application/erasures/';
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: agent.auth })).statusCode).toBe(403);
    const res = await t.app.inject({ url, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const latest = res.json().results[0];
    expect(latest).toMatchObject({
      application_id: a.id,
      consultancy_name: 'Everest Education',
      files_removed: 2,
      removed: { documents: 2 },
    });
    expect(JSON.stringify(res.json())).not.toContain(a.email);
  });

  it('the case goes with it: the thread and its files and the agreement in the download, never the staff notes; all gone after erasure', async () => {
    const a = await applyWithDocuments();
    const attachment = pdf('bank statement');
    const agreement = pdf('agreement');
    const said = await t.app.inject({
      method: 'POST',
      url: `/api/consultancy-application/case/${a.code}/messages/`,
      remoteAddress: freshIp(),
      ...multipart({ body: 'Here is my bank statement.' }, [
        { field: 'attachments', filename: 'bank.pdf', data: attachment, type: 'application/pdf' },
      ]),
    });
    expect(said.statusCode, said.body).toBe(201);
    const form = multipart({}, [{ field: 'agreement', filename: 'agreement.pdf', data: agreement, type: 'application/pdf' }]);
    const attached = await t.app.inject({
      method: 'PUT',
      url: `/api/consultancy-application/${a.id}/agreement/`,
      payload: form.payload,
      headers: { ...agent.auth, ...form.headers },
    });
    expect(attached.statusCode, attached.body).toBeLessThan(300);
    const noted = await t.app.inject({
      method: 'POST',
      url: `/api/consultancy/dashboard/applications/${a.id}/notes/`,
      payload: { body: 'Private: her sponsor sounded unsure.' },
      headers: agent.auth,
    });
    expect(noted.statusCode, noted.body).toBe(201);

    const zip = unzipSync(new Uint8Array((await exportOf(a.code)).rawPayload));
    const data = JSON.parse(strFromU8(zip['data.json']!));
    expect(data.messages).toMatchObject([{ author: 'applicant', body: 'Here is my bank statement.' }]);
    expect(Buffer.from(zip[data.messages[0].attachments[0].file]!).equals(attachment)).toBe(true);
    expect(data.agreement).toHaveLength(1);
    expect(Object.entries(zip).some(([, bytes]) => Buffer.from(bytes).equals(agreement))).toBe(true);
    expect(JSON.stringify(data)).not.toContain('sponsor sounded unsure');

    const keys = (await t.database.db.select().from(applicationAgreements).where(eq(applicationAgreements.application_id, a.id))).map(
      (r) => r.storage_key,
    );
    expect((await erase(a.code, { confirm: true })).statusCode).toBe(200);
    expect(await t.database.db.select().from(applicationMessages).where(eq(applicationMessages.application_id, a.id))).toEqual([]);
    expect(await t.database.db.select().from(applicationNotes).where(eq(applicationNotes.application_id, a.id))).toEqual([]);
    expect(await t.database.db.select().from(applicationAgreements).where(eq(applicationAgreements.application_id, a.id))).toEqual([]);
    expect(await t.privateStorage.read(keys[0]!)).toBeNull();
  });
});
