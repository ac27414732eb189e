import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createConsultancy, createDestination, engines, freshIp, tokenFor, type TestApp } from './helpers.ts';
import { startInbox, type Inbox, type Received } from './inbox.ts';
import { consultancies, counsellingBookings, inquiries } from '../../server/db/schema/index.ts';
import { counsellingReminders } from '../../server/services/counselling-mail.ts';
import { inquiryReference } from '../../src/lib/contract/leads.ts';

const SITE = 'https://studyabroad.example';
const ADDRESS = 'Putalisadak, Kathmandu';
const allDay = Array.from({ length: 7 }, () => [{ opens: '00:00', closes: '24:00' }]);
interface Slot {
  starts_at: string;
  ends_at: string;
}

/** The invitation a mail carries, read with ical.js. */
function eventOf(mail: Received) {
  expect(mail.calendars).toHaveLength(1);
  const raw = mail.calendars[0]!;
  expect(raw.split('\n').every((line, i, all) => i === all.length - 1 || line.endsWith('\r'))).toBe(true);
  const cal = new ICAL.Component(ICAL.parse(raw));
  const vevent = cal.getFirstSubcomponent('vevent')!;
  return { method: cal.getFirstPropertyValue('method'), event: new ICAL.Event(vevent), vevent };
}

describe.each(engines)('counselling in time slots on %s', (engine) => {
  let t: TestApp;
  let inbox: Inbox;
  let consultancyId: number;
  let destination: number;
  let agent: { auth: { authorization: string } };
  let stranger: { auth: { authorization: string } };
  let n = 0;
  beforeAll(async () => {
    inbox = await startInbox();
    t = await buildTestApp(engine, { env: { SMTP_URL: inbox.url, SITE_URL: SITE, OUTBOX_POLL_MS: '50' } });
    const db = t.database.db;
    consultancyId = await createConsultancy(db, 'Everest Education');
    await db.update(consultancies).set({ address: ADDRESS, email: 'desk@everest.example' }).where(eq(consultancies.id, consultancyId));
    destination = await createDestination(db);
    agent = await tokenFor(t, 'consultancy', { consultancy_id: consultancyId });
    stranger = await tokenFor(t, 'consultancy', { consultancy_id: await createConsultancy(db) });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const inquire = async () => {
    const email = `student${++n}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inquiry/submit/',
      remoteAddress: freshIp(),
      payload: {
        name: `Sita Rai ${n}`,
        email,
        phone: '9812345678',
        message: 'FREE Counseling: ',
        entity_type: 'consultancy',
        entity_id: consultancyId,
        consultancy: consultancyId,
        destination,
      },
    });
    expect(res.statusCode).toBe(201);
    await inbox.next(email); // the inquiry's own notice
    return { email, inquiry: res.json().reference as string };
  };
  const setHours = (body: unknown, auth = agent.auth) =>
    t.app.inject({ method: 'PUT', url: '/api/consultancy/dashboard/counselling/hours/', headers: auth, payload: body as object });
  const slots = async (): Promise<Slot[]> => {
    const res = await t.app.inject({ url: `/api/counselling/slots/?consultancy=${consultancyId}` });
    expect(res.statusCode).toBe(200);
    return res.json().days.flatMap((d: { slots: Slot[] }) => d.slots);
  };
  const book = (who: { email: string; inquiry: string }, starts_at: string) =>
    t.app.inject({ method: 'POST', url: '/api/counselling/bookings/', remoteAddress: freshIp(), payload: { ...who, starts_at } });
  const subjectOf = async (email: string) => (await inbox.next(email)).subject;

  it('keeps weekly hours per consultancy, refuses overlapping or incomplete weeks, and offers the next 7 days from them', async () => {
    const before = await t.app.inject({ url: '/api/consultancy/dashboard/counselling/hours/', headers: agent.auth });
    expect(before.json()).toMatchObject({ time_zone: 'Asia/Kathmandu', hours: [[], [], [], [], [], [], []] });
    expect((await slots()).length).toBe(0);
    const overlap = [
      [
        { opens: '10:00', closes: '12:00' },
        { opens: '11:00', closes: '13:00' },
      ],
      [],
      [],
      [],
      [],
      [],
      [],
    ];
    expect((await setHours({ slot_minutes: 30, hours: overlap })).statusCode).toBe(400);
    expect((await setHours({ slot_minutes: 30, hours: [[]] })).statusCode).toBe(400);
    expect((await setHours({ slot_minutes: 7, hours: allDay })).statusCode).toBe(400);
    const saved = await setHours({ slot_minutes: 30, hours: allDay });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().slot_minutes).toBe(30);
    const offered = await slots();
    // a whole week of half hours, less what is past or within the hour
    expect(offered.length).toBeGreaterThan(6 * 48 - 4);
    expect(offered.length).toBeLessThanOrEqual(7 * 48);
    expect(Date.parse(offered[0]!.starts_at)).toBeGreaterThanOrEqual(Date.now() + 3600_000 - 1000);
    expect((await t.app.inject({ url: '/api/counselling/slots/?consultancy=999999' })).statusCode).toBe(404);
  });

  it('holds a slot for the inquiry, with a reference, and mails an RFC 5545 invitation', async () => {
    const student = await inquire();
    const slot = (await slots())[100]!;
    expect((await book({ ...student, email: 'someone-else@example.com' }, slot.starts_at)).statusCode).toBe(404);
    expect((await book({ ...student, inquiry: inquiryReference(999999) }, slot.starts_at)).statusCode).toBe(404);
    const odd = new Date(Date.parse(slot.starts_at) + 10 * 60_000).toISOString();
    expect((await book(student, odd)).statusCode).toBe(409);
    const res = await book(student, slot.starts_at);
    expect(res.statusCode).toBe(201);
    const booked = res.json();
    expect(booked).toMatchObject({ status: 'booked', location: ADDRESS, consultancy: consultancyId });
    expect(booked.reference).toMatch(/^S-[2-9A-HJKMNP-Z]{6}$/);
    expect(Date.parse(booked.starts_at)).toBe(Date.parse(slot.starts_at));
    expect(booked.manage_url).toContain(`/booking/?ref=${booked.reference}&token=`);
    expect((await slots()).some((s) => s.starts_at === slot.starts_at)).toBe(false);
    // one held slot per inquiry: another time is a reschedule
    expect((await book(student, (await slots())[200]!.starts_at)).statusCode).toBe(409);

    const mail = await inbox.next(student.email);
    expect(mail.subject).toBe(`Your counselling session ${booked.reference} is booked`);
    expect(mail.text).toContain(booked.manage_url);
    const { method, event, vevent } = eventOf(mail);
    expect(method).toBe('REQUEST');
    expect(event.uid).toBe(`${booked.reference}@counselling.studyabroad`);
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(slot.starts_at).toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(new Date(slot.ends_at).toISOString());
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.location).toBe(ADDRESS);
    expect(event.summary).toBe('Counselling session with Everest Education');
    expect(event.organizer).toBe('mailto:desk@everest.example');
    expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
  });

  it('lets exactly one of 50 students who ask at once hold a slot: 1 x 201, 49 x 409, one row', async () => {
    const db = t.database.db;
    const slot = (await slots())[150]!;
    const students = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const email = `racer${i}@example.com`;
        const [row] = await db
          .insert(inquiries)
          .values({
            name: `Racer ${i}`,
            email,
            phone: '9800000000',
            entity_type: 'consultancy',
            entity_id: consultancyId,
            consultancy_id: consultancyId,
            fingerprint: `race-${i}`,
          })
          .returning({ id: inquiries.id });
        return { email, inquiry: inquiryReference(row!.id) };
      }),
    );
    const answers = await Promise.all(students.map((s) => book(s, slot.starts_at)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toMatch(/just taken/);
    const rows = await db.select().from(counsellingBookings).where(eq(counsellingBookings.starts_at, slot.starts_at));
    expect(rows).toHaveLength(1);
  });

  it('moves a booking by its reference and token, freeing the old slot; a taken slot or a wrong token is refused', async () => {
    const student = await inquire();
    const [first, taken, second] = [(await slots())[10]!, (await slots())[11]!, (await slots())[12]!];
    const booked = (await book(student, first.starts_at)).json();
    await inbox.next(student.email);
    const other = await inquire();
    expect((await book(other, taken.starts_at)).statusCode).toBe(201);
    const move = (token: string, starts_at: string) =>
      t.app.inject({ method: 'POST', url: `/api/counselling/bookings/${booked.reference}/reschedule/`, payload: { token, starts_at } });
    expect((await move('AAAA-BBBB-CCCC-DDDD', second.starts_at)).statusCode).toBe(404);
    expect((await move(booked.token, taken.starts_at)).statusCode).toBe(409);
    const moved = await move(booked.token, second.starts_at);
    expect(moved.statusCode).toBe(200);
    expect(Date.parse(moved.json().starts_at)).toBe(Date.parse(second.starts_at));
    const free = (await slots()).map((s) => s.starts_at);
    expect(free).toContain(first.starts_at);
    expect(free).not.toContain(second.starts_at);
    const mail = await inbox.next(student.email);
    expect(mail.subject).toBe(`Your counselling session ${booked.reference} has a new time`);
    const { event } = eventOf(mail);
    expect(event.uid).toBe(`${booked.reference}@counselling.studyabroad`);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(second.starts_at).toISOString());
    const view = await t.app.inject({ url: `/api/counselling/bookings/${booked.reference}/?token=${booked.token}` });
    expect(view.statusCode).toBe(200);
    expect(Date.parse(view.json().starts_at)).toBe(Date.parse(second.starts_at));
    expect((await t.app.inject({ url: `/api/counselling/bookings/${booked.reference}/?token=WRONG-TOKEN-VALUE` })).statusCode).toBe(404);
  });

  it('cancels a booking by its reference and token: the slot is free for the next student', async () => {
    const student = await inquire();
    const slot = (await slots())[20]!;
    const booked = (await book(student, slot.starts_at)).json();
    await inbox.next(student.email);
    const cancel = (token: string) =>
      t.app.inject({ method: 'POST', url: `/api/counselling/bookings/${booked.reference}/cancel/`, payload: { token } });
    expect((await cancel('AAAA-BBBB-CCCC-DDDD')).statusCode).toBe(404);
    const res = await cancel(booked.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect((await cancel(booked.token)).statusCode).toBe(409);
    expect((await slots()).map((s) => s.starts_at)).toContain(slot.starts_at);
    const mail = await inbox.next(student.email);
    expect(mail.subject).toBe(`Your counselling session ${booked.reference} is cancelled`);
    expect(eventOf(mail).method).toBe('CANCEL');
    const next = await inquire();
    expect((await book(next, slot.starts_at)).statusCode).toBe(201);
  });

  it('sends the reminders 24 h and 2 h before once each, and none for a cancelled booking', async () => {
    const [kept, dropped] = [await inquire(), await inquire()];
    const later = (await slots()).filter((s) => Date.parse(s.starts_at) > Date.now() + 30 * 3600_000);
    const booked = (await book(kept, later[0]!.starts_at)).json();
    const cancelled = (await book(dropped, later[1]!.starts_at)).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/counselling/bookings/${cancelled.reference}/cancel/`,
      payload: { token: cancelled.token },
    });
    const start = Date.parse(booked.starts_at);
    // the sweep looks at every booking; this one's stamps say what it queued for this one
    const remind = (hoursBefore: number) => counsellingReminders(t.database.db, t.app.config, new Date(start - hoursBefore * 3600_000));
    const stamps = async () =>
      (
        await t.database.db
          .select({ day: counsellingBookings.reminded_24h_at, hours: counsellingBookings.reminded_2h_at })
          .from(counsellingBookings)
          .where(eq(counsellingBookings.reference, booked.reference))
      )[0]!;
    await remind(25);
    expect(await stamps()).toEqual({ day: null, hours: null });
    expect(await remind(23)).toBeGreaterThanOrEqual(1);
    const first = await stamps();
    expect(first.day).not.toBeNull();
    expect(first.hours).toBeNull();
    await remind(22);
    expect(await stamps()).toEqual(first);
    await remind(1.5);
    const second = await stamps();
    expect(second.day).toBe(first.day);
    expect(second.hours).not.toBeNull();
    await remind(1);
    expect(await stamps()).toEqual(second);
    t.app.outbox.kick();
    const subjects = [await subjectOf(kept.email), await subjectOf(kept.email), await subjectOf(kept.email)];
    expect(subjects).toEqual([
      `Your counselling session ${booked.reference} is booked`,
      'Reminder: counselling with Everest Education in 24 hours',
      'Reminder: counselling with Everest Education in 2 hours',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const toDropped = inbox.all.filter((m) => m.to === dropped.email).map((m) => m.subject);
    expect(toDropped.filter((s) => s.startsWith('Reminder'))).toEqual([]);
    expect(inbox.all.filter((m) => m.to === kept.email && m.subject.startsWith('Reminder'))).toHaveLength(2);
  });

  it('shows the consultancy its day, and lets only that consultancy mark attended or no-show once the time has begun', async () => {
    const db = t.database.db;
    const student = await inquire();
    const [row] = await db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.email, student.email));
    const begun = new Date(Date.now() - 10 * 60_000);
    const [past] = await db
      .insert(counsellingBookings)
      .values({
        reference: 'S-PAST22',
        token_hash: 'x',
        consultancy_id: consultancyId,
        inquiry_id: row!.id,
        starts_at: begun.toISOString(),
        ends_at: new Date(begun.getTime() + 1800_000).toISOString(),
      })
      .returning({ id: counsellingBookings.id });
    const day = await t.app.inject({ url: '/api/consultancy/dashboard/counselling/bookings/', headers: agent.auth });
    expect(day.statusCode).toBe(200);
    const results = day.json().results as { id: number; reference: string; name: string; starts_at: string; status: string }[];
    expect(results.find((r) => r.id === past!.id)).toMatchObject({ reference: 'S-PAST22', name: `Sita Rai ${n}`, status: 'booked' });
    expect(results.every((r) => r.status !== 'cancelled')).toBe(true);
    expect([...results].map((r) => Date.parse(r.starts_at))).toEqual(results.map((r) => Date.parse(r.starts_at)).sort((a, b) => a - b));
    const theirs = await t.app.inject({ url: '/api/consultancy/dashboard/counselling/bookings/', headers: stranger.auth });
    expect(theirs.json().results).toEqual([]);

    const markAs = (id: number, status: string, auth = agent.auth) =>
      t.app.inject({
        method: 'POST',
        url: `/api/consultancy/dashboard/counselling/bookings/${id}/mark/`,
        headers: auth,
        payload: { status },
      });
    expect((await markAs(past!.id, 'no_show', stranger.auth)).statusCode).toBe(404);
    expect((await markAs(past!.id, 'no_show', {} as never)).statusCode).toBe(401);
    expect((await markAs(past!.id, 'cancelled')).statusCode).toBe(400);
    const future = results.find((r) => Date.parse(r.starts_at) > Date.now())!;
    expect((await markAs(future.id, 'no_show')).statusCode).toBe(409);
    const marked = await markAs(past!.id, 'no_show');
    expect(marked.statusCode).toBe(200);
    expect(marked.json().status).toBe('no_show');
    expect((await markAs(past!.id, 'attended')).json().status).toBe('attended');
  });
});
