import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, createCollege, createConsultancy, engines, freshIp, tokenFor, type TestApp } from './helpers.ts';
import { startInbox, type Inbox } from './inbox.ts';
import { consultancies, counsellingBookings, districts, inquiries, users } from '../../server/db/schema/index.ts';
import { inquiryReference } from '../../src/lib/contract/leads.ts';

const allDay = Array.from({ length: 7 }, () => [{ opens: '00:00', closes: '24:00' }]);
interface Slot {
  starts_at: string;
  ends_at: string;
}
type Auth = { authorization: string };

describe.each(engines)('consultancy branches and counselling per branch on %s', (engine) => {
  let t: TestApp;
  let inbox: Inbox;
  let consultancyId: number;
  let owner: { auth: Auth };
  let stranger: { auth: Auth };
  let kaski: number;
  /** Pokhara and Butwal have hours; Chitwan has none, so it is not bookable */
  let pokhara: number;
  let butwal: number;
  let chitwan: number;
  let n = 0;

  beforeAll(async () => {
    inbox = await startInbox();
    t = await buildTestApp(engine, { env: { SMTP_URL: inbox.url, SITE_URL: 'https://studyabroad.example', OUTBOX_POLL_MS: '50' } });
    const db = t.database.db;
    consultancyId = await createConsultancy(db, 'Annapurna Education');
    await db.update(consultancies).set({ address: 'Putalisadak, Kathmandu' }).where(eq(consultancies.id, consultancyId));
    [{ id: kaski }] = (await db
      .insert(districts)
      .values({ name: 'Kaski', slug: `kaski-${engine}` })
      .returning({ id: districts.id })) as [{ id: number }];
    owner = await tokenFor(t, 'consultancy', { consultancy_id: consultancyId });
    stranger = await tokenFor(t, 'consultancy', { consultancy_id: await createConsultancy(db) });
    pokhara = await addBranch({ name: 'Pokhara branch', address: 'Lakeside-6, Pokhara', district_id: kaski, phone: '061-465000' });
    butwal = await addBranch({ name: 'Butwal branch', address: 'Traffic Chowk, Butwal', phone: '071-540000' });
    chitwan = await addBranch({ name: 'Chitwan branch', address: 'Narayangadh, Chitwan' });
    for (const branch of [pokhara, butwal]) expect((await setHours(branch, { slot_minutes: 30, hours: allDay })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  async function addBranch(body: Record<string, unknown>, auth = owner.auth) {
    const res = await t.app.inject({ method: 'POST', url: '/api/consultancy/dashboard/branches/', headers: auth, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }
  const setHours = (branch: number, body: unknown, auth = owner.auth) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/consultancy/dashboard/counselling/branches/${branch}/hours/`,
      headers: auth,
      payload: body as object,
    });
  const slotsAt = async (branch?: number) => {
    const res = await t.app.inject({ url: `/api/counselling/slots/?consultancy=${consultancyId}${branch ? `&branch=${branch}` : ''}` });
    return { res, free: res.statusCode === 200 ? (res.json().days.flatMap((d: { slots: Slot[] }) => d.slots) as Slot[]) : [] };
  };
  /** An inquiry sent to the consultancy, as the booking dialog leaves it (written straight: the dialog is counselling.api.test.ts's). */
  async function inquiry() {
    const email = `branch-student${++n}@example.com`;
    const [row] = await t.database.db
      .insert(inquiries)
      .values({
        name: `Gita Gurung ${n}`,
        email,
        phone: '9811111111',
        entity_type: 'consultancy',
        entity_id: consultancyId,
        consultancy_id: consultancyId,
        fingerprint: `branch-${engine}-${n}`,
      })
      .returning({ id: inquiries.id });
    return { email, inquiry: inquiryReference(row!.id) };
  }
  const book = (who: { email: string; inquiry: string }, starts_at: string, branch?: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/counselling/bookings/',
      remoteAddress: freshIp(),
      payload: { ...who, starts_at, ...(branch ? { branch } : {}) },
    });

  it("lists a consultancy's branches on its dashboard and its public page, and keeps a college's working alike", async () => {
    const own = await t.app.inject({ url: '/api/consultancy/dashboard/branches/', headers: owner.auth });
    expect(own.json().map((b: { name: string }) => b.name)).toEqual(['Pokhara branch', 'Butwal branch', 'Chitwan branch']);
    expect(own.json()[0]).toMatchObject({ consultancy_id: consultancyId, district_id: kaski });
    const open = await t.app.inject({ url: `/api/consultancy/${consultancyId}/branches/` });
    expect(open.statusCode).toBe(200);
    expect(open.json()[0]).toEqual({
      id: pokhara,
      name: 'Pokhara branch',
      address: 'Lakeside-6, Pokhara',
      district: 'Kaski',
      phone: '061-465000',
    });
    expect((await t.app.inject({ url: '/api/consultancy/dashboard/branches/', headers: stranger.auth })).json()).toEqual([]);
    // the site build reads every consultancy's branches in one request: the same rows, each naming its consultancy
    const every = (await t.app.inject({ url: '/api/branches/consultancy/' })).json() as { institution_id: number }[];
    expect(every.filter((b) => b.institution_id === consultancyId)).toEqual(
      open.json().map((b: object) => ({ institution_id: consultancyId, ...b })),
    );

    const collegeId = await createCollege(t.database.db);
    const college = await tokenFor(t, 'college', { college_id: collegeId });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/college/dashboard/branches/',
      headers: college.auth,
      payload: { name: 'Main campus', address: 'Bharatpur', phone: '056-520000' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ college_id: collegeId, name: 'Main campus' });
    expect((await t.app.inject({ url: `/api/college/${collegeId}/branches/` })).json()).toEqual([
      { id: res.json().id, name: 'Main campus', address: 'Bharatpur', district: null, phone: '056-520000' },
    ]);
  });

  it("never lets a consultancy change another's branches or their hours", async () => {
    const url = `/api/consultancy/dashboard/branches/${pokhara}/`;
    expect((await t.app.inject({ method: 'PATCH', url, headers: stranger.auth, payload: { name: 'Taken over' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: stranger.auth })).statusCode).toBe(404);
    expect((await setHours(pokhara, { slot_minutes: 60, hours: allDay }, stranger.auth)).statusCode).toBe(404);
    const hours = await t.app.inject({ url: `/api/consultancy/dashboard/counselling/branches/${pokhara}/hours/`, headers: stranger.auth });
    expect(hours.statusCode).toBe(404);
    const mine = await t.app.inject({ url: `/api/consultancy/dashboard/counselling/branches/${pokhara}/hours/`, headers: owner.auth });
    expect(mine.json()).toMatchObject({ branch: pokhara, set: true, slot_minutes: 30 });
    const none = await t.app.inject({ url: `/api/consultancy/dashboard/counselling/branches/${chitwan}/hours/`, headers: owner.auth });
    expect(none.json()).toMatchObject({ branch: chitwan, set: false, hours: [[], [], [], [], [], [], []] });
    expect((await t.app.inject({ url: `/api/consultancy/${consultancyId}/branches/` })).json()[0].name).toBe('Pokhara branch');
  });

  it('lets a counsellor read the branches, but only an owner add, change or delete a branch or set its hours', async () => {
    const counsellor = await tokenFor(t, 'consultancy', { consultancy_id: consultancyId });
    await t.database.db.update(users).set({ staff_role: 'counsellor' }).where(eq(users.id, counsellor.id));
    const list = await t.app.inject({ url: '/api/consultancy/dashboard/branches/', headers: counsellor.auth });
    expect(list.json().map((b: { id: number }) => b.id)).toEqual([pokhara, butwal, chitwan]);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/consultancy/dashboard/branches/',
      headers: counsellor.auth,
      payload: { name: 'Mine' },
    });
    expect(add.statusCode).toBe(403);
    const url = `/api/consultancy/dashboard/branches/${chitwan}/`;
    expect((await t.app.inject({ method: 'PATCH', url, headers: counsellor.auth, payload: { name: 'Renamed' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: counsellor.auth })).statusCode).toBe(403);
    // hours are the owners' to set, the consultancy's and each branch's alike; a counsellor works the day
    expect((await setHours(butwal, { slot_minutes: 30, hours: allDay }, counsellor.auth)).statusCode).toBe(403);
  });

  it('offers each branch its own slots, lists only the branches with hours, and asks for a branch when there are several', async () => {
    const whole = await slotsAt();
    expect(whole.res.json()).toMatchObject({ branch: null, slot_minutes: null });
    expect(whole.res.json().branches.map((b: { id: number }) => b.id)).toEqual([pokhara, butwal]);
    expect(whole.res.json().branches[0]).toMatchObject({ address: 'Lakeside-6, Pokhara', district: 'Kaski' });
    expect(whole.free).toEqual([]);
    expect((await slotsAt(pokhara)).free.length).toBeGreaterThan(6 * 48 - 4);
    expect((await slotsAt(chitwan)).free).toEqual([]);
    const foreign = await tokenFor(t, 'consultancy', { consultancy_id: await createConsultancy(t.database.db) });
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/consultancy/dashboard/branches/',
      headers: foreign.auth,
      payload: { name: 'Elsewhere' },
    });
    expect((await slotsAt(theirs.json().id)).res.statusCode).toBe(404);

    const student = await inquiry();
    const slot = (await slotsAt(pokhara)).free[40]!;
    const unnamed = await book(student, slot.starts_at);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().fields.branch).toEqual(['Please pick a branch.']);
    expect((await book(student, slot.starts_at, chitwan)).statusCode).toBe(409);
    expect((await book(student, slot.starts_at, theirs.json().id)).statusCode).toBe(404);
  });

  it('holds the same time at two branches, mails the branch address as the invitation LOCATION, and shows the branch in the day', async () => {
    const [atPokhara, atButwal] = [await inquiry(), await inquiry()];
    const slot = (await slotsAt(pokhara)).free[60]!;
    const first = await book(atPokhara, slot.starts_at, pokhara);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ branch: pokhara, branch_name: 'Pokhara branch', location: 'Lakeside-6, Pokhara' });
    const second = await book(atButwal, slot.starts_at, butwal);
    expect(second.statusCode).toBe(201);
    expect(second.json().location).toBe('Traffic Chowk, Butwal');
    expect((await slotsAt(pokhara)).free.map((s) => s.starts_at)).not.toContain(slot.starts_at);

    const mail = await inbox.next(atPokhara.email);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(mail.calendars[0]!)).getFirstSubcomponent('vevent')!);
    expect(event.location).toBe('Lakeside-6, Pokhara');
    expect(mail.text).toContain('at Lakeside-6, Pokhara');

    const day = await t.app.inject({ url: '/api/consultancy/dashboard/counselling/bookings/', headers: owner.auth });
    const rows = day.json().results as { reference: string; branch: number; branch_name: string }[];
    expect(rows.find((r) => r.reference === first.json().reference)).toMatchObject({ branch: pokhara, branch_name: 'Pokhara branch' });
    const butwalDay = await t.app.inject({ url: `/api/consultancy/dashboard/counselling/bookings/?branch=${butwal}`, headers: owner.auth });
    expect(butwalDay.json().results.map((r: { reference: string }) => r.reference)).toContain(second.json().reference);
    expect(butwalDay.json().results.every((r: { branch: number }) => r.branch === butwal)).toBe(true);

    // moved to the other branch: the invitation says the new place
    const later = (await slotsAt(butwal)).free[80]!;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/counselling/bookings/${first.json().reference}/reschedule/`,
      payload: { token: first.json().token, starts_at: later.starts_at, branch: butwal },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ branch: butwal, location: 'Traffic Chowk, Butwal' });
    const movedMail = await inbox.next(atPokhara.email);
    expect(new ICAL.Event(new ICAL.Component(ICAL.parse(movedMail.calendars[0]!)).getFirstSubcomponent('vevent')!).location).toBe(
      'Traffic Chowk, Butwal',
    );
    // a branch with sessions ahead stays until they have taken place
    const del = await t.app.inject({ method: 'DELETE', url: `/api/consultancy/dashboard/branches/${butwal}/`, headers: owner.auth });
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toMatch(/sessions booked at this branch/);
  });

  it('lets exactly one of 25 students hold a slot at each branch when 50 ask at once: 2 x 201, 48 x 409', async () => {
    const slot = (await slotsAt(pokhara)).free[100]!;
    const students = await Promise.all(Array.from({ length: 50 }, () => inquiry()));
    const answers = await Promise.all(students.map((s, i) => book(s, slot.starts_at, i % 2 ? butwal : pokhara)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(48);
    const rows = await t.database.db
      .select({ branch: counsellingBookings.branch_id })
      .from(counsellingBookings)
      .where(and(eq(counsellingBookings.consultancy_id, consultancyId), eq(counsellingBookings.starts_at, slot.starts_at)));
    expect(rows.map((r) => r.branch).sort()).toEqual([pokhara, butwal].sort());
  });

  it('refuses a second holder of a branch slot in the database itself, and lets another branch hold it', async () => {
    const db = t.database.db;
    const student = await inquiry();
    const [row] = await db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.email, student.email));
    const other = await inquiry();
    const [otherRow] = await db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.email, other.email));
    const at = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const base = { consultancy_id: consultancyId, starts_at: at, ends_at: at, token_hash: 'x' };
    await db.insert(counsellingBookings).values({ ...base, reference: 'S-BRAN22', inquiry_id: row!.id, branch_id: chitwan });
    await expect(
      db.insert(counsellingBookings).values({ ...base, reference: 'S-BRAN33', inquiry_id: otherRow!.id, branch_id: chitwan }),
    ).rejects.toThrow();
    await db.insert(counsellingBookings).values({ ...base, reference: 'S-BRAN44', inquiry_id: otherRow!.id, branch_id: null });
  });
});
