import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  bearer,
  buildTestApp,
  createConsultancy,
  createCourse,
  createDestination,
  createUser,
  engines,
  expectErrorShape,
  freshIp,
  login,
  multipart,
  pngHeaderOnly,
  pngImage,
  samplePdf,
  signedIn,
  type TestApp,
} from './helpers.ts';
import {
  applicationDocuments,
  applicationStatusHistory,
  complaints,
  consultancyApplications,
  users,
} from '../../server/db/schema/index.ts';
import { localStorage } from '../../server/storage/index.ts';
import { movePersonalFilesToPrivate } from '../../server/storage/private.ts';

type Session = Awaited<ReturnType<typeof signedIn>>;
const CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}(-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}){3}$/;
const KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}\.(pdf|webp)$/;
/** A PDF no other test uploads, so content-hash sharing never keeps its file alive. */
const uniquePdf = (tag: string) => Buffer.concat([samplePdf, Buffer.from(`% ${tag} ${Math.random()}\n`)]);

describe.each(engines)('consultancy applications on %s', (engine) => {
  let t: TestApp;
  let consultancyId: number;
  let otherConsultancyId: number;
  let destinationId: number;
  let agent: Session;
  let otherAgent: Session;
  let admin: Session;
  let n = 0;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    consultancyId = await createConsultancy(t.database.db, 'Everest Education Consultancy');
    otherConsultancyId = await createConsultancy(t.database.db);
    destinationId = await createDestination(t.database.db, 'Australia');
    agent = await signedIn(t.app, t.database.db, 'consultancy', { consultancy_id: consultancyId });
    otherAgent = await signedIn(t.app, t.database.db, 'consultancy', { consultancy_id: otherConsultancyId });
    admin = await signedIn(t.app, t.database.db, 'admin');
  });
  afterAll(() => t.close());

  /** A distinct applicant each call, so no two tests meet the duplicate check by accident. */
  const form = (extra: Record<string, string> = {}) => ({
    consultancy: String(consultancyId),
    full_name: 'Ram Bahadur Sharma',
    email: `ram.sharma${++n}@gmail.com`,
    phone: '9812345621',
    destination: String(destinationId),
    preferred_intake: 'February 2027',
    message: 'I want to study nursing.',
    ...extra,
  });
  const submit = (body: ReturnType<typeof multipart>, remoteAddress = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/consultancy-application/submit/', remoteAddress, ...body });
  const submitted = async (fields = form(), files: Parameters<typeof multipart>[1] = []) => {
    const res = await submit(multipart(fields, files));
    expect(res.statusCode).toBe(201);
    return res.json().tracking_code as string;
  };
  const check = (code: string) => t.app.inject({ url: `/api/consultancy-application/check/${code}/`, remoteAddress: freshIp() });
  const edit = (code: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/consultancy-application/edit/${code}/`, payload, remoteAddress: freshIp() });
  const idOf = async (code: string) =>
    (
      await t.database.db
        .select({ id: consultancyApplications.id })
        .from(consultancyApplications)
        .where(eq(consultancyApplications.tracking_code, code))
    )[0]!.id;
  const move = (session: Session, id: number, status: string, note = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/consultancy/dashboard/applications/${id}/status/`,
      payload: { status, note },
      headers: bearer(session),
    });
  const applicationCount = async () => (await t.database.db.select({ n: count() }).from(consultancyApplications))[0]!.n;
  const documentsOf = (id: number) =>
    t.database.db.select().from(applicationDocuments).where(eq(applicationDocuments.application_id, id)).orderBy(applicationDocuments.id);
  const download = (url: string, session?: Session) => t.app.inject({ url, headers: session ? bearer(session) : {} });

  it('stores an application with its documents and answers a readable tracking code', async () => {
    const res = await submit(
      multipart(form(), [
        { field: 'documents', filename: 'transcript.pdf', type: 'application/pdf', data: samplePdf },
        { field: 'documents', filename: 'passport.png', type: 'image/png', data: await pngImage() },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'submitted' });
    expect(body.tracking_code).toMatch(CODE);
    const id = await idOf(body.tracking_code);
    const documents = await documentsOf(id);
    expect(documents.map((d) => d.mime).sort()).toEqual(['application/pdf', 'image/webp']);
    for (const d of documents) {
      // a key of the private store: not a URL, not in the public uploads, not under /media
      expect(d.storage_key).toMatch(KEY);
      expect(fs.existsSync(path.join(t.privateDir, d.storage_key))).toBe(true);
      expect(fs.existsSync(path.join(t.uploadsDir, d.storage_key))).toBe(false);
      expect((await t.app.inject({ url: `/media/${d.storage_key}` })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/media/private/${d.storage_key}` })).statusCode).toBe(404);
    }
    const history = await t.database.db.select().from(applicationStatusHistory).where(eq(applicationStatusHistory.application_id, id));
    expect(history.map((h) => h.status)).toEqual(['submitted']);
  });

  it('accepts a JSON body without documents', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consultancy-application/submit/',
      payload: { ...form(), consultancy: consultancyId },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(201);
  });

  it('stores the same submission sent twice within minutes once', async () => {
    const fields = form();
    const first = await submitted(fields);
    const before = await applicationCount();
    const again = await submitted({ ...fields, full_name: '  ram bahadur  SHARMA ' });
    expect(again).toBe(first);
    expect(await applicationCount()).toBe(before);
  });

  it('pretends to accept a bot that fills the honeypot, storing nothing', async () => {
    const before = await applicationCount();
    const res = await submit(multipart(form({ website: 'http://spam.example' })));
    expect(res.statusCode).toBe(201);
    expect(res.json().tracking_code).toMatch(CODE);
    expect(await applicationCount()).toBe(before);
    expect((await check(res.json().tracking_code)).statusCode).toBe(404);
  });

  it('checks by code in any case, with or without dashes, with personal data masked', async () => {
    const code = await submitted();
    for (const typed of [code, code.toLowerCase(), code.replaceAll('-', ''), ` ${code.toLowerCase().replaceAll('-', ' ')} `.trim()]) {
      const res = await check(encodeURIComponent(typed));
      expect(res.statusCode).toBe(200);
    }
    const body = (await check(code)).json();
    // what the edit form is prefilled with: the choices, never the personal fields
    expect(body).toMatchObject({ preferred_intake: 'February 2027', education_level: '', course: null });
    expect(body).not.toHaveProperty('message');
    expect(body).not.toHaveProperty('address');
    expect(body).toMatchObject({
      tracking_code: code,
      status: 'submitted',
      consultancy_name: 'Everest Education Consultancy',
      consultancy: { id: consultancyId, name: 'Everest Education Consultancy' },
      applicant: { full_name: 'R*** B*** S***', phone: '98******21' },
      destination: { id: destinationId, name: 'Australia' },
      editable: true,
      withdrawable: true,
    });
    expect(body.applicant.email).toMatch(/^r\*\*\*@gmail\.com$/);
    expect(body.timeline).toEqual([expect.objectContaining({ status: 'submitted', status_label: 'Submitted' })]);
    expect(JSON.stringify(body)).not.toContain('Sharma');
  });

  it.each(['AAAA-AAAA-AAAA-AAAA', 'not-a-code', '0000-1111-OOOO-IIII', 'x'.repeat(64)])(
    'answers 404 for the unknown code %s',
    async (code) => {
      const res = await check(code);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Tracking code not found' });
    },
  );

  it('refuses bad forms with a 4xx and stores nothing', async () => {
    const before = await applicationCount();
    const docCount = async () => (await t.database.db.select({ n: count() }).from(applicationDocuments))[0]!.n;
    const docsBefore = await docCount();
    const cases: [ReturnType<typeof multipart>, number, string?][] = [
      [multipart({ full_name: 'Ram' }), 400, 'consultancy'],
      [multipart(form({ consultancy: '999999' })), 400, 'consultancy'],
      [multipart(form({ consultancy: 'abc' })), 400, 'consultancy'],
      [multipart(form({ email: 'not-an-email' })), 400, 'email'],
      [multipart(form({ phone: 'call me maybe' })), 400, 'phone'],
      [multipart(form({ destination: '999999' })), 400, 'destination'],
      [multipart(form({ course: String(999999) })), 400, 'course'],
      [multipart(form({ is_admin: 'true' })), 400],
      [multipart(form({ message: 'x'.repeat(100_000) })), 400, 'message'],
      [
        multipart(form(), [
          { field: 'documents', filename: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('<script>alert(1)</script>') },
        ]),
        415,
      ],
      [
        multipart(form(), [
          {
            field: 'documents',
            filename: 'big.pdf',
            type: 'application/pdf',
            data: Buffer.concat([samplePdf, Buffer.alloc(20 * 1024 * 1024)]),
          },
        ]),
        413,
      ],
      [multipart(form(), [{ field: 'avatar', filename: 'a.png', type: 'image/png', data: await pngImage() }]), 400],
      // decoding bombs: refused from the header, before any pixel is decoded
      [multipart(form(), [{ field: 'documents', filename: 'bomb.png', type: 'image/png', data: pngHeaderOnly(7000, 7000) }]), 413],
      [
        multipart(
          form(),
          [0, 1, 2].map((i) => ({ field: 'documents', filename: `scan-${i}.png`, type: 'image/png', data: pngHeaderOnly(6000, 6000) })),
        ),
        413,
      ],
      [
        {
          payload: Buffer.from('--broken\r\nContent-Disposition: form-data; name="x"\r\n\r\nvalue'),
          headers: { 'content-type': 'multipart/form-data; boundary=broken' },
        },
        400,
      ],
      [{ payload: Buffer.from('{"consultancy":'), headers: { 'content-type': 'application/json' } }, 400],
    ];
    for (const [body, status, field] of cases) {
      const res = await submit(body);
      expect(res.statusCode, res.body).toBe(status);
      expectErrorShape(res.json());
      if (field) expect(res.json().fields?.[field], res.body).toBeDefined();
    }
    expect(await applicationCount()).toBe(before);
    expect(await docCount()).toBe(docsBefore);
  });

  it('lets the applicant edit until the consultancy acts, then answers 409', async () => {
    const code = await submitted();
    const courseId = await createCourse(t.database.db);
    const res = await edit(code.toLowerCase(), { phone: '9800000077', course: courseId, preferred_intake: 'July 2027' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ applicant: { phone: '98******77' }, preferred_intake: 'July 2027' });
    expect((await edit(code, { consultancy: otherConsultancyId })).statusCode).toBe(400);
    expect((await edit(code, { email: 'bad' })).statusCode).toBe(400);
    expect((await edit('AAAA-AAAA-AAAA-AAAA', { phone: '9800000077' })).statusCode).toBe(404);

    const docs = multipart({ message: 'Added my passport.' }, [
      { field: 'documents', filename: 'passport.pdf', type: 'application/pdf', data: samplePdf },
    ]);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/consultancy-application/edit/${code}/`, remoteAddress: freshIp(), ...docs }))
        .statusCode,
    ).toBe(200);
    expect((await check(code)).json().document_count).toBe(1);

    expect((await move(agent, await idOf(code), 'counselling', 'Looking at it')).statusCode).toBe(200);
    const locked = await edit(code, { phone: '9800000088' });
    expect(locked.statusCode).toBe(409);
    expectErrorShape(locked.json());
    expect((await check(code)).json()).toMatchObject({ editable: false, withdrawable: true, applicant: { phone: '98******77' } });
  });

  it('lets the applicant withdraw before a decision', async () => {
    const code = await submitted();
    const id = await idOf(code);
    await move(agent, id, 'counselling');
    const res = await edit(code, { withdraw: true, reason: 'Chose another consultancy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'withdrawn', withdrawable: false, editable: false });
    expect(res.json().timeline.at(-1)).toMatchObject({ status: 'withdrawn', note: 'Chose another consultancy' });
    expect((await edit(code, { withdraw: true })).statusCode).toBe(409);
    expect((await move(agent, id, 'documents')).statusCode).toBe(409);
    expect((await edit(code, { withdraw: false })).statusCode).toBe(400);
  });

  it('walks the stages one allowed step at a time, writing the timeline', async () => {
    const code = await submitted();
    const id = await idOf(code);
    expect((await move(agent, id, 'offer_unconditional')).statusCode).toBe(409);
    expect((await move(agent, id, 'departed')).statusCode).toBe(409);
    expect((await move(agent, id, 'rejected')).statusCode).toBe(400);
    const path = [
      'counselling',
      'documents',
      'counselling',
      'applied',
      'offer_conditional',
      'offer_unconditional',
      'coe',
      'noc',
      'visa_lodged',
      'visa_granted',
    ];
    for (const status of path) {
      const res = await move(agent, id, status, `Now ${status}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, status, entry: { status, actor_role: 'counsellor' } });
    }
    expect((await move(agent, id, 'visa_refused')).statusCode).toBe(409);
    expect((await move(agent, id, 'departed')).statusCode).toBe(200);
    expect((await move(agent, id, 'closed')).statusCode).toBe(409);
    expect((await edit(code, { withdraw: true })).statusCode).toBe(409);
    const body = (await check(code)).json();
    expect(body.status).toBe('departed');
    expect(body.timeline.map((e: { status: string }) => e.status)).toEqual(['submitted', ...path, 'departed']);
    expect(body.timeline[1].note).toBe('Now counselling');
  });

  it('shows a consultancy only its own applications, and only it can move them', async () => {
    const code = await submitted();
    const id = await idOf(code);
    const own = (
      await t.app.inject({ url: '/api/consultancy/dashboard/applications/?status=submitted&page_size=1000', headers: bearer(agent) })
    ).json();
    const mine = own.results.find((r: { id: number }) => r.id === id);
    expect(mine).toMatchObject({
      tracking_code: code,
      full_name: 'Ram Bahadur Sharma',
      phone: '9812345621',
      next_statuses: ['counselling', 'documents', 'applied', 'withdrawn', 'closed'],
      status_label: 'Submitted',
    });
    expect(
      own.results.every((r: { consultancy_id: number; status: string }) => r.consultancy_id === consultancyId && r.status === 'submitted'),
    ).toBe(true);
    const theirs = (await t.app.inject({ url: '/api/consultancy/dashboard/applications/', headers: bearer(otherAgent) })).json();
    expect(theirs.count).toBe(0);
    expect((await move(otherAgent, id, 'counselling')).statusCode).toBe(404);
    expect((await move(admin, id, 'counselling')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/consultancy/dashboard/applications/' })).statusCode).toBe(401);
    const student = await signedIn(t.app, t.database.db, 'student');
    expect((await t.app.inject({ url: '/api/consultancy/dashboard/applications/', headers: bearer(student) })).statusCode).toBe(403);
    const unlinked = await createUser(t.database.db, 'consultancy', { consultancy_id: otherConsultancyId });
    const session = await login(t.app, unlinked.email);
    await t.database.db.update(users).set({ consultancy_id: null }).where(eq(users.id, unlinked.id));
    expect((await t.app.inject({ url: '/api/consultancy/dashboard/applications/', headers: bearer(session) })).statusCode).toBe(403);
    expect((await move(agent, id, 'counselling', 'x'.repeat(100_000))).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/consultancy/dashboard/applications/${id}/status/`,
          payload: { status: 'counselling', extra: 1 },
          headers: bearer(agent),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lists every application for admins, searchable and filtered by status', async () => {
    const code = await submitted(form({ full_name: 'Sita Kumari Adhikari' }));
    const res = await t.app.inject({ url: '/api/consultancy-application/admin/?search=adhikari', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { tracking_code: string }) => r.tracking_code)).toEqual([code]);
    expect(res.json().results[0]).toMatchObject({ consultancy_name: 'Everest Education Consultancy' });
    expect(
      (await t.app.inject({ url: '/api/consultancy-application/admin/?status=departed', headers: bearer(admin) })).json().count,
    ).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/consultancy-application/admin/?status=bogus', headers: bearer(admin) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/consultancy-application/admin/', headers: bearer(agent) })).statusCode).toBe(403);
  });

  it('lets admins and the consultancy it was sent to download a document, and no one else', async () => {
    const pdf = uniquePdf('download');
    const code = await submitted(form(), [
      { field: 'documents', filename: 'Transcript; final*.pdf', type: 'application/pdf', data: pdf },
      { field: 'documents', filename: 'पासपोर्ट.png', type: 'image/png', data: await pngImage(40, 30) },
    ]);
    const id = await idOf(code);
    const [pdfRow, imageRow] = await documentsOf(id);
    const own = (await t.app.inject({ url: `/api/consultancy/dashboard/applications/?search=${code}`, headers: bearer(agent) })).json();
    const listed = own.results[0].documents;
    expect(listed).toEqual([
      {
        id: pdfRow!.id,
        url: `/api/consultancy-application/${id}/documents/${pdfRow!.id}/`,
        original_name: 'Transcript; final*.pdf',
        mime: 'application/pdf',
        size: pdf.length,
      },
      {
        id: imageRow!.id,
        url: `/api/consultancy-application/${id}/documents/${imageRow!.id}/`,
        original_name: 'पासपोर्ट.png',
        mime: 'image/webp',
        size: imageRow!.size,
      },
    ]);
    const forAdmin = (await t.app.inject({ url: `/api/consultancy-application/admin/?search=${code}`, headers: bearer(admin) })).json();
    expect(forAdmin.results[0].documents).toEqual(listed);
    expect(JSON.stringify([own, forAdmin])).not.toMatch(/\/media\/|storage_key/);

    for (const session of [agent, admin]) {
      const res = await download(listed[0].url, session);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'application/pdf',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Transcript_ final_.pdf"; filename*=UTF-8''Transcript_%20final_.pdf`,
      );
      const image = await download(listed[1].url, session);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.rawPayload.equals(fs.readFileSync(path.join(t.privateDir, imageRow!.storage_key)))).toBe(true);
      expect(image.headers['content-disposition']).toBe(
        `attachment; filename="________.webp"; filename*=UTF-8''${encodeURIComponent('पासपोर्ट')}.webp`,
      );
    }

    const student = await signedIn(t.app, t.database.db, 'student');
    for (const [session, status] of [
      [otherAgent, 404],
      [student, 403],
      [undefined, 401],
    ] as const) {
      const res = await download(listed[0].url, session);
      expect(res.statusCode).toBe(status);
      expectErrorShape(res.json());
    }
    const otherApplication = await idOf(await submitted());
    expect((await download(`/api/consultancy-application/${otherApplication}/documents/${pdfRow!.id}/`, admin)).statusCode).toBe(404);
    expect((await download(`/api/consultancy-application/${id}/documents/999999/`, agent)).statusCode).toBe(404);
    expect((await download(`/api/consultancy-application/${id}/documents/abc/`, admin)).statusCode).toBe(400);
  });

  it('removes the documents with the consultancy they were sent to, keeping files other rows still use', async () => {
    const doomed = await createConsultancy(t.database.db);
    const shared = await pngImage(24, 24);
    const doomedCode = await submitted(form({ consultancy: String(doomed) }), [
      { field: 'documents', filename: 'offer.pdf', type: 'application/pdf', data: uniquePdf('doomed') },
      { field: 'documents', filename: 'photo.png', type: 'image/png', data: shared },
    ]);
    await submitted(form(), [{ field: 'documents', filename: 'photo.png', type: 'image/png', data: shared }]);
    const [pdfRow, imageRow] = await documentsOf(await idOf(doomedCode));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/consultancy/${doomed}/delete/`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(fs.existsSync(path.join(t.privateDir, pdfRow!.storage_key))).toBe(false);
    expect(fs.existsSync(path.join(t.privateDir, imageRow!.storage_key))).toBe(true);
    expect((await t.database.db.select().from(applicationDocuments).where(eq(applicationDocuments.id, pdfRow!.id))).length).toBe(0);
  });

  it('moves documents and evidence once stored under /media into the private store', async () => {
    const publicStorage = localStorage(t.uploadsDir, '/media');
    const id = await idOf(await submitted());
    const [pdf, evidencePdf] = [uniquePdf('legacy document'), uniquePdf('legacy evidence')];
    const documentUrl = await publicStorage.put(pdf, 'pdf', 'application/pdf');
    const evidenceUrl = await publicStorage.put(evidencePdf, 'pdf', 'application/pdf');
    const [doc] = await t.database.db
      .insert(applicationDocuments)
      .values({ application_id: id, storage_key: documentUrl, original_name: 'old.pdf', mime: 'application/pdf', size: pdf.length })
      .returning();
    const [complaint] = await t.database.db
      .insert(complaints)
      .values({
        name: 'Gita Rai',
        email: 'gita.legacy@example.com',
        subject: 'Old complaint',
        message: 'Filed before files were private.',
        evidence: evidenceUrl,
        fingerprint: 'legacy',
      })
      .returning();
    expect((await t.app.inject({ url: documentUrl })).statusCode).toBe(200);

    expect(await movePersonalFilesToPrivate(t.database.db, publicStorage, t.privateStorage, '/media')).toBe(2);
    const [moved] = await t.database.db.select().from(applicationDocuments).where(eq(applicationDocuments.id, doc!.id));
    expect(moved!.storage_key).toBe(documentUrl.replace('/media/', ''));
    const [movedComplaint] = await t.database.db.select().from(complaints).where(eq(complaints.id, complaint!.id));
    expect(movedComplaint!.evidence).toBe(evidenceUrl.replace('/media/', ''));
    for (const url of [documentUrl, evidenceUrl]) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
      expect(fs.existsSync(path.join(t.uploadsDir, url.replace('/media/', '')))).toBe(false);
    }
    const res = await download(`/api/consultancy-application/${id}/documents/${doc!.id}/`, admin);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect((await download(`/api/complaint/${complaint!.id}/evidence/`, admin)).rawPayload.equals(evidencePdf)).toBe(true);
    expect(await movePersonalFilesToPrivate(t.database.db, publicStorage, t.privateStorage, '/media')).toBe(0);
  });

  it('limits submissions per address', async () => {
    const remoteAddress = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await submit(multipart({ full_name: 'x' }), remoteAddress)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
