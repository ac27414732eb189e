import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  buildTestApp,
  createConsultancy,
  engines,
  expectErrorShape,
  freshIp,
  multipart,
  samplePdf,
  tokenFor,
  type TestApp,
} from './helpers.ts';
import { complaintEvents, complaints } from '../../server/db/schema/index.ts';
import { readContentVersion } from '../../server/content-version.ts';
import { COMPLAINT_ANSWER_DAYS } from '../../src/lib/contract/complaints.ts';

const REFERENCE = /^C-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;
const CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}(-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}){3}$/;
const HOUR = 3_600_000;

type Auth = { authorization: string };

describe.each(engines)('complaint accountability on %s', (engine) => {
  let t: TestApp;
  let consultancyId: number;
  let otherConsultancyId: number;
  let agent: Auth;
  let otherAgent: Auth;
  let admin: Auth;
  let n = 0;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    consultancyId = await createConsultancy(t.database.db, 'Annapurna Education');
    otherConsultancyId = await createConsultancy(t.database.db, 'Other Consultancy');
    agent = (await tokenFor(t, 'consultancy', { consultancy_id: consultancyId })).auth;
    otherAgent = (await tokenFor(t, 'consultancy', { consultancy_id: otherConsultancyId })).auth;
    admin = (await tokenFor(t, 'admin')).auth;
  });
  afterAll(() => t?.close());

  /** A distinct complainant each call, so no two tests meet the duplicate check by accident. */
  const fields = (extra: Record<string, string> = {}) => ({
    name: 'Sita Gurung',
    email: `sita.${++n}@example.com`,
    phone: '+977 9841234567',
    consultancy: String(consultancyId),
    subject: 'Visa fee not refunded',
    message: `They kept my visa fee of NPR 20,000 (${n}).`,
    ...extra,
  });
  const submit = (form: ReturnType<typeof multipart>) =>
    t.app.inject({ method: 'POST', url: '/api/complaint/submit/', remoteAddress: freshIp(), ...form });
  const follow = (code: string) => t.app.inject({ url: `/api/complaint/track/${encodeURIComponent(code)}/`, remoteAddress: freshIp() });
  const reply = (code: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/complaint/track/${encodeURIComponent(code)}/reply/`, payload, remoteAddress: freshIp() });
  const answer = (id: number, payload: object, headers: Auth = agent) =>
    t.app.inject({ method: 'POST', url: `/api/consultancy/dashboard/complaints/${id}/answer/`, payload, headers });
  const version = () => readContentVersion(t.database.db);

  async function file(extra: Record<string, string> = {}) {
    const res = await submit(multipart(fields(extra)));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; reference: string; code: string; answer_due_at: string; created_at: string };
  }

  describe('filing and following', () => {
    it('answers a reference and a follow-up code, and keeps only a hash of the code', async () => {
      const before = await version();
      const res = await submit(
        multipart(fields(), [{ field: 'evidence', filename: 'receipt.pdf', type: 'application/pdf', data: samplePdf }]),
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      // SPEC's shape is kept, with the new fields added
      expect(body).toMatchObject({
        name: 'Sita Gurung',
        subject: 'Visa fee not refunded',
        status: 'open',
        consultancy_id: consultancyId,
        evidence: `/api/complaint/${body.id}/evidence/`,
      });
      expect(body.reference).toMatch(REFERENCE);
      expect(body.code).toMatch(CODE);
      expect(Date.parse(body.answer_due_at) - Date.parse(body.created_at)).toBe(COMPLAINT_ANSWER_DAYS * 24 * HOUR);
      const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, body.id));
      expect(row!.reference).toBe(body.reference);
      expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(body.code);
      expect(await version()).toBeGreaterThan(before);
    });

    it('shows the complaint and its history to the holder of the code, however it is typed', async () => {
      const filed = await file();
      for (const typed of [filed.code, filed.code.toLowerCase(), filed.code.replace(/-/g, ' ')]) {
        const res = await follow(typed);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          reference: filed.reference,
          subject: 'Visa fee not refunded',
          status: 'open',
          status_label: 'Open',
          answer_due_at: filed.answer_due_at,
          first_answer_at: null,
          overdue: false,
          consultancy: { id: consultancyId, name: 'Annapurna Education' },
          history: [{ kind: 'submitted', author: 'complainant' }],
        });
      }
      // nothing the complainant typed about themselves comes back to whoever holds the code
      const body = (await follow(filed.code)).body;
      expect(body).not.toContain('@example.com');
      expect(body).not.toContain('9841234567');
    });

    it('answers a wrong, malformed or reference-shaped code with a plain 404', async () => {
      const filed = await file();
      const wrong = filed.code.replace(/^./, (c) => (c === '2' ? '3' : '2'));
      for (const code of [wrong, 'nonsense', filed.reference, 'x'.repeat(90)]) {
        const res = await follow(code);
        expect(res.statusCode, code).toBe(404);
        expect(res.json()).toEqual({ error: 'Complaint not found' });
        expect((await reply(code, { message: 'Any news?' })).statusCode).toBe(404);
      }
    });

    it('gives a new code when the same complaint is sent twice, and the first stops working', async () => {
      const same = fields();
      const first = (await submit(multipart(same))).json();
      const second = (await submit(multipart(same))).json();
      expect(second.id).toBe(first.id);
      expect(second.reference).toBe(first.reference);
      expect(second.code).not.toBe(first.code);
      expect((await follow(first.code)).statusCode).toBe(404);
      expect((await follow(second.code)).json().reference).toBe(first.reference);
    });

    it('lets the complainant reply, without changing the public record', async () => {
      const filed = await file();
      const before = await version();
      const res = await reply(filed.code, { message: '  I still have the receipt.  ' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().history.map((e: { kind: string; author: string; body: string }) => [e.kind, e.author, e.body])).toEqual([
        ['submitted', 'complainant', ''],
        ['message', 'complainant', 'I still have the receipt.'],
      ]);
      expect(await version()).toBe(before);
      for (const payload of [{}, { message: '' }, { message: 'x'.repeat(5001) }, { message: 'ok ok', extra: 1 }]) {
        const bad = await reply(filed.code, payload);
        expect(bad.statusCode).toBe(400);
        expectErrorShape(bad.json());
      }
    });
  });

  describe('the consultancy', () => {
    it('sees only complaints about itself, never the contact details or the evidence', async () => {
      const own = await file();
      const other = await file({ consultancy: String(otherConsultancyId), name: 'Hari Other' });
      const res = await t.app.inject({ url: '/api/consultancy/dashboard/complaints/?page_size=100', headers: agent });
      expect(res.statusCode, res.body).toBe(200);
      const ids = res.json().results.map((r: { id: number }) => r.id);
      expect(ids).toContain(own.id);
      expect(ids).not.toContain(other.id);
      const row = res.json().results.find((r: { id: number }) => r.id === own.id);
      expect(row).toMatchObject({
        reference: own.reference,
        name: 'Sita Gurung',
        subject: 'Visa fee not refunded',
        status_label: 'Open',
        answer_due_at: own.answer_due_at,
        overdue: false,
      });
      for (const key of ['email', 'phone', 'evidence', 'code_hash', 'fingerprint', 'consultancy_id']) expect(row).not.toHaveProperty(key);
      expect(res.body).not.toContain('@example.com');
      expect(res.body).not.toContain('9841234567');
      expect(res.body).not.toContain('Hari Other');
    });

    it('answers a complaint: the first answer sets the answer time, once, and the complainant sees it', async () => {
      const filed = await file();
      const before = await version();
      const first = await answer(filed.id, { message: 'We are sorry: the refund was sent today.' });
      expect(first.statusCode, first.body).toBe(201);
      const answeredAt = first.json().first_answer_at;
      expect(Date.parse(answeredAt)).toBeGreaterThan(Date.parse(filed.created_at));
      expect(await version()).toBeGreaterThan(before);

      const afterFirst = await version();
      const second = await answer(filed.id, { message: 'The bank reference is 1234.' });
      expect(second.json().first_answer_at).toBe(answeredAt);
      // a later answer changes no figure of the record
      expect(await version()).toBe(afterFirst);

      const seen = (await follow(filed.code)).json();
      expect(seen.first_answer_at).toBe(answeredAt);
      expect(seen.history.map((e: { kind: string; author: string; body: string }) => [e.author, e.body])).toEqual([
        ['complainant', ''],
        ['consultancy', 'We are sorry: the refund was sent today.'],
        ['consultancy', 'The bank reference is 1234.'],
      ]);
    });

    it("cannot answer another consultancy's complaint, nor an unknown one", async () => {
      const filed = await file();
      const res = await answer(filed.id, { message: 'Not ours to answer.' }, otherAgent);
      expect(res.statusCode).toBe(404);
      expectErrorShape(res.json());
      expect((await answer(999999, { message: 'Nobody' })).statusCode).toBe(404);
      const [row] = await t.database.db.select({ first: complaints.first_answer_at }).from(complaints).where(eq(complaints.id, filed.id));
      expect(row!.first).toBeNull();
      expect((await answer(filed.id, { message: '' })).statusCode).toBe(400);
    });
  });

  describe('admins', () => {
    it('see overdue complaints first, the longest overdue first, each with its deadline', async () => {
      const consultancy = await createConsultancy(t.database.db, 'Ordering Consultancy');
      const at = (days: number) => sql`now() - make_interval(days => ${days})`;
      const insert = async (subject: string, ageDays: number, values: { first_answer_at?: ReturnType<typeof at>; status?: string } = {}) =>
        (
          await t.database.db
            .insert(complaints)
            .values({
              name: 'Order Test',
              email: 'order@example.com',
              subject,
              message: 'Ordering test complaint.',
              fingerprint: subject,
              consultancy_id: consultancy,
              created_at: at(ageDays),
              answer_due_at: at(ageDays - COMPLAINT_ANSWER_DAYS),
              ...values,
            })
            .returning({ id: complaints.id })
        )[0]!.id;
      const fresh = await insert('Ordering: fresh', 1);
      const overdueLong = await insert('Ordering: overdue long', 20);
      const answeredLate = await insert('Ordering: answered late', 30, { first_answer_at: at(2) });
      const overdueShort = await insert('Ordering: overdue short', 9);
      const resolvedUnanswered = await insert('Ordering: resolved unanswered', 25, { status: 'resolved' });
      const res = await t.app.inject({ url: '/api/complaint/admin/?search=Ordering%3A&page_size=100', headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      const results = res.json().results as { id: number; overdue: boolean; answer_due_at: string }[];
      expect(results.map((r) => r.id)).toEqual([overdueLong, overdueShort, fresh, resolvedUnanswered, answeredLate]);
      expect(results.map((r) => r.overdue)).toEqual([true, true, false, false, false]);
      for (const r of results) expect(Number.isNaN(Date.parse(r.answer_due_at))).toBe(false);
      // an explicit order still wins
      const byAge = await t.app.inject({ url: '/api/complaint/admin/?search=Ordering%3A&ordering=-created_at', headers: admin });
      expect(byAge.json().results.map((r: { id: number }) => r.id)).toEqual([
        fresh,
        overdueShort,
        overdueLong,
        resolvedUnanswered,
        answeredLate,
      ]);
      // and the consultancy's own list puts its overdue ones first too
      const ownAuth = (await tokenFor(t, 'consultancy', { consultancy_id: consultancy })).auth;
      const own = await t.app.inject({ url: '/api/consultancy/dashboard/complaints/', headers: ownAuth });
      expect(
        own
          .json()
          .results.map((r: { id: number }) => r.id)
          .slice(0, 2),
      ).toEqual([overdueLong, overdueShort]);
    });

    it('change a status with a note, which the history keeps with who and when', async () => {
      const filed = await file();
      const before = await version();
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/complaint/${filed.id}/status/`,
        payload: { status: 'rejected', note: 'The receipt is for another agency.' },
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: filed.id,
        status: 'rejected',
        status_label: 'Rejected as invalid',
        reference: filed.reference,
      });
      expect(await version()).toBeGreaterThan(before);
      const events = await t.database.db
        .select()
        .from(complaintEvents)
        .where(eq(complaintEvents.complaint_id, filed.id))
        .orderBy(complaintEvents.id);
      expect(events.map((e) => [e.kind, e.author, e.status, e.body, e.author_id !== null])).toEqual([
        ['submitted', 'complainant', null, '', false],
        ['status', 'admin', 'rejected', 'The receipt is for another agency.', true],
      ]);
      const seen = (await follow(filed.code)).json();
      expect(seen.status_label).toBe('Rejected as invalid');
      expect(seen.history[1]).toMatchObject({
        kind: 'status',
        author: 'admin',
        status: 'rejected',
        body: 'The receipt is for another agency.',
      });
    });
  });

  describe('the public record', () => {
    /**
     * Rows with known times for one consultancy. `age` and `answeredAfter` in hours; the deadline is
     * the real one: COMPLAINT_ANSWER_DAYS after filing.
     */
    async function recordRows(consultancy: number, rows: { created: ReturnType<typeof sql>; answeredAfter?: number; status?: string }[]) {
      for (const [i, r] of rows.entries()) {
        await t.database.db.insert(complaints).values({
          name: 'Record Test',
          email: 'record@example.com',
          subject: `Record ${i}`,
          message: 'A complaint with known times.',
          fingerprint: `record-${consultancy}-${i}`,
          consultancy_id: consultancy,
          status: r.status ?? 'open',
          created_at: r.created,
          answer_due_at: sql`${r.created} + make_interval(days => ${COMPLAINT_ANSWER_DAYS})`,
          first_answer_at: r.answeredAfter === undefined ? null : sql`${r.created} + make_interval(hours => ${r.answeredAfter})`,
        });
      }
    }
    const daysAgo = (days: number) => sql`(now() - make_interval(days => ${days}))`;
    const records = async (query = '') => {
      const res = await t.app.inject({ url: `/api/complaint/records/${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { months: number; results: Record<string, number | null>[] };
    };

    it('counts each figure from the rows, over the last 12 months, leaving out rejected complaints', async () => {
      const consultancy = await createConsultancy(t.database.db, 'Record Consultancy');
      await recordRows(consultancy, [
        { created: daysAgo(30), answeredAfter: 48, status: 'resolved' }, // answered in time, resolved
        { created: daysAgo(20), answeredAfter: 240 }, // answered late (10 days)
        { created: daysAgo(10) }, // not answered, deadline passed
        { created: daysAgo(2) }, // not answered, still has time: received, not yet due
        { created: daysAgo(5), answeredAfter: 1, status: 'rejected' }, // rejected as invalid: not counted at all
        { created: sql`(now() - interval '12 months' + interval '1 hour')`, answeredAfter: 24, status: 'closed' }, // just inside the window
        { created: sql`(now() - interval '12 months' - interval '1 hour')`, answeredAfter: 1, status: 'resolved' }, // just outside it
        { created: daysAgo(100), answeredAfter: 12, status: 'resolved' }, // answered in time, resolved
      ]);
      const { months, results } = await records(`?consultancy=${consultancy}`);
      expect(months).toBe(12);
      expect(results).toEqual([
        {
          consultancy_id: consultancy,
          received: 6,
          due: 5,
          answered_in_time: 3,
          resolved: 2,
          // first answers after 12, 24, 48 and 240 hours
          median_answer_hours: 36,
        },
      ]);
      // the whole list names it too, and names no consultancy without complaints in the window
      const all = await records();
      expect(all.results.find((r) => r.consultancy_id === consultancy)).toEqual(results[0]);
      const quiet = await createConsultancy(t.database.db, 'Quiet Consultancy');
      expect(all.results.some((r) => r.consultancy_id === quiet)).toBe(false);
      expect((await records(`?consultancy=${quiet}`)).results).toEqual([]);
    });

    it('follows the rows as they change: an answer, a resolution, a rejection', async () => {
      const consultancy = await createConsultancy(t.database.db, 'Moving Record Consultancy');
      const ownAuth = (await tokenFor(t, 'consultancy', { consultancy_id: consultancy })).auth;
      const filed = await file({ consultancy: String(consultancy) });
      const now = async () => (await records(`?consultancy=${consultancy}`)).results[0];
      expect(await now()).toMatchObject({ received: 1, due: 0, answered_in_time: 0, resolved: 0, median_answer_hours: null });
      await answer(filed.id, { message: 'We have called the student.' }, ownAuth);
      expect(await now()).toMatchObject({ received: 1, due: 1, answered_in_time: 1, resolved: 0, median_answer_hours: 0 });
      await t.app.inject({ method: 'PATCH', url: `/api/complaint/${filed.id}/status/`, payload: { status: 'resolved' }, headers: admin });
      expect(await now()).toMatchObject({ resolved: 1 });
      await t.app.inject({ method: 'PATCH', url: `/api/complaint/${filed.id}/status/`, payload: { status: 'rejected' }, headers: admin });
      expect(await now()).toBeUndefined();
    });

    it('refuses a bad consultancy id with 400', async () => {
      for (const q of ['?consultancy=abc', '?consultancy=0', '?other=1']) {
        const res = await t.app.inject({ url: `/api/complaint/records/${q}` });
        expect(res.statusCode, q).toBe(400);
        expectErrorShape(res.json());
      }
    });
  });
});
