import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultancyApplications, consultancyReviews } from '../../server/db/schema/index.ts';
import { readContentVersion } from '../../server/content-version.ts';
import { ALREADY_REVIEWED } from '../../server/services/reviews.ts';
import { BURST } from '../../src/lib/contract/reviews.ts';
import { bearer, buildTestApp, createConsultancy, engines, expectErrorShape, freshIp, signedIn, type TestApp } from './helpers.ts';

type Session = Awaited<ReturnType<typeof signedIn>>;

const review = {
  honesty: 4,
  responsiveness: 5,
  visa_guidance: 3,
  text: 'They told me every fee up front and answered within a day, every time.',
};

describe.each(engines)('consultancy reviews on %s', (engine) => {
  let t: TestApp;
  let consultancyId: number;
  let otherConsultancyId: number;
  let agent: Session;
  let otherAgent: Session;
  let admin: Session;
  let n = 0;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    consultancyId = await createConsultancy(t.database.db, 'Everest Education Consultancy');
    otherConsultancyId = await createConsultancy(t.database.db, 'Kailash Overseas');
    agent = await signedIn(t.app, t.database.db, 'consultancy', { consultancy_id: consultancyId });
    otherAgent = await signedIn(t.app, t.database.db, 'consultancy', { consultancy_id: otherConsultancyId });
    admin = await signedIn(t.app, t.database.db, 'admin');
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** An application as a student sends it; a distinct applicant unless told otherwise. */
  async function apply(opts: { consultancy?: number; email?: string; phone?: string; name?: string } = {}) {
    n += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consultancy-application/submit/',
      remoteAddress: freshIp(),
      payload: {
        consultancy: opts.consultancy ?? consultancyId,
        full_name: opts.name ?? 'Sita Kumari Thapa',
        email: opts.email ?? `sita.thapa${n}.${engine}@gmail.com`,
        phone: opts.phone ?? `98${String(10_000_000 + n * 7919).slice(-8)}`,
      },
    });
    expect(res.statusCode).toBe(201);
    const code = res.json().tracking_code as string;
    const [row] = await db()
      .select({ id: consultancyApplications.id })
      .from(consultancyApplications)
      .where(eq(consultancyApplications.tracking_code, code));
    return { code, id: row!.id };
  }
  const move = (session: Session, id: number, status = 'counselling') =>
    t.app.inject({
      method: 'POST',
      url: `/api/consultancy/dashboard/applications/${id}/status/`,
      payload: { status, note: '' },
      headers: bearer(session),
    });
  /** An application the consultancy has acted on. */
  async function actedOn(opts: Parameters<typeof apply>[0] = {}) {
    const application = await apply(opts);
    const owner = (opts.consultancy ?? consultancyId) === otherConsultancyId ? otherAgent : agent;
    if (opts.consultancy === undefined || opts.consultancy === consultancyId || opts.consultancy === otherConsultancyId)
      expect((await move(owner, application.id)).statusCode).toBe(200);
    else
      await db().execute(
        sql`insert into application_status_history (application_id, status, actor_role) values (${application.id}, 'counselling', 'counsellor')`,
      );
    return application;
  }
  const check = (code: string) =>
    t.app.inject({ url: `/api/consultancy-review/check/${encodeURIComponent(code)}/`, remoteAddress: freshIp() });
  const submit = (code: string, body: object = review, remoteAddress = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/consultancy-review/submit/', payload: { tracking_code: code, ...body }, remoteAddress });
  const edit = (code: string, body: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/consultancy-review/edit/${encodeURIComponent(code)}/`,
      payload: body,
      remoteAddress: freshIp(),
    });
  const publicList = async (query = '') => (await t.app.inject({ url: `/api/consultancy-review/?${query}` })).json();
  const reviewIdOf = async (applicationId: number) =>
    (
      await db().select({ id: consultancyReviews.id }).from(consultancyReviews).where(eq(consultancyReviews.application_id, applicationId))
    )[0]!.id;
  async function reviewed(opts: Parameters<typeof apply>[0] = {}, remoteAddress = freshIp()) {
    const application = await actedOn(opts);
    expect((await submit(application.code, review, remoteAddress)).statusCode).toBe(201);
    return { ...application, reviewId: await reviewIdOf(application.id) };
  }
  const reply = (session: Session, id: number, text = 'Thank you, Sita. We wish you the best in Sydney.') =>
    t.app.inject({
      method: 'POST',
      url: `/api/consultancy/dashboard/reviews/${id}/reply/`,
      payload: { reply: text },
      headers: bearer(session),
    });
  const hide = (session: Session, id: number, reason = 'Names a counsellor and their phone number') =>
    t.app.inject({ method: 'POST', url: `/api/consultancy-review/${id}/hide/`, payload: { reason }, headers: bearer(session) });
  const restore = (session: Session, id: number) =>
    t.app.inject({ method: 'POST', url: `/api/consultancy-review/${id}/restore/`, payload: {}, headers: bearer(session) });
  const adminList = async (query = '') => {
    const res = await t.app.inject({ url: `/api/consultancy-review/admin/?page_size=1000&${query}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    return res.json() as { count: number; results: { id: number; signals: Record<string, number>; signal_notes: string[] }[] };
  };

  it("refuses a review with an untouched application's code, saying why", async () => {
    const { code } = await apply();
    const state = (await check(code)).json();
    expect(state).toMatchObject({ acted: false, review: null, consultancy: { id: consultancyId, name: 'Everest Education Consultancy' } });
    expect(state.refusal).toMatch(/Everest Education Consultancy has not started working on this application yet/);
    const res = await submit(code);
    expect(res.statusCode).toBe(409);
    expectErrorShape(res.json());
    expect(res.json().error).toBe(state.refusal);
    expect(await db().select().from(consultancyReviews)).toHaveLength(0);
  });

  it('refuses an application withdrawn before the consultancy acted', async () => {
    const { code } = await apply();
    const withdrawn = await t.app.inject({
      method: 'PATCH',
      url: `/api/consultancy-application/edit/${code}/`,
      payload: { withdraw: 'true' },
      remoteAddress: freshIp(),
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await check(code)).json().acted).toBe(false);
    expect((await submit(code)).statusCode).toBe(409);
  });

  it('accepts one review once the consultancy acted, refuses a second, and moves the content version each time', async () => {
    const { code, id } = await apply();
    expect((await submit(code)).statusCode).toBe(409);
    expect((await move(agent, id)).statusCode).toBe(200);
    const before = await readContentVersion(db());
    const res = await submit(code.toLowerCase().replaceAll('-', ''));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ acted: true, refusal: null, review: { ...review, rating: 4, removed: false, reply: null } });
    expect(await readContentVersion(db())).toBe(before + 1);
    const again = await submit(code, { ...review, text: 'A second opinion from the same application, which must not count.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ALREADY_REVIEWED);
    expect(await readContentVersion(db())).toBe(before + 1);
    // the review stays open after the application is withdrawn: the consultancy did act on it
    await t.app.inject({
      method: 'PATCH',
      url: `/api/consultancy-application/edit/${code}/`,
      payload: { withdraw: 'true' },
      remoteAddress: freshIp(),
    });
    expect((await check(code)).json()).toMatchObject({ acted: true, review: { text: review.text } });
  });

  it('edits the review by the same code', async () => {
    const { code, reviewId } = await reviewed();
    const before = await readContentVersion(db());
    const res = await edit(code, {
      honesty: 1,
      text: 'They added a “file charge” of NPR 40,000 after I had paid everything they had quoted.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().review).toMatchObject({
      honesty: 1,
      responsiveness: 5,
      visa_guidance: 3,
      rating: 3,
      text: expect.stringMatching(/file charge/),
    });
    expect(await readContentVersion(db())).toBe(before + 1);
    const listed = (await publicList(`consultancy=${consultancyId}&page_size=1000`)).results.find((r: { id: number }) => r.id === reviewId);
    expect(listed).toMatchObject({ honesty: 1, text: expect.stringMatching(/file charge/) });
    expect((await edit(code, {})).statusCode).toBe(400);
    const { code: unreviewed } = await actedOn();
    const none = await edit(unreviewed, { honesty: 2 });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe('No review has been written with this tracking code yet.');
  });

  it('refuses a wrong code with "not found" and nothing more, whatever its shape', async () => {
    const { code } = await reviewed();
    // a well-formed code that names nothing, one off by a character, and one that cannot be a code
    const wrong = ['ABCD-EFGH-JKMN-PQRS', `${code.slice(0, -1)}${code.endsWith('2') ? '3' : '2'}`, 'hello', '%27%20or%201%3D1'];
    for (const bad of wrong) {
      for (const res of [await check(bad), await submit(decodeURIComponent(bad)), await edit(bad, { honesty: 1 })]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Tracking code not found' });
      }
    }
  });

  it('checks ratings and text lengths, naming the field', async () => {
    const { code } = await actedOn();
    for (const [body, field] of [
      [{ ...review, honesty: 6 }, 'honesty'],
      [{ ...review, responsiveness: 0 }, 'responsiveness'],
      [{ ...review, visa_guidance: 2.5 }, 'visa_guidance'],
      [{ ...review, text: 'Too short.' }, 'text'],
      [{ ...review, text: 'x'.repeat(2001) }, 'text'],
      [{ honesty: 4, responsiveness: 4, text: review.text }, 'visa_guidance'],
    ] as const) {
      const res = await submit(code, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    expect((await edit(code, { honesty: 9 })).json().fields).toHaveProperty('honesty');
  });

  it('lists reviews publicly as verified applicants: the month applied, never who', async () => {
    const email = `private.person.${engine}@gmail.com`;
    const { reviewId } = await reviewed({ name: 'Private Person', email, phone: '9841000111' });
    const body = await publicList(`consultancy=${consultancyId}&page_size=1000`);
    const row = body.results.find((r: { id: number }) => r.id === reviewId);
    expect(row.applied_month).toMatch(/^\d{4}-\d{2}$/);
    const text = JSON.stringify(body);
    for (const secret of ['Private', 'Person', email, '9841000111', 'ip_hash', 'tracking_code']) expect(text).not.toContain(secret);
    expect(body.results.every((r: { consultancy_id: number }) => r.consultancy_id === consultancyId)).toBe(true);
    // what the site's data sync asks: newest changes first, by two keys
    expect((await t.app.inject({ url: '/api/consultancy-review/?ordering=-updated_at,-id&page_size=5' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/consultancy-review/?ordering=text' })).statusCode).toBe(400);
  });

  it('lets the consultancy reply once, and only to reviews of it', async () => {
    const { reviewId, code } = await reviewed();
    const own = await t.app.inject({ url: '/api/consultancy/dashboard/reviews/?page_size=1000', headers: bearer(agent) });
    expect(own.json().results.map((r: { id: number }) => r.id)).toContain(reviewId);
    const theirs = await t.app.inject({ url: '/api/consultancy/dashboard/reviews/?page_size=1000', headers: bearer(otherAgent) });
    expect(theirs.json().results.map((r: { id: number }) => r.id)).not.toContain(reviewId);
    expect(
      (await t.app.inject({ url: `/api/consultancy/dashboard/reviews/?consultancy=${consultancyId}`, headers: bearer(otherAgent) }))
        .statusCode,
    ).toBe(400);

    expect((await reply(otherAgent, reviewId)).statusCode).toBe(404);
    const before = await readContentVersion(db());
    const first = await reply(agent, reviewId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: reviewId, reply: expect.stringMatching(/Sydney/), replied_at: expect.any(String) });
    expect(await readContentVersion(db())).toBe(before + 1);
    const second = await reply(agent, reviewId, 'Changing our answer.');
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatch(/already replied/);
    expect((await check(code)).json().review.reply).toMatch(/Sydney/);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/consultancy/dashboard/reviews/${reviewId}/reply/`,
          payload: { reply: 'Hi' },
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/consultancy/dashboard/reviews/${reviewId}/reply/`, payload: { reply: 'Hi' } }))
        .statusCode,
    ).toBe(401);
  });

  it('lets an admin remove a review with a reason shown in its place, and restore it', async () => {
    const { reviewId, code } = await reviewed();
    await reply(agent, reviewId);
    expect((await hide(agent, reviewId)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/consultancy-review/${reviewId}/hide/`, payload: { reason: 'Spam spam' } }))
        .statusCode,
    ).toBe(401);
    expect((await hide(admin, reviewId, 'no')).statusCode).toBe(400);
    const before = await readContentVersion(db());
    const hidden = await hide(admin, reviewId);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ id: reviewId, removed: true, removed_reason: 'Names a counsellor and their phone number' });
    expect(await readContentVersion(db())).toBe(before + 1);
    const listed = (await publicList(`consultancy=${consultancyId}&page_size=1000`)).results.find((r: { id: number }) => r.id === reviewId);
    expect(listed).toMatchObject({
      removed: true,
      removed_reason: 'Names a counsellor and their phone number',
      text: null,
      reply: null,
      honesty: null,
      rating: null,
    });
    // the author still sees it, with the reason; an edit keeps it removed
    expect((await check(code)).json().review).toMatchObject({ removed: true, removed_reason: 'Names a counsellor and their phone number' });
    expect((await edit(code, { honesty: 2 })).json().review.removed).toBe(true);

    expect((await restore(agent, reviewId)).statusCode).toBe(403);
    const restored = await restore(admin, reviewId);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ removed: false, removed_reason: null });
    const back = (await publicList(`consultancy=${consultancyId}&page_size=1000`)).results.find((r: { id: number }) => r.id === reviewId);
    expect(back).toMatchObject({ removed: false, honesty: 2, text: review.text, reply: expect.stringMatching(/Sydney/) });
    expect((await restore(admin, reviewId)).statusCode).toBe(409);
    expect((await hide(admin, 999_999)).statusCode).toBe(404);
  });

  it('computes fraud signals: one phone, email or address on several reviews, and bursts', async () => {
    const only = (id: number, rows: Awaited<ReturnType<typeof adminList>>['results']) => rows.find((r) => r.id === id)!;
    // consultancies of their own, reviewed too rarely to make a burst
    const quiet = await createConsultancy(db(), 'Quiet Consultancy');
    const calm = await createConsultancy(db(), 'Calm Consultancy');
    // one phone, written differently, on reviews of two consultancies
    const a = await reviewed({ consultancy: quiet, phone: '+977 9851-222333' });
    const b = await reviewed({ consultancy: calm, phone: '9851222333' });
    // one email (any case), twice for the same consultancy
    const email = `same.person.${engine}@gmail.com`;
    const c = await reviewed({ consultancy: quiet, email });
    const d = await reviewed({ consultancy: quiet, email: email.toUpperCase() });
    // one address for two reviews
    const ip = '203.0.113.77';
    const e = await reviewed({ consultancy: calm }, ip);
    const f = await reviewed({ consultancy: quiet }, ip);
    const clean = await reviewed({ consultancy: calm });

    let rows = (await adminList()).results;
    expect(only(a.reviewId, rows).signals).toMatchObject({ phone: 1, phone_here: 0, email: 0, ip: 0 });
    expect(only(b.reviewId, rows).signals).toMatchObject({ phone: 1, phone_here: 0 });
    expect(only(a.reviewId, rows).signal_notes).toEqual(['Phone also on 1 other review (of other consultancies)']);
    expect(only(c.reviewId, rows).signals).toMatchObject({ email: 1, email_here: 1, phone: 0 });
    expect(only(d.reviewId, rows).signal_notes).toEqual(['Email also on 1 other review (1 of this consultancy)']);
    expect(only(e.reviewId, rows).signals).toMatchObject({ ip: 1, ip_here: 0 });
    expect(only(f.reviewId, rows).signals).toMatchObject({ ip: 1, ip_here: 0 });
    expect(only(clean.reviewId, rows).signal_notes).toEqual([]);

    // a burst: BURST.reviews reviews of one consultancy within BURST.hours
    const burstyId = await createConsultancy(db(), 'Bursty Consultancy');
    const burst = [];
    for (let i = 0; i < BURST.reviews; i++) burst.push(await reviewed({ consultancy: burstyId }));
    rows = (await adminList(`consultancy=${burstyId}`)).results;
    expect(rows.map((r) => r.signals.burst)).toEqual(burst.map(() => BURST.reviews));
    expect(rows[0]!.signal_notes).toEqual([`Burst: ${BURST.reviews} reviews of this consultancy within ${BURST.hours} hours`]);
    // the first moved back outside the window: neither it nor the rest make a burst any more
    await db()
      .update(consultancyReviews)
      .set({ created_at: sql`now() - interval '3 days'` })
      .where(eq(consultancyReviews.id, burst[0]!.reviewId));
    rows = (await adminList(`consultancy=${burstyId}`)).results;
    expect(rows.map((r) => r.signals.burst).sort()).toEqual([1, ...Array(BURST.reviews - 1).fill(BURST.reviews - 1)].sort());
    expect(rows.every((r) => r.signal_notes.length === 0)).toBe(true);
    // one more within the window: a burst again, without the old one
    const late = await reviewed({ consultancy: burstyId });
    rows = (await adminList(`consultancy=${burstyId}&signals=true`)).results;
    expect(rows.map((r) => r.id).sort()).toEqual([...burst.slice(1).map((x) => x.reviewId), late.reviewId].sort());

    // the flagged filter keeps exactly the reviews with a signal
    const flagged = await adminList('signals=true');
    expect(flagged.results.every((r) => r.signal_notes.length > 0)).toBe(true);
    expect(flagged.results.map((r) => r.id)).toEqual(
      expect.arrayContaining([a.reviewId, b.reviewId, c.reviewId, d.reviewId, e.reviewId, f.reviewId]),
    );
    expect(flagged.results.map((r) => r.id)).not.toContain(clean.reviewId);
    const unflagged = await adminList('signals=false');
    expect(unflagged.count + flagged.count).toBe((await adminList()).count);
    // and the admin hides from there
    expect((await hide(admin, d.reviewId, 'Second review by the same person')).statusCode).toBe(200);
    expect((await adminList('removed=true')).results.map((r) => r.id)).toContain(d.reviewId);
  });

  it('has no other way to write a review than a tracking code: no generic create, no admin create', async () => {
    // a consultancy's review of a requested document (/document-requests/:request/review/) is not a review of a consultancy
    const writes = t.app.routeList
      .filter((r) => r.method !== 'GET' && /consultancy-review|\/reviews\//.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(writes.sort()).toEqual(
      [
        'POST /api/consultancy-review/submit/',
        'PATCH /api/consultancy-review/edit/:code/',
        'POST /api/consultancy/dashboard/reviews/:id/reply/',
        'POST /api/consultancy-review/:id/hide/',
        'POST /api/consultancy-review/:id/restore/',
      ].sort(),
    );
    for (const url of ['/api/consultancy-review/create/', '/api/consultancy-review/']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { consultancy: consultancyId, ...review }, headers: bearer(admin) });
      // no such address, or the list's address, which answers reads only
      expect(res.statusCode, url).toBe(url.endsWith('/create/') ? 404 : 405);
      expect(res.headers.allow ?? '', url).not.toContain('POST');
    }
  });

  it('shows admins who wrote each review, and nobody else', async () => {
    const { reviewId, code } = await reviewed({ name: 'Hari Prasad Adhikari' });
    const row = (await adminList(`search=${code}`)).results;
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({
      id: reviewId,
      applicant: 'Hari Prasad Adhikari',
      tracking_code: code,
      consultancy_name: 'Everest Education Consultancy',
    });
    expect((await t.app.inject({ url: '/api/consultancy-review/admin/', headers: bearer(agent) })).statusCode).toBe(403);
  });
});
