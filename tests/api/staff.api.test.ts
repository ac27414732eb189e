import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  buildTestApp,
  createConsultancy,
  createDestination,
  engines,
  freshIp,
  multipart,
  samplePdf,
  tokenFor,
  type TestApp,
} from './helpers.ts';
import { startInbox, type Inbox } from './inbox.ts';
import { EXPECTED, OWNER_ONLY } from './permissions.table.ts';
import { consultancyApplications, staffInvitations } from '../../server/db/schema/index.ts';
import { nextStages, STAGES } from '../../src/lib/contract/applications.ts';
import { CONSULTANCY_TIME_ZONE } from '../../src/lib/contract/staff.ts';

const SITE = 'https://studyabroad.example';
const STRONG = 'violet-kettle-harbour-42';

/** A day relative to today where the consultancies work (YYYY-MM-DD). */
const dayFromToday = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: CONSULTANCY_TIME_ZONE }).format(new Date(Date.now() + days * 86_400_000));

type Auth = { authorization: string };

/** A consultancy's owner invites counsellors, who work its applications; removal ends their access at once. */
describe.each(engines)('consultancy staff and case work on %s', (engine) => {
  let t: TestApp;
  let inbox: Inbox;
  let consultancyId: number;
  let destinationId: number;
  let owner: { id: number; auth: Auth };
  let n = 0;

  beforeAll(async () => {
    inbox = await startInbox();
    t = await buildTestApp(engine, { env: { SMTP_URL: inbox.url, SITE_URL: SITE, OUTBOX_POLL_MS: '50' } });
    consultancyId = await createConsultancy(t.database.db, 'Everest Education');
    destinationId = await createDestination(t.database.db, 'Australia');
    owner = await tokenFor(t, 'consultancy', { consultancy_id: consultancyId });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, auth?: Auth, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: auth ?? {}, remoteAddress: freshIp(), ...(payload ? { payload } : {}) });
  /** A permission-table route ('PUT /api/…/:id/') asked as the walks ask it: ids that name nothing, an empty body. */
  const walk = (route: string, auth: Auth) => {
    const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
    const payload = method === 'GET' || method === 'DELETE' ? {} : { payload: {} };
    return t.app.inject({ method, url: path.replace(/:\w+/g, '999999'), headers: auth, remoteAddress: freshIp(), ...payload });
  };

  const invite = async (email: string) => {
    const res = await call('POST', '/consultancy/dashboard/staff/invitations/', owner.auth, { email });
    expect(res.statusCode).toBe(201);
    const mail = await inbox.next(email);
    const token = /accept-invite\/\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    return { id: res.json().id as number, token: token!, mail };
  };
  const accept = (token: string, password = STRONG) =>
    call('POST', '/consultancy/staff/accept/', undefined, { token, first_name: 'Gita', last_name: 'Thapa', password });
  /** A counsellor who joined by invitation, signed in through the accept answer. */
  const counsellor = async () => {
    const { token } = await invite(`counsellor${++n}@example.com`);
    const res = await accept(token);
    expect(res.statusCode).toBe(201);
    const session = res.json() as { access: string; refresh: string; user: { id: number } };
    return { id: session.user.id, refresh: session.refresh, auth: { authorization: `Bearer ${session.access}` } };
  };
  const apply = async (fields: Record<string, string> = {}, to = consultancyId) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consultancy-application/submit/',
      remoteAddress: freshIp(),
      ...multipart({
        consultancy: String(to),
        full_name: `Ram Sharma ${++n}`,
        email: `applicant${n}@example.com`,
        phone: '9812345621',
        destination: String(destinationId),
        preferred_intake: 'February 2027',
        education_level: "Bachelor's",
        message: `Nursing please (${n})`,
        ...fields,
      }),
    });
    expect(res.statusCode).toBe(201);
    const code = res.json().tracking_code as string;
    const [row] = await t.database.db
      .select({ id: consultancyApplications.id })
      .from(consultancyApplications)
      .where(eq(consultancyApplications.tracking_code, code));
    return { code, id: row!.id };
  };
  /** The mail to `to` whose outbox key starts with `key`, once it has arrived (others to the same address are left alone). */
  const mailTo = async (to: string, key: string) => {
    for (let waited = 0; waited < 5000; waited += 50) {
      const mail = inbox.all.find((m) => m.to === to && m.key.startsWith(key));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No mail to ${to} keyed ${key}`);
  };
  const listed = async (query: string, auth = owner.auth) => {
    const res = await call('GET', `/consultancy/dashboard/applications/?page_size=1000&${query}`, auth);
    expect(res.statusCode).toBe(200);
    return res.json().results as Record<string, unknown>[];
  };

  it('invites by mail through the outbox; the link shows the consultancy, sets name and password once, and signs in', async () => {
    const { token, mail } = await invite('new.counsellor@example.com');
    expect(mail.subject).toBe('Join Everest Education on StudyAbroad Nepal');
    expect(mail.text).toContain(`${SITE}/dashboard/accept-invite/?token=`);
    const preview = await call('POST', '/consultancy/staff/invitation/', undefined, { token });
    expect(preview.json()).toMatchObject({ email: 'new.counsellor@example.com', consultancy_name: 'Everest Education' });
    const weak = await accept(token, 'password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toHaveLength(1);
    const ok = await accept(token);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().user).toMatchObject({ role: 'consultancy', staff_role: 'counsellor', consultancy_id: consultancyId });
    const reused = await accept(token);
    expect(reused.statusCode).toBe(400);
    expect((await call('POST', '/consultancy/staff/invitation/', undefined, { token })).statusCode).toBe(404);
    // the invited address now signs in with its password
    const login = await call('POST', '/auth/login/', undefined, { email: 'new.counsellor@example.com', password: STRONG });
    expect(login.statusCode).toBe(200);
    const staff = (await call('GET', '/consultancy/dashboard/staff/', owner.auth)).json() as { email: string; staff_role: string }[];
    expect(staff).toContainEqual(expect.objectContaining({ email: 'new.counsellor@example.com', staff_role: 'counsellor' }));
  });

  it('refuses an expired or withdrawn invitation, and an address that already has an account', async () => {
    const expired = await invite('late@example.com');
    await t.database.db
      .update(staffInvitations)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(staffInvitations.id, expired.id));
    expect((await accept(expired.token)).statusCode).toBe(400);
    const pending = (await call('GET', '/consultancy/dashboard/staff/invitations/', owner.auth)).json() as {
      id: number;
      expired: boolean;
    }[];
    expect(pending.find((i) => i.id === expired.id)?.expired).toBe(true);

    const withdrawn = await invite('withdrawn@example.com');
    expect((await call('DELETE', `/consultancy/dashboard/staff/invitations/${withdrawn.id}/`, owner.auth)).statusCode).toBe(200);
    expect((await accept(withdrawn.token)).statusCode).toBe(400);
    const after = (await call('GET', '/consultancy/dashboard/staff/invitations/', owner.auth)).json() as { id: number }[];
    expect(after.map((i) => i.id)).not.toContain(withdrawn.id);

    const me = (await call('GET', '/auth/me/', owner.auth)).json() as { email: string };
    expect((await call('POST', '/consultancy/dashboard/staff/invitations/', owner.auth, { email: me.email })).statusCode).toBe(409);
  });

  it('a counsellor works applications but gets 403 from every owner-only route', async () => {
    const c = await counsellor();
    for (const route of OWNER_ONLY) {
      expect(EXPECTED[route], route).toBeDefined();
      expect((await walk(route, c.auth)).statusCode, route).toBe(403);
    }
    const a = await apply();
    expect((await listed('', c.auth)).map((r) => r.id)).toContain(a.id);
    const move = await call('POST', `/consultancy/dashboard/applications/${a.id}/status/`, c.auth, {
      status: nextStages('submitted')[0],
      note: '',
    });
    expect(move.statusCode).toBe(200);
    expect((await call('POST', `/consultancy/dashboard/applications/${a.id}/notes/`, c.auth, { body: 'Called her' })).statusCode).toBe(201);
    expect(
      (await call('PUT', `/consultancy/dashboard/applications/${a.id}/follow-up/`, c.auth, { follow_up_on: dayFromToday(1) })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/consultancy/dashboard/applications/stages/', c.auth)).statusCode).toBe(200);
    // a counsellor takes an unassigned case for themself, never for another, and never one already taken
    const other = await counsellor();
    expect(
      (await call('PUT', `/consultancy/dashboard/applications/${a.id}/counsellor/`, c.auth, { counsellor: other.id })).statusCode,
    ).toBe(403);
    expect((await call('PUT', `/consultancy/dashboard/applications/${a.id}/counsellor/`, c.auth, { counsellor: c.id })).json()).toEqual({
      id: a.id,
      counsellor_id: c.id,
    });
    expect(
      (await call('PUT', `/consultancy/dashboard/applications/${a.id}/counsellor/`, other.auth, { counsellor: other.id })).statusCode,
    ).toBe(409);
    expect((await call('PUT', `/consultancy/dashboard/applications/${a.id}/counsellor/`, c.auth, { counsellor: null })).statusCode).toBe(
      403,
    );
  });

  it('a removed counsellor is refused at the next request with a still-valid access token, and cannot refresh', async () => {
    const c = await counsellor();
    const a = await apply();
    await call('PUT', `/consultancy/dashboard/applications/${a.id}/counsellor/`, owner.auth, { counsellor: c.id });
    expect((await call('GET', '/consultancy/dashboard/applications/', c.auth)).statusCode).toBe(200);
    expect((await call('DELETE', `/consultancy/dashboard/staff/${c.id}/`, owner.auth)).statusCode).toBe(200);
    expect((await call('GET', '/consultancy/dashboard/applications/', c.auth)).statusCode).toBe(401);
    expect((await call('POST', '/auth/refresh/', undefined, { refresh: c.refresh })).statusCode).toBe(401);
    // their cases go back to the pool, and they are no longer staff
    expect((await listed(`counsellor=none`)).map((r) => r.id)).toContain(a.id);
    const staff = (await call('GET', '/consultancy/dashboard/staff/', owner.auth)).json() as { id: number }[];
    expect(staff.map((s) => s.id)).not.toContain(c.id);
    // an owner is not removed this way
    expect((await call('DELETE', `/consultancy/dashboard/staff/${owner.id}/`, owner.auth)).statusCode).toBe(404);
    // nor may it do anything else a consultancy account may: every such route refuses it as signed out
    for (const [route, expected] of Object.entries(EXPECTED)) {
      if (!expected.access.split(',').includes('consultancy')) continue;
      expect((await walk(route, c.auth)).statusCode, route).toBe(401);
    }
  });

  it("another consultancy's owner sees and changes nothing of this one's staff and cases", async () => {
    const c = await counsellor();
    const a = await apply();
    const rival = await tokenFor(t, 'consultancy', { consultancy_id: await createConsultancy(t.database.db, 'Rival Consult') });
    expect((await call('DELETE', `/consultancy/dashboard/staff/${c.id}/`, rival.auth)).statusCode).toBe(404);
    expect((await call('GET', `/consultancy/dashboard/applications/${a.id}/notes/`, rival.auth)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/consultancy/dashboard/applications/${a.id}/counsellor/`, rival.auth, { counsellor: rival.id })).statusCode,
    ).toBe(404);
    const staff = (await call('GET', '/consultancy/dashboard/staff/', rival.auth)).json() as { id: number }[];
    expect(staff.map((s) => s.id)).toEqual([rival.id]);
    expect(await listed('', rival.auth)).toEqual([]);
    // nor may an owner assign a case to another consultancy's account
    const res = await call('PUT', `/consultancy/dashboard/applications/${a.id}/counsellor/`, owner.auth, { counsellor: rival.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.counsellor).toBeDefined();
  });

  it('lists with destination, university, intake, level, counsellor and last activity, filtered by counsellor', async () => {
    const c = await counsellor();
    const a = await apply();
    const b = await apply();
    await call('PUT', `/consultancy/dashboard/applications/${a.id}/counsellor/`, owner.auth, { counsellor: c.id });
    const mine = await listed(`counsellor=${c.id}`);
    expect(mine.map((r) => r.id)).toEqual([a.id]);
    expect(mine[0]).toMatchObject({
      destination_name: 'Australia',
      preferred_intake: 'February 2027',
      education_level: "Bachelor's",
      counsellor_id: c.id,
      counsellor_name: 'Gita Thapa',
      status: 'submitted',
    });
    const before = mine[0]!.last_activity_at as string;
    await new Promise((r) => setTimeout(r, 20));
    await call('POST', `/consultancy/dashboard/applications/${a.id}/notes/`, c.auth, { body: 'Asked for her transcript' });
    const [after] = await listed(`counsellor=${c.id}`);
    expect(new Date(after!.last_activity_at as string).getTime()).toBeGreaterThan(new Date(before).getTime());
    expect((await listed('counsellor=none')).map((r) => r.id)).toContain(b.id);
    expect((await listed('counsellor=none')).map((r) => r.id)).not.toContain(a.id);
    expect((await call('GET', '/consultancy/dashboard/applications/?counsellor=someone', owner.auth)).statusCode).toBe(400);
    // a counsellor sees the consultancy's cases, their own first; an owner sees the newest first
    expect((await listed('', c.auth))[0]!.id).toBe(a.id);
    const all = (await listed('')).map((r) => r.id);
    expect(all.indexOf(b.id)).toBeLessThan(all.indexOf(a.id));
  });

  it('keeps notes private: listed with author and time for the staff, never in the tracking answer', async () => {
    const a = await apply();
    const marker = 'PRIVATE-NOTE-7f3a: family income unclear';
    const added = await call('POST', `/consultancy/dashboard/applications/${a.id}/notes/`, owner.auth, { body: marker });
    expect(added.statusCode).toBe(201);
    const notes = (await call('GET', `/consultancy/dashboard/applications/${a.id}/notes/`, owner.auth)).json();
    expect(notes).toEqual([
      expect.objectContaining({ body: marker, author_id: owner.id, author_name: 'Test consultancy', created_at: expect.any(String) }),
    ]);
    const tracked = await call('GET', `/consultancy-application/check/${a.code}/`);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.body).not.toContain('PRIVATE-NOTE-7f3a');
    expect((await call('POST', `/consultancy/dashboard/applications/${a.id}/notes/`, owner.auth, { body: '  ' })).statusCode).toBe(400);
  });

  it('lists as due the open applications whose follow-up is today or past, for one counsellor or the whole consultancy', async () => {
    const c = await counsellor();
    const today = await apply();
    const past = await apply();
    const future = await apply();
    const closed = await apply();
    const ended = STAGES.find((s) => nextStages(s).length === 0)!;
    await t.database.db.update(consultancyApplications).set({ status: ended }).where(eq(consultancyApplications.id, closed.id));
    const follow = (id: number, days: number) =>
      call('PUT', `/consultancy/dashboard/applications/${id}/follow-up/`, owner.auth, { follow_up_on: dayFromToday(days) });
    expect((await follow(today.id, 0)).json()).toEqual({ id: today.id, follow_up_on: dayFromToday(0) });
    await follow(past.id, -3);
    await follow(future.id, 1);
    await follow(closed.id, -1);
    await call('PUT', `/consultancy/dashboard/applications/${today.id}/counsellor/`, owner.auth, { counsellor: c.id });
    const due = (await listed('due=true')).map((r) => r.id);
    expect(due).toEqual(expect.arrayContaining([today.id, past.id]));
    expect(due).not.toContain(future.id);
    expect(due).not.toContain(closed.id);
    // the oldest follow-up first
    expect(due.indexOf(past.id)).toBeLessThan(due.indexOf(today.id));
    expect((await listed(`due=true&counsellor=${c.id}`, c.auth)).map((r) => r.id)).toEqual([today.id]);
    // cleared, it is no longer due
    await call('PUT', `/consultancy/dashboard/applications/${past.id}/follow-up/`, owner.auth, { follow_up_on: null });
    expect((await listed('due=true')).map((r) => r.id)).not.toContain(past.id);
    expect(
      (await call('PUT', `/consultancy/dashboard/applications/${past.id}/follow-up/`, owner.auth, { follow_up_on: 'soon' })).statusCode,
    ).toBe(400);
  });

  it('counts applications per stage, every stage of the contract in its order', async () => {
    const own = await createConsultancy(t.database.db, 'Counting Consult');
    const counter = await tokenFor(t, 'consultancy', { consultancy_id: own });
    const rows = [await apply({}, own), await apply({}, own), await apply({}, own)];
    const moved = nextStages('submitted')[0]!;
    await t.database.db.update(consultancyApplications).set({ status: moved }).where(eq(consultancyApplications.id, rows[0]!.id));
    await t.database.db
      .update(consultancyApplications)
      .set({ follow_up_on: dayFromToday(0) })
      .where(eq(consultancyApplications.id, rows[1]!.id));
    const body = (await call('GET', '/consultancy/dashboard/applications/stages/', counter.auth)).json();
    expect(body.stages.map((s: { stage: string }) => s.stage)).toEqual([...STAGES]);
    const count = (stage: string) => body.stages.find((s: { stage: string }) => s.stage === stage).count;
    expect(count('submitted')).toBe(2);
    expect(count(moved)).toBe(1);
    expect(body.total).toBe(3);
    expect(body.due).toBe(1);
  });

  it('opens one case with its timeline; another consultancy gets 404', async () => {
    const c = await counsellor();
    const a = await apply({ preferred_intake: 'July 2027' });
    await call('PUT', `/consultancy/dashboard/applications/${a.id}/counsellor/`, owner.auth, { counsellor: c.id });
    await call('POST', `/consultancy/dashboard/applications/${a.id}/status/`, c.auth, { status: 'counselling', note: 'First call done' });
    const res = await call('GET', `/consultancy/dashboard/applications/${a.id}/`, c.auth);
    expect(res.statusCode).toBe(200);
    const one = res.json();
    expect(one).toMatchObject({
      id: a.id,
      tracking_code: a.code,
      destination_name: 'Australia',
      preferred_intake: 'July 2027',
      education_level: "Bachelor's",
      status: 'counselling',
      counsellor_id: c.id,
      counsellor_name: 'Gita Thapa',
      next_statuses: nextStages('counselling'),
      disputes: [],
    });
    expect(one.timeline.map((e: { status: string }) => e.status)).toEqual(['submitted', 'counselling']);
    expect(one.timeline[1]).toMatchObject({ note: 'First call done', actor_role: 'counsellor', actor_name: 'Gita Thapa' });
    const rival = await tokenFor(t, 'consultancy', { consultancy_id: await createConsultancy(t.database.db, 'Rival Two') });
    expect((await call('GET', `/consultancy/dashboard/applications/${a.id}/`, rival.auth)).statusCode).toBe(404);
    expect((await call('GET', '/consultancy/dashboard/applications/0/', owner.auth)).statusCode).toBe(400);
  });

  it("mails a student's dispute of a decision or a payment to the owners and the assigned counsellor, and shows it on the case and to admins", async () => {
    const assigned = await counsellor();
    const bystander = await counsellor();
    const a = await apply();
    await call('PUT', `/consultancy/dashboard/applications/${a.id}/counsellor/`, owner.auth, { counsellor: assigned.id });
    for (const status of ['applied', 'offer_conditional'])
      expect(
        (await call('POST', `/consultancy/dashboard/applications/${a.id}/status/`, assigned.auth, { status, note: '' })).statusCode,
      ).toBe(200);
    const ownerEmail = ((await call('GET', '/auth/me/', owner.auth)).json() as { email: string }).email;
    const assignedEmail = ((await call('GET', '/auth/me/', assigned.auth)).json() as { email: string }).email;
    const bystanderEmail = ((await call('GET', '/auth/me/', bystander.auth)).json() as { email: string }).email;

    const reason = 'I have no offer letter from this university.';
    const answer = await call('POST', `/consultancy-application/confirm/${a.code}/`, undefined, {
      decision: 'offer',
      answer: 'disputed',
      note: reason,
    });
    expect(answer.statusCode).toBe(200);
    for (const to of [ownerEmail, assignedEmail]) {
      const mail = await mailTo(to, `application.${a.id}.decision.`);
      expect(mail.subject).toMatch(/^Ram Sharma \d+ disputed the "Conditional offer" you recorded$/);
      expect(mail.text).toContain(`${SITE}/dashboard/applications/${a.id}/`);
      expect(mail.text).not.toContain(reason);
      expect(mail.attachments).toBe(0);
    }

    const paid = await call('POST', `/consultancy-application/${a.id}/payments/`, owner.auth, {
      purpose: 'Application fee',
      amount_npr: 5000,
      receipt_number: 'R-1',
      paid_on: dayFromToday(0),
    });
    expect(paid.statusCode).toBe(201);
    const payment = (paid.json().results as { id: number; purpose: string }[]).find((p) => p.purpose === 'Application fee')!.id;
    const why = 'I paid 3000, not 5000.';
    expect(
      (await call('POST', `/consultancy-application/case/${a.code}/payments/${payment}/dispute/`, undefined, { reason: why })).statusCode,
    ).toBe(200);
    for (const to of [ownerEmail, assignedEmail]) {
      const mail = await mailTo(to, `application.${a.id}.payment.${payment}.disputed`);
      expect(mail.subject).toMatch(/ disputed a payment you recorded$/);
      expect(mail.text).toContain(`${SITE}/dashboard/applications/${a.id}/`);
      expect(mail.text).not.toContain(why);
    }
    // a counsellor not assigned to the case is not mailed
    expect(inbox.all.filter((m) => m.to === bystanderEmail && m.key.includes('disputed'))).toEqual([]);

    const one = (await call('GET', `/consultancy/dashboard/applications/${a.id}/`, bystander.auth)).json() as { disputes: unknown[] };
    expect(one.disputes).toEqual([
      { kind: 'offer', what: 'Conditional offer', reason, at: expect.any(String) },
      { kind: 'payment', what: 'NPR 5,000 · Application fee', reason: why, at: expect.any(String) },
    ]);

    const admin = await tokenFor(t, 'admin');
    const flagged = (await call('GET', '/consultancy-application/admin/disputed-decisions/?page_size=1000', admin.auth)).json() as {
      results: { application_id: number; decision: string; student_note: string; consultancy_name: string }[];
    };
    expect(flagged.results.filter((r) => r.application_id === a.id)).toEqual([
      expect.objectContaining({ decision: 'offer', student_note: reason, consultancy_name: 'Everest Education' }),
    ]);
    // a new claim of the same decision replaces the disputed one: no longer listed, nor on the case
    await call('POST', `/consultancy/dashboard/applications/${a.id}/status/`, owner.auth, { status: 'offer_unconditional', note: '' });
    const again = (await call('GET', '/consultancy-application/admin/disputed-decisions/?page_size=1000', admin.auth)).json() as {
      results: { application_id: number }[];
    };
    expect(again.results.filter((r) => r.application_id === a.id)).toEqual([]);
    const now = (await call('GET', `/consultancy/dashboard/applications/${a.id}/`, owner.auth)).json() as { disputes: { kind: string }[] };
    expect(now.disputes.map((d) => d.kind)).toEqual(['payment']);
  });

  it("mails a student's message and upload to the owners and the assigned counsellor, not to every counsellor", async () => {
    const assigned = await counsellor();
    const bystander = await counsellor();
    const a = await apply();
    await call('PUT', `/consultancy/dashboard/applications/${a.id}/counsellor/`, owner.auth, { counsellor: assigned.id });
    const emailOf = async (auth: Auth) => ((await call('GET', '/auth/me/', auth)).json() as { email: string }).email;
    const [ownerEmail, assignedEmail, bystanderEmail] = await Promise.all([
      emailOf(owner.auth),
      emailOf(assigned.auth),
      emailOf(bystander.auth),
    ]);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/consultancy-application/case/${a.code}/messages/`,
      remoteAddress: freshIp(),
      ...multipart({ body: 'Is my offer letter here yet?' }),
    });
    expect(posted.statusCode).toBe(201);
    const requested = await call('POST', `/consultancy-application/${a.id}/document-requests/`, assigned.auth, {
      name: 'Passport',
      note: '',
      due_on: dayFromToday(10),
    });
    expect(requested.statusCode).toBe(201);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/consultancy-application/documents/${a.code}/${requested.json().requests[0].id}/upload/`,
      remoteAddress: freshIp(),
      ...multipart({}, [{ field: 'files', filename: 'passport.pdf', data: samplePdf, type: 'application/pdf' }]),
    });
    expect(uploaded.statusCode).toBe(200);
    for (const to of [ownerEmail, assignedEmail]) {
      await mailTo(to, `application.${a.id}.message.`);
      await mailTo(to, `application.${a.id}.document.received.`);
    }
    // (the new application's notice went to every account: nobody was assigned yet)
    const caseWork = (key: string) => key.startsWith(`application.${a.id}.message.`) || key.startsWith(`application.${a.id}.document.`);
    expect(inbox.all.filter((m) => m.to === bystanderEmail && caseWork(m.key))).toEqual([]);
  });

  it("exports the consultancy's applications as CSV, cells that would run as formulas made text", async () => {
    const own = await createConsultancy(t.database.db, 'Export Consult');
    const exporter = await tokenFor(t, 'consultancy', { consultancy_id: own });
    await apply({ full_name: '=HYPERLINK("http://evil.example","x")', message: '+1 555, "call me"', preferred_intake: '@SUM(A1)' }, own);
    await apply({ full_name: 'Sita Rai', message: '-2+3' }, own);
    await apply({}, consultancyId);
    const res = await call('GET', '/consultancy/dashboard/applications/export/', exporter.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      'Tracking code,Submitted,Name,Email,Phone,Destination,University,Course,Intake,Level,Stage,Counsellor,Follow-up,Last activity,Message',
    );
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(res.body).toContain(`"'+1 555, ""call me"""`);
    expect(res.body).toContain(`'@SUM(A1)`);
    expect(res.body).toContain(`,'-2+3`);
    expect(res.body).toContain('Sita Rai,');
    expect(res.body).not.toContain('Nursing please');
  });
});
