import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContentVersion } from '../../server/content-version.ts';
import { consultancies, consultancyLicences } from '../../server/db/schema/index.ts';
import {
  buildTestApp,
  createConsultancy,
  engines,
  expectErrorShape,
  multipart,
  pngImage,
  samplePdf,
  tokenFor,
  type TestApp,
} from './helpers.ts';

/** A date `days` from today in Nepal (UTC+05:45), where a licence's expiry day ends. */
const nepalDay = (days: number) => new Date(Date.now() + (5 * 60 + 45) * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

const FIELDS = {
  permission_number: '1234/079-80',
  issuing_office: 'Ministry of Education, Science and Technology',
  issued_on: '2024-01-15',
  expires_on: nepalDay(400),
  association: 'ECAN',
  association_number: 'ECAN-512',
};

type Auth = { authorization: string };
type Licence = {
  id: number;
  status: string;
  reason: string;
  valid: boolean;
  document: { url: string; original_name: string };
  history: { action: string; who: string; role: string; at: string; reason: string }[];
};

describe.each(engines)('consultancy licences on %s', (engine) => {
  let t: TestApp;
  let admin: Auth;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Auth | Record<string, never> = {}, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  /** A consultancy with its own account, named so its history says who acted. */
  async function consultancy(name: string) {
    const id = await createConsultancy(t.database.db, name);
    const account = await tokenFor(t, 'consultancy', { consultancy_id: id });
    return { id, auth: account.auth, userId: account.id };
  }

  async function submit(
    auth: Auth,
    fields: Record<string, string> = FIELDS,
    file: { data: Buffer; filename: string; type: string } | null = {
      data: samplePdf,
      filename: 'permission letter.pdf',
      type: 'application/pdf',
    },
  ) {
    const form = multipart(fields, file ? [{ field: 'document', ...file }] : []);
    return t.app.inject({
      method: 'POST',
      url: '/api/consultancy/dashboard/licence/',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
  }

  async function submitted(auth: Auth, fields: Record<string, string> = FIELDS): Promise<Licence> {
    const res = await submit(auth, fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const detail = async (id: number) => (await call('GET', `/consultancy/${id}/`)).json();

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = (await tokenFor(t, 'admin')).auth;
  });
  afterAll(() => t?.close());

  it('lets the owning consultancy submit its licence with a private document, and keeps who and when', async () => {
    const own = await consultancy('Annapurna Education');
    const before = await readContentVersion(t.database.db);
    const licence = await submitted(own.auth);
    expect(licence).toMatchObject({
      status: 'pending',
      status_label: 'Waiting for our check',
      consultancy_id: own.id,
      permission_number: '1234/079-80',
      association: 'ECAN',
      valid: false,
    });
    expect(licence.history).toEqual([
      expect.objectContaining({ action: 'submitted', action_label: 'Submitted', who: 'Test consultancy', role: 'consultancy', reason: '' }),
    ]);
    expect(Date.now() - Date.parse(licence.history[0]!.at)).toBeLessThan(60_000);
    // a submission changes nothing public, so nothing is rebuilt
    expect(await readContentVersion(t.database.db)).toBe(before);

    // the document: a key of the private store, never a URL, never under /media
    const [row] = await t.database.db.select().from(consultancyLicences).where(eq(consultancyLicences.id, licence.id));
    expect(row!.document_key).not.toMatch(/^\/|media/);
    expect(fs.existsSync(path.join(t.privateDir, row!.document_key))).toBe(true);
    expect(fs.existsSync(path.join(t.uploadsDir, row!.document_key))).toBe(false);
    for (const url of [`/media/${row!.document_key}`, `/media/private/${row!.document_key}`])
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect(JSON.stringify(licence)).not.toMatch(/\/media\/|document_key/);
    expect(licence.document.url).toBe(`/api/consultancy-licence/${licence.id}/document/`);

    // downloaded through the API by the owner and admins only
    const mine = await t.app.inject({ url: licence.document.url, headers: own.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toContain('permission letter.pdf');
    expect(mine.rawPayload.equals(samplePdf)).toBe(true);
    expect((await t.app.inject({ url: licence.document.url, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ url: licence.document.url, headers: (await consultancy('Other Consultancy')).auth })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: licence.document.url })).statusCode).toBe(401);
    expect((await t.app.inject({ url: licence.document.url, headers: (await tokenFor(t, 'student')).auth })).statusCode).toBe(403);

    // the dashboard shows it waiting; a pending submission is not a licence
    const screen = (await call('GET', '/consultancy/dashboard/licence/', own.auth)).json();
    expect(screen).toMatchObject({ standing: 'none', current: null, pending: { id: licence.id } });
    expect(await detail(own.id)).toMatchObject({ moe_certified: false, licence: null });
  });

  it('refuses a submission from anyone but a consultancy account, and bad input field by field, storing nothing', async () => {
    const own = await consultancy('Bagmati Abroad');
    for (const auth of [admin, (await tokenFor(t, 'college')).auth, (await tokenFor(t, 'student')).auth])
      expect((await submit(auth)).statusCode).toBe(403);
    expect((await submit((await tokenFor(t, 'consultancy')).auth)).statusCode).toBe(403); // not linked to a consultancy
    expect((await submit({} as Auth)).statusCode).toBe(401);

    const cases: [Record<string, string>, Parameters<typeof submit>[2], string][] = [
      [FIELDS, null, 'document'],
      [{ ...FIELDS, permission_number: '  ' }, undefined, 'permission_number'],
      [{ ...FIELDS, issuing_office: '' }, undefined, 'issuing_office'],
      [{ ...FIELDS, expires_on: '2024-01-15' }, undefined, 'expires_on'],
      [{ ...FIELDS, expires_on: '2026-02-30' }, undefined, 'expires_on'],
      [{ ...FIELDS, issued_on: 'yesterday' }, undefined, 'issued_on'],
      [{ ...FIELDS, association: '' }, undefined, 'association'],
      [{ ...FIELDS, consultancy_id: '1' }, undefined, 'non_field_errors'],
    ];
    for (const [fields, file, field] of cases) {
      const res = await submit(own.auth, fields, file);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expectErrorShape(res.json());
      expect(Object.keys(res.json().fields), res.body).toContain(field);
    }
    const text = await submit(own.auth, FIELDS, { data: Buffer.from('not a licence'), filename: 'licence.txt', type: 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(await t.database.db.select().from(consultancyLicences).where(eq(consultancyLicences.consultancy_id, own.id))).toEqual([]);
    expect(fs.readdirSync(t.privateDir, { recursive: true }).filter((f) => String(f).endsWith('.txt'))).toEqual([]);
    // a photo of the letter will do
    expect((await submit(own.auth, FIELDS, { data: await pngImage(), filename: 'letter.png', type: 'image/png' })).statusCode).toBe(201);
  });

  it('replaces a submission still waiting with a newer one, and keeps the step', async () => {
    const own = await consultancy('Gandaki Study Link');
    const first = await submitted(own.auth);
    const second = await submitted(own.auth, { ...FIELDS, permission_number: '1234/080-81' });
    const screen = (await call('GET', '/consultancy/dashboard/licence/', own.auth)).json();
    expect(screen.licences.map((x: Licence) => [x.id, x.status])).toEqual([
      [second.id, 'pending'],
      [first.id, 'replaced'],
    ]);
    expect(screen.licences[1].history.map((h: Licence['history'][number]) => h.action)).toEqual(['submitted', 'replaced']);
  });

  it('lets only admins verify or reject, a reason required to reject, each step with who and when', async () => {
    const own = await consultancy('Himalayan Pathways');
    const licence = await submitted(own.auth);
    for (const auth of [own.auth, (await tokenFor(t, 'student')).auth]) {
      expect((await call('POST', `/consultancy-licence/${licence.id}/verify/`, auth)).statusCode).toBe(403);
      expect((await call('POST', `/consultancy-licence/${licence.id}/reject/`, auth, { reason: 'No' })).statusCode).toBe(403);
    }
    expect((await call('GET', '/consultancy-licence/admin/', own.auth)).statusCode).toBe(403);
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) {
      const res = await call('POST', `/consultancy-licence/${licence.id}/reject/`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields.reason).toBeTruthy();
    }
    expect((await call('POST', '/consultancy-licence/999999/verify/', admin)).statusCode).toBe(404);

    const version = await readContentVersion(t.database.db);
    const [{ updated_at: touched }] = await t.database.db
      .select({ updated_at: consultancies.updated_at })
      .from(consultancies)
      .where(eq(consultancies.id, own.id));
    const verified = await call('POST', `/consultancy-licence/${licence.id}/verify/`, admin);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'verified', valid: true });
    expect(verified.json().history.map((h: Licence['history'][number]) => [h.action, h.who, h.role])).toEqual([
      ['submitted', 'Test consultancy', 'consultancy'],
      ['verified', 'Test admin', 'admin'],
    ]);
    // the public page changes: the row is marked changed and the site rebuilt
    expect(await readContentVersion(t.database.db)).toBeGreaterThan(version);
    const [{ updated_at }] = await t.database.db
      .select({ updated_at: consultancies.updated_at })
      .from(consultancies)
      .where(eq(consultancies.id, own.id));
    expect(Date.parse(updated_at)).toBeGreaterThan(Date.parse(touched));
    expect((await call('POST', `/consultancy-licence/${licence.id}/verify/`, admin)).statusCode).toBe(409);
    expect(await detail(own.id)).toMatchObject({
      moe_certified: true,
      licence: { permission_number: '1234/079-80', expires_on: FIELDS.expires_on, checked_on: nepalDay(0) },
    });

    // a verified licence found wrong is withdrawn with a reason; the consultancy reads it
    const rejected = await call('POST', `/consultancy-licence/${licence.id}/reject/`, admin, {
      reason: 'The ministry has no such permission.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const screen = (await call('GET', '/consultancy/dashboard/licence/', own.auth)).json();
    expect(screen.standing).toBe('none');
    expect(screen.licences[0]).toMatchObject({ status: 'rejected', reason: 'The ministry has no such permission.' });
    const last = screen.licences[0].history.at(-1);
    expect(last).toMatchObject({ action: 'rejected', who: 'Test admin', role: 'admin', reason: 'The ministry has no such permission.' });
    expect(Date.now() - Date.parse(last.at)).toBeLessThan(60_000);
    expect(await detail(own.id)).toMatchObject({ moe_certified: false, licence: null });
    expect((await call('POST', `/consultancy-licence/${licence.id}/reject/`, admin, { reason: 'Again' })).statusCode).toBe(409);
  });

  describe('moe_certified follows a verified licence until the end of its expiry day in Nepal', () => {
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      for (const [name, days] of [
        ['yesterday', -1],
        ['today', 0],
        ['tomorrow', 1],
      ] as const) {
        const own = await consultancy(`Licence ends ${name}`);
        const licence = await submitted(own.auth, { ...FIELDS, issued_on: '2020-01-01', expires_on: nepalDay(days) });
        expect((await call('POST', `/consultancy-licence/${licence.id}/verify/`, admin)).statusCode).toBe(200);
        ids[name] = own.id;
      }
      // pending and rejected submissions are no licence, however long they would run
      const waiting = await consultancy('Licence ends waiting');
      await submitted(waiting.auth);
      ids.waiting = waiting.id;
      const refused = await consultancy('Licence ends refused');
      const licence = await submitted(refused.auth);
      await call('POST', `/consultancy-licence/${licence.id}/reject/`, admin, { reason: 'Unreadable scan.' });
      ids.refused = refused.id;
      ids.none = await createConsultancy(t.database.db, 'Licence ends never');
      // an admin priority, so the default order differs from "licensed first"
      await t.database.db.update(consultancies).set({ priority: 50 }).where(eq(consultancies.id, ids.none));
    });

    it('in detail and list replies', async () => {
      const want = { yesterday: false, today: true, tomorrow: true, waiting: false, refused: false, none: false };
      const list = (await call('GET', '/consultancy/?search=Licence%20ends&page_size=50')).json().results as {
        id: number;
        moe_certified: boolean;
        licence: unknown;
      }[];
      for (const [name, licensed] of Object.entries(want)) {
        expect((await detail(ids[name]!)).moe_certified, name).toBe(licensed);
        expect(list.find((r) => r.id === ids[name])?.moe_certified, name).toBe(licensed);
      }
      // the expired licence is still on record: the page says when it expired
      expect((await detail(ids.yesterday!)).licence).toMatchObject({ expires_on: nepalDay(-1) });
      expect(list.find((r) => r.id === ids.waiting)?.licence).toBeNull();
    });

    it('filters licensed only and sorts licensed first', async () => {
      const names = async (query: string, pageSize = 50) =>
        ((await call('GET', `/consultancy/?search=Licence%20ends&page_size=${pageSize}&${query}`)).json().results as { id: number }[]).map(
          (r) => r.id,
        );
      expect((await names('moe_certified=true')).sort()).toEqual([ids.today, ids.tomorrow].sort());
      expect(await names('moe_certified=false')).toHaveLength(6);
      const sorted = await names('ordering=-moe_certified,-priority');
      expect(sorted.slice(0, 2).sort()).toEqual([ids.today, ids.tomorrow].sort());
      expect(sorted[2]).toBe(ids.none);
      // read part by part (licensed, then not): a page of one at each offset is the same order, and so is the reverse
      const single = [];
      for (let page = 1; page <= sorted.length; page++) single.push(...(await names(`ordering=-moe_certified,-priority&page=${page}`, 1)));
      expect(single).toEqual(sorted);
      const reversed = await names('ordering=moe_certified,-priority');
      expect(reversed.slice(-2).sort()).toEqual([ids.today, ids.tomorrow].sort());
      expect(reversed[0]).toBe(ids.none);
      expect((await names('')).at(0)).toBe(ids.none);
      expect((await call('GET', '/consultancy/?moe_certified=maybe')).statusCode).toBe(400);
    });

    it('can no longer be set by hand on a consultancy', async () => {
      for (const value of ['true', 'false']) {
        const res = await call('PATCH', `/consultancy/${ids.none}/update/`, admin, { moe_certified: value });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields.moe_certified[0]).toMatch(/licence; it cannot be set by hand/);
        const form = multipart({ name: 'Hand-certified Consultancy', moe_certified: value });
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/consultancy/create/',
              headers: { ...admin, ...form.headers },
              payload: form.payload,
            })
          ).statusCode,
        ).toBe(400);
      }
      expect((await detail(ids.none!)).moe_certified).toBe(false);
    });
  });

  it('lists submissions for admins, those waiting first, with status filter and search', async () => {
    const res = await call('GET', '/consultancy-licence/admin/?page_size=100', admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json().results as (Licence & { consultancy_name: string })[];
    const firstDone = rows.findIndex((r) => r.status !== 'pending');
    expect(firstDone).toBeGreaterThan(0);
    expect(rows.slice(firstDone).some((r) => r.status === 'pending')).toBe(false);
    expect(rows.every((r) => r.document.url.startsWith('/api/consultancy-licence/'))).toBe(true);
    const rejected = (await call('GET', '/consultancy-licence/admin/?status=rejected', admin)).json();
    expect(rejected.count).toBeGreaterThan(0);
    expect(rejected.results.every((r: Licence) => r.status === 'rejected')).toBe(true);
    const found = (await call('GET', '/consultancy-licence/admin/?search=himalayan', admin)).json();
    expect(found.results.map((r: { consultancy_name: string }) => r.consultancy_name)).toEqual(['Himalayan Pathways']);
    expect((await call('GET', '/consultancy-licence/admin/?status=lost', admin)).statusCode).toBe(400);
  });

  it('removes the licence documents with their consultancy', async () => {
    const own = await consultancy('Short-lived Consultancy');
    const licence = await submitted(own.auth);
    const [row] = await t.database.db.select().from(consultancyLicences).where(eq(consultancyLicences.id, licence.id));
    const file = path.join(t.privateDir, row!.document_key);
    // the same bytes under another consultancy's licence: the shared file stays for it
    const keeper = await consultancy('Long-lived Consultancy');
    await submitted(keeper.auth);
    expect((await call('GET', `/consultancy/${own.id}/`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/consultancy/${own.id}/delete/`, headers: admin })).statusCode).toBe(200);
    expect(await t.database.db.select().from(consultancyLicences).where(eq(consultancyLicences.consultancy_id, own.id))).toEqual([]);
    expect(fs.existsSync(file)).toBe(true);
    const unique = await consultancy('Unique Consultancy');
    const alone = await submit(unique.auth, FIELDS, {
      data: Buffer.concat([samplePdf, Buffer.from('% unique\n')]),
      filename: 'u.pdf',
      type: 'application/pdf',
    });
    const [uniqueRow] = await t.database.db.select().from(consultancyLicences).where(eq(consultancyLicences.id, alone.json().id));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/consultancy/${unique.id}/delete/`, headers: admin })).statusCode).toBe(200);
    expect(fs.existsSync(path.join(t.privateDir, uniqueRow!.document_key))).toBe(false);
  });
});
