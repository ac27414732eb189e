import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bearer,
  buildTestApp,
  createCollege,
  createConsultancy,
  createUniversity,
  engines,
  freshIp,
  signedIn,
  type TestApp,
} from './helpers.ts';
import { colleges, consultancies, outboxMessages, pageviews, universities } from '../../server/db/schema/index.ts';

/** What the institution registry (contract/institutions.ts) drives on the server: names in reports and inquiries, where notices go. */
describe.each(engines)('institution kinds in reports, inquiries and notices, on %s', (engine) => {
  let t: TestApp;
  const ids = { consultancy: 0, college: 0, university: 0 };
  const names = { consultancy: '', college: '', university: '' };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    ids.consultancy = await createConsultancy(db);
    ids.college = await createCollege(db);
    ids.university = await createUniversity(db);
    names.consultancy = (
      await db.select({ name: consultancies.name }).from(consultancies).where(eq(consultancies.id, ids.consultancy))
    )[0]!.name;
    names.college = (await db.select({ name: colleges.name }).from(colleges).where(eq(colleges.id, ids.college)))[0]!.name;
    names.university = (
      await db.select({ name: universities.name }).from(universities).where(eq(universities.id, ids.university))
    )[0]!.name;
  });
  afterAll(() => t.close());

  it('names the most viewed institution of every kind in the admin summary', async () => {
    const kinds = Object.keys(ids) as (keyof typeof ids)[];
    await t.database.db
      .insert(pageviews)
      .values(kinds.map((kind, i) => ({ institute_type: kind, institute_id: ids[kind], session_id: `s${i}`, path: `/${kind}/x/` })));
    const admin = await signedIn(t.app, t.database.db, 'admin');
    const res = await t.app.inject({ url: '/api/analytics/summary/?days=7', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const top = res.json().top_institutions as { institute_type: string; institute_id: number; name: string }[];
    for (const kind of kinds) expect(top.find((r) => r.institute_type === kind && r.institute_id === ids[kind])?.name).toBe(names[kind]);
  });

  it("names a college inquiry's college and tells the college at its profile's address", async () => {
    await t.database.db.update(colleges).set({ email: 'desk@college.example' }).where(eq(colleges.id, ids.college));
    const payload = {
      name: 'Sita Thapa',
      email: 'sita@example.com',
      phone: '9801234567',
      message: 'Evening classes?',
      entity_type: 'college',
      entity_id: ids.college,
      destination: null,
      exam: null,
    };
    const sent = await t.app.inject({ method: 'POST', url: '/api/inquiry/submit/', payload, remoteAddress: freshIp() });
    expect(sent.statusCode, sent.body).toBe(201);
    const admin = await signedIn(t.app, t.database.db, 'admin');
    const list = await t.app.inject({ url: '/api/inquiry/admin/all/?entity_type=college', headers: bearer(admin) });
    expect(list.json().results.map((r: { entity_name: string }) => r.entity_name)).toEqual([names.college]);
    const notices = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'desk@college.example'));
    expect(notices.map((m) => m.subject)).toEqual(['New inquiry from Sita Thapa']);
    const student = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'sita@example.com'));
    expect(student[0]!.text).toContain(`${names.college} received your request`);
  });
});
