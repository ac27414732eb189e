/**
 * Never promote what we warn about (issue 22): the featured counselling consultancy is verified and
 * licensed, or the settings refuse it and stop giving it; admins hear once when it lapses. And what
 * a consultancy card decides on: list rows carry the rating, review count and 12-month complaint
 * count, in the orders "Best rated" and "Fewest complaints"; the district filter reads `districts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import {
  complaints,
  consultancies,
  consultancyApplications,
  consultancyLicences,
  consultancyReviews,
  districts,
  outboxMessages,
  users,
} from '../../server/db/schema/index.ts';
import { featuredWithdrawn } from '../../server/services/notices.ts';
import { buildTestApp, createConsultancy, engines, freshIp, tokenFor, type TestApp } from './helpers.ts';

const site = { siteUrl: 'http://localhost:4321', port: 4321 };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(engines)('featured and promoted consultancies on %s', (engine) => {
  let t: TestApp;
  let admin: { authorization: string };
  let seq = 0;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers, payload: payload as never, remoteAddress: freshIp() });
  const feature = (id: number | null) =>
    call('PATCH', '/site-settings/update/', admin, { featured_counselling_consultancy_id: id, show_counselling_bar: true });
  const settings = async () => (await call('GET', '/site-settings/')).json();

  /** A consultancy with the standing asked for: verified or not, and a licence verified (expiring in `expiresIn` days) or none. */
  async function consultancy(name: string, standing: { verified: boolean; expiresIn?: number }) {
    const id = await createConsultancy(t.database.db, name);
    await t.database.db.update(consultancies).set({ verified: standing.verified }).where(eq(consultancies.id, id));
    if (standing.expiresIn !== undefined) {
      await t.database.db.insert(consultancyLicences).values({
        consultancy_id: id,
        permission_number: `${++seq}/081-82`,
        issuing_office: 'Ministry of Social Development, Bagmati Province',
        issued_on: inDays(-400),
        expires_on: inDays(standing.expiresIn),
        document_key: `test/licence-${seq}.pdf`,
        status: 'verified',
        reviewed_at: sql`now()`,
      });
    }
    return id;
  }
  const licenceOf = async (id: number) =>
    (
      await t.database.db.select({ id: consultancyLicences.id }).from(consultancyLicences).where(eq(consultancyLicences.consultancy_id, id))
    )[0]!.id;
  const mailsAbout = async (id: number) =>
    t.database.db
      .select({ to: outboxMessages.to, subject: outboxMessages.subject, text: outboxMessages.text })
      .from(outboxMessages)
      .where(like(outboxMessages.key, `settings.featured.${id}.%`));

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = (await tokenFor(t, 'admin')).auth;
  });
  afterAll(() => t.close());

  describe('the featured counselling consultancy', () => {
    it('refuses a consultancy that is not verified, or holds no licence or an expired one, with a 400 naming why', async () => {
      const unverified = await consultancy('Unverified Licensed Consultancy', { verified: false, expiresIn: 300 });
      const unlicensed = await consultancy('Verified Unlicensed Consultancy', { verified: true });
      const expired = await consultancy('Verified Expired Consultancy', { verified: true, expiresIn: -3 });
      for (const [id, why] of [
        [unverified, /not verified/],
        [unlicensed, /no licence on record/],
        [expired, /licence expired on/],
      ] as const) {
        const res = await feature(id);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toMatch(/cannot be featured/);
        expect(res.json().fields.featured_counselling_consultancy_id[0]).toMatch(why);
      }
      const missing = await feature(999_999);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields.featured_counselling_consultancy_id).toEqual(['No consultancy has this id.']);
    });

    it('features a verified consultancy with a verified, unexpired licence', async () => {
      const good = await consultancy('Licensed Verified Consultancy', { verified: true, expiresIn: 1 });
      const res = await feature(good);
      expect(res.statusCode, res.body).toBe(200);
      expect(await settings()).toMatchObject({
        featured_counselling_consultancy_id: good,
        featured_counselling_consultancy_name: 'Licensed Verified Consultancy',
        featured_counselling_consultancy_verified: true,
      });
    });

    it('stops giving a featured consultancy whose licence lapsed, and tells every admin once', async () => {
      const second = await tokenFor(t, 'admin');
      const lapsing = await consultancy('Lapsing Consultancy', { verified: true, expiresIn: 30 });
      expect((await feature(lapsing)).statusCode).toBe(200);
      expect(await featuredWithdrawn(t.database.db, site)).toBe(0);
      expect(await mailsAbout(lapsing)).toEqual([]);
      // its expiry day passes: no write, no rebuild
      await t.database.db
        .update(consultancyLicences)
        .set({ expires_on: inDays(-2) })
        .where(eq(consultancyLicences.consultancy_id, lapsing));
      expect(await settings()).toMatchObject({
        featured_counselling_consultancy_id: null,
        featured_counselling_consultancy_name: null,
        featured_counselling_consultancy_slug: null,
        show_counselling_bar: true,
      });
      const admins = (
        await t.database.db
          .select({ email: users.email })
          .from(users)
          .where(and(eq(users.role, 'admin'), eq(users.active, true)))
      ).map((a) => a.email);
      const n = admins.length;
      expect(n).toBeGreaterThanOrEqual(2);
      expect(await featuredWithdrawn(t.database.db, site)).toBe(n);
      // the sweep again, or another instance's: nothing more
      expect(await featuredWithdrawn(t.database.db, site)).toBe(0);
      const mails = await mailsAbout(lapsing);
      expect(mails).toHaveLength(n);
      expect(mails.map((m) => m.to).sort()).toEqual(admins.sort());
      expect(admins).toContain((await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, second.id)))[0]!.email);
      expect(mails[0]!.text).toMatch(/Lapsing Consultancy's licence expired on/);
      expect(mails[0]!.text).toContain('/admin/settings/');
    });

    it('stops giving it at once when an admin withdraws its licence, with the mail written by that write', async () => {
      const withdrawn = await consultancy('Withdrawn Consultancy', { verified: true, expiresIn: 200 });
      expect((await feature(withdrawn)).statusCode).toBe(200);
      const res = await call('POST', `/consultancy-licence/${await licenceOf(withdrawn)}/reject/`, admin, {
        reason: 'The ministry revoked this permission.',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await settings()).featured_counselling_consultancy_id).toBeNull();
      const mails = await mailsAbout(withdrawn);
      expect(mails.length).toBeGreaterThan(0);
      expect(mails[0]!.text).toMatch(/no licence on record/);
      expect(await featuredWithdrawn(t.database.db, site)).toBe(0);
    });

    it('stops giving it when it loses verified', async () => {
      const id = await consultancy('Unverified Later Consultancy', { verified: true, expiresIn: 200 });
      expect((await feature(id)).statusCode).toBe(200);
      const res = await call('PATCH', `/consultancy/${id}/update/`, admin, { verified: false });
      expect(res.statusCode, res.body).toBe(200);
      expect((await settings()).featured_counselling_consultancy_name).toBeNull();
      expect(await featuredWithdrawn(t.database.db, site)).toBeGreaterThan(0);
      expect((await mailsAbout(id))[0]!.text).toMatch(/not verified/);
    });

    it('says on each row whether it may be promoted', async () => {
      const yes = await consultancy('Promotable Row Consultancy', { verified: true, expiresIn: 10 });
      const no = await consultancy('Unpromotable Row Consultancy', { verified: true });
      const rows = (await call('GET', `/consultancy/?ids=${yes},${no}`)).json().results as { id: number; promotable: boolean }[];
      expect(Object.fromEntries(rows.map((r) => [r.id, r.promotable]))).toEqual({ [yes]: true, [no]: false });
    });
  });

  describe('what a consultancy card decides on', () => {
    let best: number;
    let worst: number;
    let quiet: number;

    async function review(consultancyId: number, ratings: [number, number, number], removed = false) {
      const [a] = await t.database.db
        .insert(consultancyApplications)
        .values({
          tracking_code: `T${++seq}-${consultancyId}`,
          consultancy_id: consultancyId,
          full_name: 'Review Test',
          email: 'review@example.com',
          phone: '9841000000',
          fingerprint: `review-${seq}`,
        })
        .returning({ id: consultancyApplications.id });
      await t.database.db.insert(consultancyReviews).values({
        application_id: a!.id,
        consultancy_id: consultancyId,
        honesty: ratings[0],
        responsiveness: ratings[1],
        visa_guidance: ratings[2],
        text: 'Test review.',
        removed_reason: removed ? 'Spam.' : null,
      });
    }
    async function complaint(consultancyId: number, ageDays: number, status = 'open') {
      await t.database.db.insert(complaints).values({
        name: 'C',
        email: 'c@example.com',
        subject: `Complaint ${++seq}`,
        message: 'A complaint.',
        fingerprint: `complaint-${seq}`,
        consultancy_id: consultancyId,
        status,
        created_at: sql`now() - make_interval(days => ${ageDays})`,
      });
    }

    beforeAll(async () => {
      best = await createConsultancy(t.database.db, 'Zz Best Rated');
      worst = await createConsultancy(t.database.db, 'Zz Most Complained');
      quiet = await createConsultancy(t.database.db, 'Zz Quiet');
      await review(best, [5, 5, 4]);
      await review(best, [4, 5, 5]);
      await review(best, [1, 1, 1], true);
      await review(worst, [2, 3, 1]);
      await complaint(worst, 10);
      await complaint(worst, 200, 'resolved');
      await complaint(worst, 20, 'rejected');
      await complaint(worst, 400);
      await complaint(best, 30);
    });

    it('carries the rating, review count and 12-month complaint count on list rows', async () => {
      const rows = (await call('GET', `/consultancy/?ids=${best},${worst},${quiet}`)).json().results as Record<string, unknown>[];
      const byId = Object.fromEntries(
        rows.map((r) => [r.id, { review_score: r.review_score, review_count: r.review_count, complaints_12m: r.complaints_12m }]),
      );
      // the mean of each review's overall (removed ones left out), as the page's; complaints rejected as invalid or older than 12 months left out
      expect(byId).toEqual({
        [best]: { review_score: 4.7, review_count: 2, complaints_12m: 1 },
        [worst]: { review_score: 2, review_count: 1, complaints_12m: 2 },
        [quiet]: { review_score: null, review_count: 0, complaints_12m: 0 },
      });
      // and the complaint record's own figure agrees
      const record = (await call('GET', `/complaint/records/?consultancy=${worst}`)).json();
      expect(record.results[0]?.received ?? 0).toBe(2);
    });

    it('orders by "Best rated" and "Fewest complaints"', async () => {
      const order = async (ordering: string) =>
        ((await call('GET', `/consultancy/?ids=${best},${worst},${quiet}&ordering=${ordering}`)).json().results as { id: number }[]).map(
          (r) => r.id,
        );
      expect(await order('-review_score,-review_count')).toEqual([best, worst, quiet]);
      expect(await order('complaints_12m,-review_score')).toEqual([quiet, best, worst]);
    });

    it("marks the consultancy changed when a complaint changes its figures, so the site's copy of the list takes them", async () => {
      const [c] = await t.database.db
        .insert(complaints)
        .values({
          name: 'C',
          email: 'c@example.com',
          subject: 'Changed',
          message: 'A complaint.',
          fingerprint: `complaint-${++seq}`,
          consultancy_id: quiet,
        })
        .returning({ id: complaints.id });
      await t.database.db
        .update(consultancies)
        .set({ updated_at: sql`now() - interval '1 day'` })
        .where(eq(consultancies.id, quiet));
      const row = async () => (await call('GET', `/consultancy/${quiet}/`)).json() as { updated_at: string; complaints_12m: number };
      const before = await row();
      expect(before.complaints_12m).toBe(1);
      const res = await call('PATCH', `/complaint/${c!.id}/status/`, admin, { status: 'rejected', note: 'Not about this consultancy.' });
      expect(res.statusCode, res.body).toBe(200);
      const after = await row();
      expect(after.complaints_12m).toBe(0);
      expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    });

    it('cannot have its figures written by hand', async () => {
      const res = await call('PATCH', `/consultancy/${quiet}/update/`, admin, { review_score: 5 });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.review_score[0]).toMatch(/cannot be set by hand/);
    });
  });

  it('filters by district on the districts list, not on a word of the address', async () => {
    const [ktm] = await t.database.db.insert(districts).values({ name: 'Kathmandu', slug: 'kathmandu' }).returning({ id: districts.id });
    const [rup] = await t.database.db.insert(districts).values({ name: 'Rupandehi', slug: 'rupandehi' }).returning({ id: districts.id });
    const inKathmandu = await createConsultancy(t.database.db, 'Putalisadak Office');
    const namesKathmandu = await createConsultancy(t.database.db, 'Kathmandu Road Office');
    await t.database.db
      .update(consultancies)
      .set({ address: 'Putalisadak, Kathmandu', districts: [ktm!.id] })
      .where(eq(consultancies.id, inKathmandu));
    await t.database.db
      .update(consultancies)
      .set({ address: 'Kathmandu Road, Butwal', districts: [rup!.id] })
      .where(eq(consultancies.id, namesKathmandu));
    const ids = async (q: string) =>
      ((await call('GET', `/consultancy/?${q}&page_size=100`)).json().results as { id: number }[]).map((r) => r.id);
    expect(await ids('district=kathmandu')).toEqual([inKathmandu]);
    expect(await ids(`district=${rup!.id}`)).toEqual([namesKathmandu]);
    const unknown = await call('GET', '/consultancy/?district=atlantis');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.district).toBeDefined();
  });
});
