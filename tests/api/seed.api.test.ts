import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password.ts';
import { hasRequirements, requirementsOf } from '../../src/lib/shared/qualify.ts';
import type { Db } from '../../server/db/index.ts';
import {
  ads,
  consultancies,
  consultancyApplications,
  consultancyLicences,
  courses,
  districts,
  events,
  exams,
  modalSettings,
  modelQuestions,
  siteSettings,
  users,
} from '../../server/db/schema/index.ts';
import { NOT_PUBLISHED } from '../../server/db/seed/data/requirements.ts';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/db/seed/demo.ts';
import { seedScale } from '../../server/db/seed/scale.ts';
import { localStorage } from '../../server/storage/index.ts';
import { buildTestApp, engines, type Engine, type TestApp } from './helpers.ts';

const PASSWORD = 'demo-pass-42';
const PROVINCES = ['Koshi', 'Madhesh', 'Bagmati', 'Gandaki', 'Lumbini', 'Karnali', 'Sudurpashchim'];

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

/**
 * A fresh database with the demo seed; `on` runs the seed as if on that day. The seed is given the
 * day rather than a faked clock: PGlite runs in this process, and a clock jumping months ahead sets
 * its timers beyond what Node's can hold (TimeoutOverflowWarning).
 */
async function seeded(engine: Engine, options: { production: boolean; on?: string }) {
  const t = await buildTestApp(engine);
  const storage = localStorage(t.uploadsDir, '/media');
  const result = await seedDemo(t.database.db, storage, {
    password: PASSWORD,
    production: options.production,
    now: options.on ? Date.parse(options.on) : undefined,
    privateStorage: t.privateStorage,
  });
  return { ...t, result, storage };
}

/** Every row of every table, minus what depends on the clock or on random salts. */
async function contentHash(db: Db) {
  const tables = rowsOf(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const hash = crypto.createHash('sha256');
  for (const { table_name } of tables) {
    const rows = rowsOf(
      await db.execute(
        // activity times follow the seed's clock: created_at, a complaint's deadline and first answer, a review's reply and removal, a student's answer to a decision
        sql.raw(
          `select to_jsonb(t) - 'created_at' - 'updated_at' - 'answer_due_at' - 'first_answer_at' - 'replied_at' - 'removed_at' - 'answered_at' - 'search' - 'password_hash' as row from "${table_name as string}" t order by 1`,
        ),
      ),
    );
    hash.update(`${table_name}:${JSON.stringify(rows.map((r) => r.row))}\n`);
  }
  return hash.digest('hex');
}

const count = async (db: Db, table: string) => rowsOf(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n as number;

const mediaFile = (t: TestApp, url: string) => path.join(t.uploadsDir, url.replace(/^\/media\//, ''));

describe.each(engines)('demo seed on %s', (engine) => {
  let first: Awaited<ReturnType<typeof seeded>>;
  let second: Awaited<ReturnType<typeof seeded>>;
  let production: Awaited<ReturnType<typeof seeded>>;

  beforeAll(async () => {
    first = await seeded(engine, { production: false });
    // Seeded "months later": only activity timestamps may follow the clock, never the content.
    second = await seeded(engine, { production: false, on: '2027-03-15T08:00:00Z' });
    production = await seeded(engine, { production: true });
  }, 240_000);
  afterAll(async () => {
    await Promise.all([first, second, production].filter(Boolean).map((t) => t.close()));
  });

  it('seeds a fresh database', () => {
    expect(first.result).toEqual({ seeded: true });
    expect(production.result).toEqual({ seeded: true });
  });

  it('is deterministic: two fresh databases seeded on different days hold the same content', async () => {
    expect(await contentHash(second.database.db)).toBe(await contentHash(first.database.db));
    const [latest] = rowsOf(await second.database.db.execute(sql`select max(created_at)::text as at from forum_questions`));
    expect(String(latest!.at) > '2027-02').toBe(true);
  });

  it('has all 77 districts in the 7 provinces', async () => {
    const rows = await first.database.db.select().from(districts);
    expect(rows).toHaveLength(77);
    expect(new Set(rows.map((d) => d.name)).size).toBe(77);
    expect([...new Set(rows.map((d) => d.province))].sort()).toEqual([...PROVINCES].sort());
    expect(rows.filter((d) => d.province === 'Bagmati').map((d) => d.name)).toContain('Kathmandu');
  });

  it('has content in the expected amounts', async () => {
    const db = first.database.db;
    const ranges: [string, number, number][] = [
      ['destinations', 14, 20],
      ['exams', 11, 14],
      ['disciplines', 18, 25],
      ['universities', 200, 400],
      ['courses', 300, 1200],
      ['consultancies', 200, 400],
      ['colleges', 30, 50],
      ['college_branches', 30, 150],
      ['consultancy_branches', 10, 30],
      ['branch_counselling_hours', 8, 30],
      ['scholarships', 30, 50],
      ['events', 25, 35],
      ['blog_categories', 3, 10],
      ['news_categories', 3, 10],
      ['blogs', 25, 35],
      ['news', 25, 35],
      ['offers', 25, 35],
      ['featured_pages', 5, 8],
      ['model_questions', 15, 25],
      ['forum_categories', 5, 8],
      ['forum_questions', 50, 70],
      ['forum_replies', 30, 400],
      ['forum_likes', 30, 800],
      ['inquiries', 30, 200],
      ['consultancy_applications', 30, 100],
      ['application_status_history', 30, 600],
      ['complaints', 5, 30],
      ['pageviews', 1000, 5000],
    ];
    for (const [table, min, max] of ranges) {
      const n = await count(db, table);
      expect(n, table).toBeGreaterThanOrEqual(min);
      expect(n, table).toBeLessThanOrEqual(max);
    }
  });

  it('uses the contract values for exam types', async () => {
    const rows = await first.database.db.select({ name: exams.name, type: exams.type }).from(exams);
    const typeOf = Object.fromEntries(rows.map((r) => [r.name, r.type]));
    expect(typeOf).toMatchObject({
      IELTS: 'english',
      PTE: 'english',
      TOEFL: 'english',
      Duolingo: 'english',
      SAT: 'aptitude',
      GRE: 'aptitude',
      GMAT: 'aptitude',
      JLPT: 'language',
      TOPIK: 'language',
    });
  });

  it("states a course's entry requirements in words exactly when it has them on record, with the same IELTS and grade", async () => {
    const rows = await first.database.db.select().from(courses);
    const stated = rows.filter((c) => hasRequirements(requirementsOf(c)));
    expect(stated.length).toBeGreaterThan(rows.length / 2);
    expect(stated.length).toBeLessThan(rows.length);
    for (const c of rows) {
      if (!hasRequirements(requirementsOf(c))) {
        expect(c.requirements, c.slug).toBe(NOT_PUBLISHED);
        continue;
      }
      expect(c.requirements, c.slug).toContain(
        `IELTS ${Number(c.ielts_overall).toFixed(1)} (no band below ${Number(c.ielts_band_min).toFixed(1)})`,
      );
      expect(c.requirements, c.slug).toContain(
        c.grade_scale === 'percent' ? `${Number(c.grade_min)}%` : `${Number(c.grade_min).toFixed(1)} GPA`,
      );
    }
  });

  it('keeps events upcoming for at least a year after late 2026, and has past ones', async () => {
    const rows = await first.database.db.select({ starts_at: events.starts_at, ends_at: events.ends_at }).from(events);
    expect(rows.filter((e) => Date.parse(e.starts_at) > Date.parse('2027-11-22T00:00:00Z')).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((e) => Date.parse(e.ends_at) < Date.parse('2026-11-01T00:00:00Z')).length).toBeGreaterThanOrEqual(10);
    expect(rows.every((e) => Date.parse(e.ends_at) > Date.parse(e.starts_at))).toBe(true);
  });

  it('finds many consultancies in Kathmandu', async () => {
    const [row] = await first.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(consultancies)
      .where(sql`${consultancies.search} @@ plainto_tsquery('english', 'Kathmandu')`);
    expect(row!.n).toBeGreaterThan(30);
  });

  it('creates every demo account with an Argon2id hash of the password', async () => {
    const db = first.database.db;
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toBeDefined();
      expect(user!.role).toBe(account.role);
      expect(user!.first_name && user!.last_name && user!.phone).toBeTruthy();
      expect(user!.password_hash.startsWith('$argon2id$')).toBe(true);
    }
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(await verifyPassword(admin!.password_hash, PASSWORD)).toBe(true);
    expect(await verifyPassword(admin!.password_hash, 'wrong')).toBe(false);
    const byEmail = Object.fromEntries((await db.select().from(users)).map((u) => [u.email, u]));
    expect(byEmail['college@example.com']!.college_id).toBeTypeOf('number');
    expect(byEmail['university@example.com']!.university_id).toBeTypeOf('number');
    expect(await count(db, "users where role = 'student'")).toBeGreaterThanOrEqual(10);
  });

  it('links consultancy@example.com to a consultancy that is neither verified nor claimed, and features a verified, licensed one', async () => {
    const db = first.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, 'consultancy@example.com'));
    const [owned] = await db.select().from(consultancies).where(eq(consultancies.id, user!.consultancy_id!));
    expect(owned).toMatchObject({ name: 'Everest Education Consultancy', verified: false, claimed: false });
    const [settings] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(settings).toMatchObject({ show_counselling_bar: true });
    expect(settings!.featured_counselling_consultancy_id).not.toBe(owned!.id);
    // never promote what a page warns about: the featured one is verified and licensed, so the settings give it
    const featured = (await first.app.inject({ url: `/api/consultancy/${settings!.featured_counselling_consultancy_id}/` })).json();
    expect(featured).toMatchObject({ verified: true, moe_certified: true, promotable: true });
    expect((await first.app.inject({ url: '/api/site-settings/' })).json().featured_counselling_consultancy_name).toBe(featured.name);
    const [modal] = await db.select().from(modalSettings).where(eq(modalSettings.id, 1));
    expect(modal).toMatchObject({ hide_study_abroad_modal: false, hide_full_detail_modal: false });
  });

  it('names the issuer of each licence: Bagmati Province licenses its own consultancies since 2025, the ministry the others', async () => {
    const db = first.database.db;
    const rows = await db
      .select({ office: consultancyLicences.issuing_office, issued: consultancyLicences.issued_on, province: districts.province })
      .from(consultancyLicences)
      .innerJoin(consultancies, eq(consultancies.id, consultancyLicences.consultancy_id))
      .innerJoin(districts, sql`${districts.id} = ${consultancies.districts}[1]`);
    const provincial = rows.filter((r) => r.office.includes('Bagmati Province'));
    expect(provincial.length).toBeGreaterThan(5);
    expect(provincial.every((r) => r.province === 'Bagmati' && r.issued >= '2025-01-01')).toBe(true);
    expect(rows.filter((r) => r.province !== 'Bagmati').every((r) => !r.office.includes('Bagmati'))).toBe(true);
  });

  it('has one live roadblock ad with 960x540 and 320x400 images and their 2x copies, one switched off and one expired', async () => {
    const rows = await first.database.db.select().from(ads).where(eq(ads.placement, 'roadblock_ad'));
    const now = Date.now();
    const live = rows.filter(
      (a) => a.active && (!a.starts_at || Date.parse(a.starts_at) <= now) && (!a.ends_at || Date.parse(a.ends_at) > now),
    );
    expect(live).toHaveLength(1);
    expect(rows.some((a) => !a.active)).toBe(true);
    expect(rows.some((a) => a.active && a.ends_at && Date.parse(a.ends_at) < now)).toBe(true);
    const size = async (url: string | null) => {
      const meta = await sharp(mediaFile(first, url!)).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await size(live[0]!.desktop_image_url)).toEqual(['webp', 960, 540]);
    expect(await size(live[0]!.mobile_image_url)).toEqual(['webp', 320, 400]);
    expect(await size(live[0]!.desktop_image_2x_url)).toEqual(['webp', 1920, 1080]);
    expect(await size(live[0]!.mobile_image_2x_url)).toEqual(['webp', 640, 800]);
  });

  it("makes up no pictures: the only images it stores are the roadblock ad's (no letter-tile logos, flags or gradient covers)", async () => {
    const images = (fs.readdirSync(first.uploadsDir, { recursive: true }) as string[]).filter((f) => /\.(webp|png|jpe?g|svg)$/.test(f));
    const adImages = new Set(
      (await first.database.db.select().from(ads))
        .flatMap((a) => [a.desktop_image_url, a.mobile_image_url, a.desktop_image_2x_url, a.mobile_image_2x_url])
        .filter(Boolean),
    );
    expect(images.map((f) => `/media/${f.split(path.sep).join('/')}`).sort()).toEqual([...adImages].sort());
  });

  it('stores a real PDF for every model question', async () => {
    const rows = await first.database.db.select({ pdf: modelQuestions.pdf }).from(modelQuestions);
    for (const { pdf } of rows) {
      expect(pdf).toMatch(/^\/media\/.+\.pdf$/);
      const bytes = fs.readFileSync(mediaFile(first, pdf!), 'latin1');
      expect(bytes.startsWith('%PDF-1.4')).toBe(true);
      expect(bytes.trimEnd().endsWith('%%EOF')).toBe(true);
    }
  });

  it('seeds complaints of every kind: answered in time and late, overdue, still within the deadline, resolved, rejected', async () => {
    const rows = rowsOf(
      await first.database.db
        .execute(sql`select c.consultancy_id, c.status, c.reference, c.first_answer_at <= c.answer_due_at as in_time, c.first_answer_at > c.answer_due_at as late,
        c.first_answer_at is null and c.answer_due_at < now() and c.status = 'open' as overdue, c.first_answer_at is null and c.answer_due_at > now() as waiting,
        (select count(*)::int from complaint_events e where e.complaint_id = c.id) as events from complaints c`),
    );
    expect(new Set(rows.map((r) => r.consultancy_id)).size).toBeGreaterThanOrEqual(4);
    for (const key of ['in_time', 'late', 'overdue', 'waiting'])
      expect(
        rows.some((r) => r[key] === true),
        key,
      ).toBe(true);
    for (const status of ['resolved', 'rejected', 'open', 'in_progress'])
      expect(
        rows.some((r) => r.status === status),
        status,
      ).toBe(true);
    expect(rows.every((r) => /^C-[2-9A-Z]{6}$/.test(String(r.reference)) && Number(r.events) >= 1)).toBe(true);
  });

  it('gives applications tracking codes in the shown form', async () => {
    const rows = await first.database.db.select({ code: consultancyApplications.tracking_code }).from(consultancyApplications);
    for (const { code } of rows) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4})+$/);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  });

  it('has reviews only of applications the consultancy acted on: the demo consultancy with a reply and one removed with its reason', async () => {
    const db = first.database.db;
    const reviews = rowsOf(
      await db.execute(sql`select r.consultancy_id, r.reply, r.removed_reason,
        exists (select 1 from application_status_history h where h.application_id = r.application_id and h.status not in ('submitted', 'withdrawn')) as acted
        from consultancy_reviews r`),
    );
    expect(reviews.length).toBeGreaterThanOrEqual(4);
    expect(reviews.every((r) => r.acted === true)).toBe(true);
    const [demo] = await db.select({ id: users.consultancy_id }).from(users).where(eq(users.email, 'consultancy@example.com'));
    const own = reviews.filter((r) => r.consultancy_id === demo!.id);
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect(own.filter((r) => r.reply)).toHaveLength(1);
    expect(own.filter((r) => r.removed_reason)).toHaveLength(1);
    expect(new Set(reviews.map((r) => r.consultancy_id)).size).toBeGreaterThan(1);
  });

  it('creates no accounts (and so no forum posts) in production', async () => {
    const db = production.database.db;
    expect(await count(db, 'users')).toBe(0);
    expect(await count(db, 'forum_questions')).toBe(0);
    expect(await count(db, 'consultancies')).toBe(await count(first.database.db, 'consultancies'));
    const [settings] = await db
      .select()
      .from(siteSettings)
      .where(and(eq(siteSettings.id, 1), eq(siteSettings.show_counselling_bar, true)));
    expect(settings?.featured_counselling_consultancy_id).toBeTypeOf('number');
  });

  it('does nothing the second time', async () => {
    const before = await contentHash(second.database.db);
    expect(
      await seedDemo(second.database.db, second.storage, { password: PASSWORD, production: false, privateStorage: second.privateStorage }),
    ).toEqual({ seeded: false });
    expect(await contentHash(second.database.db)).toBe(before);
  });

  it('adds n consultancies and n courses at scale', async () => {
    const db = production.database.db;
    const [consultanciesBefore, coursesBefore, universitiesBefore] = [
      await count(db, 'consultancies'),
      await count(db, 'courses'),
      await count(db, 'universities'),
    ];
    const progress: number[] = [];
    await seedScale(db, 500, (done, total) => progress.push(done / total));
    expect(await count(db, 'consultancies')).toBe(consultanciesBefore + 500);
    expect(await count(db, 'courses')).toBe(coursesBefore + 500);
    expect(await count(db, 'universities')).toBe(universitiesBefore + 5);
    expect(progress.at(-1)).toBe(1);
  });
});
