import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { declarationOf, entities, entityPaths, type EntityName } from '../../src/lib/contract/index.ts';
import { registry } from '../../server/entities/registry.ts';
import { blogs, collegeBranches, colleges, consultancies, courses, events, universities } from '../../server/db/schema/index.ts';
import { buildTestApp, engines, expectErrorShape, multipart, type TestApp, tokenFor } from './helpers.ts';

/**
 * Every admin write route of every content entity (create, update, delete, multipart where SPEC §7
 * says multipart), the SPEC §5 input quirks, file replacement and removal, and the college and
 * university dashboards. Each case checks the answer and then the database and the upload folder.
 */

type Row = Record<string, unknown>;
type Fields = Record<string, string>;

let imageCounter = 0;
/** A PNG no other call makes (files are named by content, so each test needs its own bytes). */
async function uniqueImage(): Promise<Buffer> {
  imageCounter += 1;
  const n = imageCounter;
  return sharp({
    create: { width: 40 + n, height: 30 + (n % 17), channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 } },
  })
    .png()
    .toBuffer();
}
let pdfCounter = 0;
const uniquePdf = () =>
  Buffer.from(`%PDF-1.4\n% sample ${++pdfCounter} ${process.pid}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

interface EntityCase {
  entity: EntityName;
  /** the three write routes, as SPEC §7 spells them */
  create: string;
  update: (id: number) => string;
  remove: (id: number) => string;
  /** the detail route an admin reads the row from */
  detail: (id: number) => string;
  /** the admin list that must show the new row, when the entity has one */
  adminList?: string;
  message: string;
  /** sent as JSON (SPEC §7 JSON creates); otherwise multipart */
  json?: boolean;
  fields: () => Fields;
  /** a file field and what it takes */
  file?: { field: string; kind: 'image' | 'pdf' };
  change: () => Fields;
  /** database values after `change` (and the create values that must survive it) */
  expected: () => Row;
}

describe.each(engines)('write paths on %s', (engine) => {
  let t: TestApp;
  let admin: { authorization: string };
  const ids: Record<string, number> = {};

  const api = (
    method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
    url: string,
    body?: Fields | Record<string, unknown>,
    files: { field: string; filename: string; data: Buffer }[] = [],
    headers = admin,
  ) => {
    if (method === 'GET' || method === 'DELETE') return t.app.inject({ method, url: `/api${url}`, headers });
    if (files.length || (body && Object.values(body).every((v) => typeof v === 'string'))) {
      const form = multipart((body ?? {}) as Fields, files);
      return t.app.inject({ method, url: `/api${url}`, headers: { ...headers, ...form.headers }, payload: form.payload });
    }
    return t.app.inject({ method, url: `/api${url}`, headers, payload: body as Record<string, unknown> });
  };
  const json = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>, headers = admin) =>
    t.app.inject({ method, url: `/api${url}`, headers, payload });
  const created = async (url: string, payload: Record<string, unknown>) => {
    const res = await json('POST', url, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  /** The stored row, read with the entity's own table (null when it is gone). */
  const rowOf = async (entity: EntityName, id: number): Promise<Row | null> => {
    const table = registry[entity].table as typeof consultancies;
    const [row] = await t.database.db.select().from(table).where(eq(table.id, id));
    return (row as Row | undefined) ?? null;
  };
  const fileOf = (url: string) => path.join(t.uploadsDir, url.replace(/^\/media\//, ''));
  const stored = (url: unknown) => typeof url === 'string' && fs.existsSync(fileOf(url));

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = (await tokenFor(t, 'admin')).auth;
    ids.district = await created('/districts/create/', { name: 'Kathmandu', province: 'Bagmati' });
    ids.district2 = await created('/districts/create/', { name: 'Lalitpur', province: 'Bagmati' });
    ids.destination = await created('/destination/create/', { name: 'Australia' });
    ids.destination2 = await created('/destination/create/', { name: 'Canada' });
    ids.discipline = await created('/disciplines/create/', { name: 'Information Technology' });
    ids.discipline2 = await created('/disciplines/create/', { name: 'Business' });
    ids.exam = await created('/exam/create/', { name: 'IELTS', type: 'english' });
    ids.university = await created('/university/create/', { name: 'University of Sydney', destination_id: ids.destination });
    ids.university2 = await created('/university/create/', { name: 'University of Toronto', destination_id: ids.destination2 });
    ids.consultancy = await created('/consultancy/create/', { name: 'Everest Education' });
    ids.blogCategory = await created('/blog/categories/create/', { name: 'Visa' });
    ids.newsCategory = await created('/news/categories/create/', { name: 'Policy' });
  });
  afterAll(() => t.close());

  const soon = new Date(Date.now() + 5 * 86400_000).toISOString();
  const later = new Date(Date.now() + 6 * 86400_000).toISOString();

  const cases: EntityCase[] = [
    {
      entity: 'destination',
      create: '/destination/create/',
      update: (id) => `/destination/${id}/update/`,
      remove: (id) => `/destination/${id}/delete/`,
      detail: (id) => `/destination/${id}/`,
      message: 'Destination deleted successfully!',
      fields: () => ({ name: 'New Zealand', country_code: 'NZ', intakes: '["February","July"]', priority: '3' }),
      file: { field: 'country_logo', kind: 'image' },
      change: () => ({ capital: 'Wellington', priority: '7' }),
      expected: () => ({ name: 'New Zealand', country_code: 'NZ', capital: 'Wellington', priority: 7, intakes: ['February', 'July'] }),
    },
    {
      entity: 'exam',
      create: '/exam/create/',
      update: (id) => `/exam/${id}/update/`,
      remove: (id) => `/exam/${id}/delete/`,
      detail: (id) => `/exam/${id}/`,
      message: 'Exam deleted successfully!',
      fields: () => ({ name: 'PTE', full_name: 'Pearson Test of English', type: 'english' }),
      file: { field: 'icon', kind: 'image' },
      change: () => ({ duration: '2 hours', type: 'aptitude' }),
      expected: () => ({ name: 'PTE', full_name: 'Pearson Test of English', duration: '2 hours', type: 'aptitude' }),
    },
    {
      entity: 'course',
      create: '/course/create/',
      update: (id) => `/course/${id}/update/`,
      remove: (id) => `/course/${id}/delete/`,
      detail: (id) => `/course/${id}/`,
      message: 'Course deleted successfully!',
      fields: () => ({
        name: 'Bachelor of Nursing',
        university_id: String(ids.university),
        level: 'bachelor',
        intakes: '["September"]',
        discipline_id: String(ids.discipline),
      }),
      file: { field: 'cover_image', kind: 'image' },
      change: () => ({ fee: '15000', level: 'master' }),
      expected: () => ({
        name: 'Bachelor of Nursing',
        university_id: ids.university,
        discipline_id: ids.discipline,
        fee: 15000,
        level: 'master',
        intakes: ['September'],
      }),
    },
    {
      entity: 'university',
      create: '/university/create/',
      update: (id) => `/university/${id}/update/`,
      remove: (id) => `/university/${id}/delete/`,
      detail: (id) => `/university/${id}/`,
      message: 'University deleted successfully!',
      fields: () => ({
        name: 'Monash University',
        destination_id: String(ids.destination),
        disciplines: JSON.stringify([ids.discipline]),
        faqs: JSON.stringify([{ question: 'Scholarships?', answer: 'Yes, several.' }]),
      }),
      file: { field: 'logo', kind: 'image' },
      change: () => ({ city: 'Melbourne', world_ranking: '42', disciplines: JSON.stringify([ids.discipline, ids.discipline2]) }),
      expected: () => ({
        name: 'Monash University',
        destination_id: ids.destination,
        city: 'Melbourne',
        world_ranking: 42,
        disciplines: [ids.discipline, ids.discipline2],
      }),
    },
    {
      entity: 'college',
      create: '/college/create/',
      update: (id) => `/college/${id}/update/`,
      remove: (id) => `/college/${id}/delete/`,
      detail: (id) => `/college/${id}/`,
      message: 'College deleted successfully!',
      fields: () => ({
        name: 'Kathmandu Model College',
        districts: JSON.stringify([ids.district]),
        moe_certified: 'true',
        verified: 'false',
      }),
      file: { field: 'logo', kind: 'image' },
      change: () => ({ address: 'Baneshwor', verified: 'true', affiliated_universities: JSON.stringify([ids.university]) }),
      expected: () => ({
        name: 'Kathmandu Model College',
        address: 'Baneshwor',
        moe_certified: true,
        verified: true,
        districts: [ids.district],
        affiliated_universities: [ids.university],
      }),
    },
    {
      entity: 'consultancy',
      create: '/consultancy/create/',
      update: (id) => `/consultancy/${id}/update/`,
      remove: (id) => `/consultancy/${id}/delete/`,
      detail: (id) => `/consultancy/${id}/`,
      message: 'Consultancy deleted successfully!',
      fields: () => ({
        name: 'Annapurna Abroad',
        districts: JSON.stringify([ids.district]),
        highlights: '["Visa guidance"]',
        establishment_date: '2015-06-01',
      }),
      file: { field: 'cover', kind: 'image' },
      change: () => ({ phone: '01-4000000', test_preparation: JSON.stringify([ids.exam]) }),
      expected: () => ({
        name: 'Annapurna Abroad',
        phone: '01-4000000',
        test_preparation: [ids.exam],
        highlights: ['Visa guidance'],
        establishment_date: '2015-06-01',
      }),
    },
    {
      entity: 'event',
      create: '/event/create/',
      update: (id) => `/event/${id}/update/`,
      remove: (id) => `/event/${id}/delete/`,
      detail: (id) => `/event/${id}/`,
      message: 'Event deleted successfully!',
      fields: () => ({
        title: 'Canada Education Fair',
        starts_at: soon,
        ends_at: later,
        targeted_destinations: JSON.stringify([ids.destination2]),
      }),
      file: { field: 'cover_image', kind: 'image' },
      change: () => ({ venue: 'Hotel Annapurna', organizer: 'Everest Education' }),
      expected: () => ({
        title: 'Canada Education Fair',
        venue: 'Hotel Annapurna',
        organizer: 'Everest Education',
        targeted_destinations: [ids.destination2],
      }),
    },
    {
      entity: 'scholarship',
      create: '/scholarship/create/',
      update: (id) => `/scholarship/${id}/update/`,
      remove: (id) => `/scholarship/${id}/delete/`,
      detail: (id) => `/scholarship/${id}/`,
      message: 'Scholarship deleted successfully!',
      fields: () => ({ title: 'Vanier Scholarship', destination_id: String(ids.destination2), deadline: '2031-01-31', level: 'phd' }),
      file: { field: 'cover_image', kind: 'image' },
      change: () => ({ amount: 'CAD 50,000', deadline: '2031-02-28' }),
      expected: () => ({
        title: 'Vanier Scholarship',
        destination_id: ids.destination2,
        amount: 'CAD 50,000',
        deadline: '2031-02-28',
        level: 'phd',
      }),
    },
    {
      entity: 'blog',
      create: '/blog/create/',
      update: (id) => `/blog/${id}/update/`,
      remove: (id) => `/blog/${id}/delete/`,
      detail: (id) => `/blog/${id}/`,
      message: 'Blog post deleted successfully!',
      fields: () => ({ title: 'How to apply for a student visa', category_id: String(ids.blogCategory), body: '<p>Start early.</p>' }),
      file: { field: 'cover_image', kind: 'image' },
      change: () => ({ excerpt: 'A checklist', body: '<p>Start <b>early</b>.</p><script>alert(1)</script>' }),
      expected: () => ({
        title: 'How to apply for a student visa',
        category_id: ids.blogCategory,
        excerpt: 'A checklist',
        body: '<p>Start <b>early</b>.</p>',
      }),
    },
    {
      entity: 'news',
      create: '/news/create/',
      update: (id) => `/news/${id}/update/`,
      remove: (id) => `/news/${id}/delete/`,
      detail: (id) => `/news/${id}/`,
      message: 'News item deleted successfully!',
      fields: () => ({ title: 'Visa cap announced', category_id: String(ids.newsCategory), author_name: 'Desk' }),
      file: { field: 'cover_image', kind: 'image' },
      change: () => ({ body: '<p>Details <a href="https://example.com" onclick="x()">here</a></p>' }),
      expected: () => ({ title: 'Visa cap announced', author_name: 'Desk', category_id: ids.newsCategory }),
    },
    {
      entity: 'blogCategory',
      create: '/blog/categories/create/',
      update: (id) => `/blog/categories/${id}/update/`,
      remove: (id) => `/blog/categories/${id}/delete/`,
      detail: (id) => `/blog/categories/${id}/`,
      message: 'Blog category deleted successfully!',
      json: true,
      fields: () => ({ name: 'Scholarships' }),
      change: () => ({ name: 'Scholarships and grants' }),
      expected: () => ({ name: 'Scholarships and grants', slug: 'scholarships' }),
    },
    {
      entity: 'newsCategory',
      create: '/news/categories/create/',
      update: (id) => `/news/categories/${id}/update/`,
      remove: (id) => `/news/categories/${id}/delete/`,
      detail: (id) => `/news/categories/${id}/`,
      message: 'News category deleted successfully!',
      json: true,
      fields: () => ({ name: 'Rankings' }),
      change: () => ({ name: 'World rankings' }),
      expected: () => ({ name: 'World rankings', slug: 'rankings' }),
    },
    {
      entity: 'district',
      create: '/districts/create/',
      update: (id) => `/districts/${id}/update/`,
      remove: (id) => `/districts/${id}/delete/`,
      detail: (id) => `/districts/${id}/`,
      message: 'District deleted successfully!',
      json: true,
      fields: () => ({ name: 'Jhapa', province: 'Koshi' }),
      change: () => ({ province: 'Madhesh' }),
      expected: () => ({ name: 'Jhapa', province: 'Madhesh' }),
    },
    {
      // a currency is three letters: the declared case's "Currency sample" would not fit
      entity: 'exchangeRate',
      create: '/exchange-rate/create/',
      update: (id) => `/exchange-rate/${id}/update/`,
      remove: (id) => `/exchange-rate/${id}/delete/`,
      detail: (id) => `/exchange-rate/${id}/`,
      message: 'Exchange rate deleted successfully!',
      json: true,
      fields: () => ({ currency: 'AUD', npr_per_unit: '88.1234', rate_date: '2026-11-20', source: 'Demo value' }),
      change: () => ({ npr_per_unit: '90.5' }),
      expected: () => ({ currency: 'AUD', npr_per_unit: 90.5, rate_date: '2026-11-20', source: 'Demo value' }),
    },
    {
      // official links must be web addresses: the declared case's "sample" is none
      entity: 'planStep',
      create: '/plan-step/create/',
      update: (id) => `/plan-step/${id}/update/`,
      remove: (id) => `/plan-step/${id}/delete/`,
      detail: (id) => `/plan-step/${id}/`,
      message: 'Plan step deleted successfully!',
      json: true,
      fields: () => ({
        destination_id: String(ids.destination),
        position: '1',
        title: 'Apply for the visa',
        documents: '["Passport"]',
        official_links: '["https://www.gov.uk/student-visa"]',
      }),
      change: () => ({ position: '2' }),
      expected: () => ({ title: 'Apply for the visa', position: 2, documents: ['Passport'] }),
    },
    {
      // the city, its title, is one of the cities where sessions are held: no "renamed" city
      entity: 'testSession',
      create: '/test-session/create/',
      update: (id) => `/test-session/${id}/update/`,
      remove: (id) => `/test-session/${id}/delete/`,
      detail: (id) => `/test-session/${id}/`,
      message: 'Test session deleted successfully!',
      json: true,
      fields: () => ({
        exam_id: String(ids.exam),
        date: '2030-01-10',
        city: 'Kathmandu',
        format: 'paper',
        registration_deadline: '2030-01-03',
      }),
      change: () => ({ city: 'Pokhara' }),
      expected: () => ({ city: 'Pokhara', date: '2030-01-10', format: 'paper' }),
    },
    {
      entity: 'discipline',
      create: '/disciplines/create/',
      update: (id) => `/disciplines/${id}/update/`,
      remove: (id) => `/disciplines/${id}/delete/`,
      detail: (id) => `/disciplines/${id}/`,
      message: 'Discipline deleted successfully!',
      json: true,
      fields: () => ({ name: 'Nursing' }),
      change: () => ({ description: 'Health sciences' }),
      expected: () => ({ name: 'Nursing', description: 'Health sciences' }),
    },
    {
      entity: 'offer',
      create: '/offer/admin/',
      update: (id) => `/offer/admin/${id}/`,
      remove: (id) => `/offer/admin/${id}/`,
      detail: (id) => `/offer/${id}/`,
      adminList: '/offer/admin/',
      message: 'Offer deleted successfully!',
      fields: () => ({
        title: 'Free IELTS class',
        consultancy_id: String(ids.consultancy),
        discount_text: '10% off',
        valid_until: '2031-12-31',
      }),
      file: { field: 'image', kind: 'image' },
      change: () => ({ discount_text: '20% off', valid_from: '2031-01-01' }),
      expected: () => ({
        title: 'Free IELTS class',
        consultancy_id: ids.consultancy,
        discount_text: '20% off',
        valid_from: '2031-01-01',
        valid_until: '2031-12-31',
      }),
    },
    {
      entity: 'featured',
      create: '/featured/create/',
      update: (id) => `/featured/${id}/update/`,
      remove: (id) => `/featured/${id}/delete/`,
      detail: (id) => `/featured/${id}/`,
      message: 'Featured page deleted successfully!',
      fields: () => ({ title: 'Study in Canada', priority: '2', body: '<h2>Why Canada</h2>' }),
      file: { field: 'cover_image', kind: 'image' },
      change: () => ({ summary: 'Everything about Canada', priority: '9' }),
      expected: () => ({ title: 'Study in Canada', summary: 'Everything about Canada', priority: 9, body: '<h2>Why Canada</h2>' }),
    },
    {
      entity: 'modelQuestion',
      create: '/model-question/create/',
      update: (id) => `/model-question/${id}/update/`,
      remove: (id) => `/model-question/${id}/delete/`,
      detail: (id) => `/model-question/${id}/`,
      message: 'Model question deleted successfully!',
      fields: () => ({ title: 'IELTS reading 2024', exam_id: String(ids.exam), year: '2024' }),
      file: { field: 'pdf', kind: 'pdf' },
      change: () => ({ year: '2025', description: 'Academic module' }),
      expected: () => ({ title: 'IELTS reading 2024', exam_id: ids.exam, year: 2025, description: 'Academic module' }),
    },
    {
      entity: 'ad',
      create: '/ads/create/',
      update: (id) => `/ads/${id}/update/`,
      remove: (id) => `/ads/${id}/delete/`,
      detail: (id) => `/ads/${id}/`,
      adminList: '/ads/admin/',
      message: 'Ad deleted successfully!',
      fields: () => ({
        title: 'Study in Canada ad',
        placement: 'sidebar',
        active: 'true',
        weight: '5',
        redirect_url: 'https://example.com/ca',
      }),
      file: { field: 'desktop_image_url', kind: 'image' },
      change: () => ({ active: 'false', placement: 'banner', weight: '10' }),
      expected: () => ({
        title: 'Study in Canada ad',
        active: false,
        placement: 'banner',
        weight: 10,
        redirect_url: 'https://example.com/ca',
      }),
    },
  ];

  /**
   * The case of an entity with no hand-written one (an entity added after SPEC), from its
   * declaration: a sample of each field it can fill, its first file field, a rename as the change.
   */
  const declaredCase = (entity: EntityName): EntityCase => {
    const decl = declarationOf(entity);
    const paths = entityPaths(decl);
    const at = (pattern: string, id: number) => `/${pattern.replace(':id', String(id))}/`;
    const entries = Object.entries(decl.fields);
    const fileField = entries.find(([, meta]) => (meta.kind === 'image' || meta.kind === 'file') && !meta.multiple && !meta.private);
    // read when the case runs: the rows they refer to are made in beforeAll
    const fields = (): Fields => {
      const out: Fields = {};
      for (const [name, meta] of entries) {
        const ref = meta.ref ? ids[meta.ref] : undefined;
        const sample: Partial<Record<string, string>> = {
          text: `${meta.label} sample`.slice(0, meta.max ?? 200),
          textarea: 'Sample text.',
          html: '<p>Sample text.</p>',
          number: String(Math.max(meta.min ?? 0, 1)),
          boolean: 'true',
          date: '2030-01-02',
          datetime: soon,
          url: 'https://example.com/sample',
          email: 'sample@example.com',
          select: meta.options?.[0],
          ref: ref === undefined ? undefined : String(ref),
          refs: ref === undefined ? undefined : JSON.stringify([ref]),
          tags: '["sample"]',
        };
        if (sample[meta.kind] !== undefined) out[name] = sample[meta.kind]!;
      }
      return out;
    };
    const renamed = `${decl.fields[decl.titleField]!.label} renamed`;
    return {
      entity,
      create: `/${paths.create}/`,
      update: (id) => at(paths.update, id),
      remove: (id) => at(paths.remove, id),
      detail: (id) => at(paths.one, id),
      adminList: `/${paths.adminList}/`,
      message: `${decl.label} deleted successfully!`,
      json: !decl.multipart,
      fields,
      file: fileField && { field: fileField[0], kind: fileField[1].accept === 'pdf' ? 'pdf' : 'image' },
      change: () => ({ [decl.titleField]: renamed }),
      expected: () => ({ [decl.titleField]: renamed }),
    };
  };
  const handWritten = new Set(cases.map((c) => c.entity));
  cases.push(...(Object.keys(entities) as EntityName[]).filter((name) => !handWritten.has(name)).map(declaredCase));

  it('has a write case for every declared entity', () => {
    expect(cases.map((c) => c.entity).sort()).toEqual(Object.keys(entities).sort());
  });

  it.each(cases.map((c) => [c.entity, c] as const))('creates, updates and deletes %s with its files', async (_name, c) => {
    const newFile = async (name: string) => ({
      field: c.file!.field,
      filename: name,
      data: c.file!.kind === 'pdf' ? uniquePdf() : await uniqueImage(),
    });
    const fields = c.fields();

    // create, as the client sends it (JSON or multipart with a file)
    const createRes = c.json
      ? await json('POST', c.create, fields)
      : await api('POST', c.create, fields, c.file ? [await newFile('first.png')] : []);
    expect(createRes.statusCode, createRes.body).toBe(201);
    const id = createRes.json().id as number;
    expect(typeof id).toBe('number');
    const afterCreate = (await rowOf(c.entity, id))!;
    expect(afterCreate).not.toBeNull();
    const titleField = entities[c.entity].titleField;
    expect(afterCreate[titleField]).toBe(fields[titleField]);
    let firstFile: string | undefined;
    if (c.file) {
      firstFile = afterCreate[c.file.field] as string;
      expect(firstFile).toMatch(
        c.file.kind === 'pdf' ? /^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}\.pdf$/ : /^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/,
      );
      expect(createRes.json()[c.file.field]).toBe(firstFile);
      expect(stored(firstFile)).toBe(true);
    }
    if (c.adminList) {
      const list = await api('GET', c.adminList);
      expect(list.statusCode).toBe(200);
      expect(list.json().results.map((r: Row) => r.id)).toContain(id);
    }

    // update without a file: the sent fields change, everything else (the file too) stays
    const updateRes = c.json ? await json('PATCH', c.update(id), c.change()) : await api('PATCH', c.update(id), c.change());
    expect(updateRes.statusCode, updateRes.body).toBe(200);
    expect(updateRes.json().id).toBe(id);
    const afterUpdate = (await rowOf(c.entity, id))!;
    expect(afterUpdate).toMatchObject(c.expected());
    if (c.file) {
      expect(afterUpdate[c.file.field]).toBe(firstFile);
      expect(stored(firstFile)).toBe(true);
    }

    // update with a new file: the new one is stored and the replaced one removed
    let secondFile: string | undefined;
    if (c.file) {
      const replaceRes = await api('PATCH', c.update(id), {}, [await newFile('second.png')]);
      expect(replaceRes.statusCode, replaceRes.body).toBe(200);
      secondFile = (await rowOf(c.entity, id))![c.file.field] as string;
      expect(secondFile).not.toBe(firstFile);
      expect(replaceRes.json()[c.file.field]).toBe(secondFile);
      expect(stored(secondFile)).toBe(true);
      expect(stored(firstFile)).toBe(false);
      expect((await rowOf(c.entity, id))!).toMatchObject(c.expected());
    }

    // unknown ids: 404 in the error shape, nothing written
    for (const res of [await json('PATCH', c.update(999999), c.json ? c.change() : {}), await api('DELETE', c.remove(999999))]) {
      expect(res.statusCode).toBe(404);
      expectErrorShape(res.json());
    }

    // delete: the message, the row and its file gone
    const deleteRes = await api('DELETE', c.remove(id));
    expect(deleteRes.statusCode, deleteRes.body).toBe(200);
    expect(deleteRes.json()).toEqual({ message: c.message });
    expect(await rowOf(c.entity, id)).toBeNull();
    if (secondFile) {
      expect(stored(secondFile)).toBe(false);
      expect((await t.app.inject({ url: secondFile })).statusCode).toBe(404);
    }
    expect((await api('GET', c.detail(id))).statusCode).toBe(404);
    expect((await api('DELETE', c.remove(id))).statusCode).toBe(404);
  });

  it('sanitizes rich text on update too', async () => {
    const row = await rowOf('news', (await created('/news/create/', { title: 'Sanitize me', body: '<p>ok</p>' })) as number);
    const res = await api('PATCH', `/news/${row!.id}/update/`, {
      body: '<p>Read <a href="https://example.com" onclick="steal()">this</a></p><script>alert(1)</script><iframe src="x"></iframe>',
    });
    expect(res.statusCode).toBe(200);
    const body = (await rowOf('news', row!.id as number))!.body as string;
    expect(body).toContain('https://example.com');
    expect(body).not.toMatch(/onclick|script|iframe|alert/);
  });

  describe('SPEC §5 input quirks', () => {
    it('keeps the stored establishment_date and priority when a multipart update sends them empty', async () => {
      const form = { name: 'Dhaulagiri Consultancy', establishment_date: '2012-03-04', priority: '5', verified: 'true' };
      const res = await api('POST', '/consultancy/create/', form);
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as number;
      const update = await api('PATCH', `/consultancy/${id}/update/`, { establishment_date: '', priority: '', about: '<p>Since 2012</p>' });
      expect(update.statusCode, update.body).toBe(200);
      expect(await rowOf('consultancy', id)).toMatchObject({
        establishment_date: '2012-03-04',
        priority: 5,
        about: '<p>Since 2012</p>',
        verified: true,
      });
      // an empty value on create is omitted too: the column keeps its default
      const bare = await api('POST', '/consultancy/create/', { name: 'Bare Consultancy', establishment_date: '', priority: '' });
      expect(bare.statusCode, bare.body).toBe(201);
      expect(await rowOf('consultancy', bare.json().id)).toMatchObject({ establishment_date: null, priority: 0 });
    });

    it("drops null, 'null' and 'undefined' course fields instead of storing them", async () => {
      const res = await api('POST', '/course/create/', {
        name: 'Master of Data Science',
        university_id: String(ids.university),
        level: 'master',
        discipline_id: 'null',
        fee: 'null',
        duration_months: 'undefined',
        currency: 'null',
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as number;
      expect(await rowOf('course', id)).toMatchObject({ discipline_id: null, fee: null, duration_months: null, currency: '' });

      const [first] = await t.database.db
        .update(courses)
        .set({ discipline_id: ids.discipline, fee: 30000, duration_months: 24, currency: 'AUD' })
        .where(eq(courses.id, id))
        .returning();
      expect(first!.fee).toBe(30000);
      const multipartNulls = await api('PATCH', `/course/${id}/update/`, {
        discipline_id: 'null',
        fee: 'null',
        duration_months: 'undefined',
        currency: 'null',
        requirements: 'IELTS 6.5',
      });
      expect(multipartNulls.statusCode, multipartNulls.body).toBe(200);
      const jsonNulls = await json('PATCH', `/course/${id}/update/`, {
        discipline_id: null,
        fee: null,
        currency: null,
        about: null,
        level: 'phd',
      });
      expect(jsonNulls.statusCode, jsonNulls.body).toBe(200);
      expect(await rowOf('course', id)).toMatchObject({
        discipline_id: ids.discipline,
        fee: 30000,
        duration_months: 24,
        currency: 'AUD',
        requirements: 'IELTS 6.5',
        level: 'phd',
        university_id: ids.university,
      });
    });

    it('stores the event multi-selects sent as JSON text', async () => {
      const res = await api('POST', '/event/create/', {
        title: 'Study Abroad Expo',
        starts_at: soon,
        ends_at: later,
        targeted_destinations: JSON.stringify([ids.destination, ids.destination2]),
        related_universities: JSON.stringify([ids.university]),
        related_consultancies: JSON.stringify([ids.consultancy]),
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as number;
      const [row] = await t.database.db.select().from(events).where(eq(events.id, id));
      expect(row).toMatchObject({
        targeted_destinations: [ids.destination, ids.destination2],
        related_universities: [ids.university],
        related_consultancies: [ids.consultancy],
      });

      const update = await api('PATCH', `/event/${id}/update/`, {
        targeted_destinations: JSON.stringify([ids.destination2]),
        related_universities: '[]',
      });
      expect(update.statusCode, update.body).toBe(200);
      const [after] = await t.database.db.select().from(events).where(eq(events.id, id));
      expect(after).toMatchObject({
        targeted_destinations: [ids.destination2],
        related_universities: [],
        related_consultancies: [ids.consultancy],
      });

      // an unknown id in a list is refused per field, and nothing changes
      const bad = await api('PATCH', `/event/${id}/update/`, {
        targeted_destinations: JSON.stringify([ids.destination, 987654]),
        venue: 'Somewhere',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.targeted_destinations).toBeTruthy();
      const [unchanged] = await t.database.db.select().from(events).where(eq(events.id, id));
      expect(unchanged).toMatchObject({ targeted_destinations: [ids.destination2], venue: '' });
    });

    it("turns 'true' and 'false' into booleans and refuses anything else", async () => {
      const res = await api('POST', '/college/create/', {
        name: 'Boolean College',
        moe_certified: 'true',
        verified: 'false',
        claimed: 'true',
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as number;
      expect(res.json()).toMatchObject({ moe_certified: true, verified: false, claimed: true });
      expect(await rowOf('college', id)).toMatchObject({ moe_certified: true, verified: false, claimed: true });
      const flip = await api('PATCH', `/college/${id}/update/`, { moe_certified: 'false', verified: 'true' });
      expect(flip.statusCode, flip.body).toBe(200);
      expect(await rowOf('college', id)).toMatchObject({ moe_certified: false, verified: true, claimed: true });
      for (const value of ['yes', '1', 'TRUE ']) {
        const bad = await api('PATCH', `/college/${id}/update/`, { claimed: value, address: 'Changed' });
        expect(bad.statusCode, value).toBe(400);
        expect(bad.json().fields.claimed, value).toBeTruthy();
      }
      expect(await rowOf('college', id)).toMatchObject({ claimed: true, address: '' });
    });
  });

  describe('files', () => {
    it('removes a blog post cover with the post, but only once no other row uses the same file', async () => {
      const cover = await uniqueImage();
      const first = await api('POST', '/blog/create/', { title: 'Shared cover one' }, [
        { field: 'cover_image', filename: 'c.png', data: cover },
      ]);
      const second = await api('POST', '/blog/create/', { title: 'Shared cover two' }, [
        { field: 'cover_image', filename: 'c.png', data: cover },
      ]);
      expect(first.statusCode, first.body).toBe(201);
      expect(second.statusCode, second.body).toBe(201);
      const url = first.json().cover_image as string;
      expect(second.json().cover_image).toBe(url);
      expect((await t.app.inject({ url })).statusCode).toBe(200);

      expect((await api('DELETE', `/blog/${first.json().id}/delete/`)).json()).toEqual({ message: 'Blog post deleted successfully!' });
      expect(stored(url)).toBe(true);
      expect((await api('DELETE', `/blog/${second.json().id}/delete/`)).json()).toEqual({ message: 'Blog post deleted successfully!' });
      expect(stored(url)).toBe(false);
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    });

    it('replaces an ad image with a new one of the placement size and removes both images on delete', async () => {
      const res = await api('POST', '/ads/create/', { title: 'Replace me', placement: 'roadblock_ad' }, [
        { field: 'desktop_image_url', filename: 'd.png', data: await uniqueImage() },
        { field: 'mobile_image_url', filename: 'm.png', data: await uniqueImage() },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const ad = res.json();
      const big = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: { r: 1, g: 2, b: 3 } } })
        .png()
        .toBuffer();
      const update = await api('PATCH', `/ads/${ad.id}/update/`, { title: 'Replaced' }, [
        { field: 'desktop_image_url', filename: 'd2.png', data: big },
      ]);
      expect(update.statusCode, update.body).toBe(200);
      const row = (await rowOf('ad', ad.id))!;
      expect(row).toMatchObject({ title: 'Replaced', mobile_image_url: ad.mobile_image_url });
      expect(row.desktop_image_url).not.toBe(ad.desktop_image_url);
      expect(stored(ad.desktop_image_url)).toBe(false);
      expect(await sharp(fs.readFileSync(fileOf(row.desktop_image_url as string))).metadata()).toMatchObject({
        width: 960,
        height: 540,
        format: 'webp',
      });
      expect((await api('DELETE', `/ads/${ad.id}/delete/`)).json()).toEqual({ message: 'Ad deleted successfully!' });
      expect(stored(row.desktop_image_url)).toBe(false);
      expect(stored(ad.mobile_image_url)).toBe(false);
    });

    it('leaves no file behind when the write is refused after the upload was read', async () => {
      const files = () =>
        fs.existsSync(t.uploadsDir)
          ? (fs.readdirSync(t.uploadsDir, { recursive: true }) as string[]).filter((f) => /\.(webp|pdf)$/.test(f)).sort()
          : [];
      const before = files();
      const eventsBefore = await t.database.db.select({ id: events.id }).from(events);
      const refs = await api(
        'POST',
        '/event/create/',
        { title: 'Refused event', starts_at: soon, ends_at: later, targeted_destinations: '[987654]' },
        [{ field: 'cover_image', filename: 'e.png', data: await uniqueImage() }],
      );
      expect(refs.statusCode).toBe(400);
      expect(refs.json().fields.targeted_destinations).toBeTruthy();
      const fk = await api('POST', '/blog/create/', { title: 'Refused post', category_id: '987654' }, [
        { field: 'cover_image', filename: 'b.png', data: await uniqueImage() },
      ]);
      expect(fk.statusCode).toBe(400);
      expectErrorShape(fk.json());
      expect(await t.database.db.select().from(blogs).where(eq(blogs.title, 'Refused post'))).toEqual([]);
      expect(await t.database.db.select({ id: events.id }).from(events)).toEqual(eventsBefore);
      expect(files()).toEqual(before);
    });

    it('strips EXIF metadata when it re-encodes an uploaded image', async () => {
      const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 10, g: 120, b: 200 } } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'Secret Photographer', Artist: 'Someone' } } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined(); // the upload really carries EXIF
      expect(jpeg.includes(Buffer.from('Secret Photographer'))).toBe(true);
      const res = await api('POST', '/event/create/', { title: 'EXIF event', starts_at: soon, ends_at: later }, [
        { field: 'cover_image', filename: 'photo.jpg', data: jpeg },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const saved = fs.readFileSync(fileOf(res.json().cover_image));
      const meta = await sharp(saved).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(saved.includes(Buffer.from('Secret Photographer'))).toBe(false);
      // served as stored
      const served = await t.app.inject({ url: res.json().cover_image });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(saved)).toBe(true);
    });
  });

  describe('college and university dashboards', () => {
    let own: number;
    let other: number;
    let ownUni: number;
    let otherUni: number;
    let college: { authorization: string };
    let uni: { authorization: string };

    beforeAll(async () => {
      own = (await api('POST', '/college/create/', { name: 'Own College', verified: 'true', priority: '3', about: '<p>Own</p>' })).json()
        .id;
      other = (await api('POST', '/college/create/', { name: 'Other College', about: '<p>Other</p>' })).json().id;
      ownUni = (await api('POST', '/university/create/', { name: 'Own University', city: 'Sydney' })).json().id;
      otherUni = (await api('POST', '/university/create/', { name: 'Other University', city: 'Perth' })).json().id;
      college = (await tokenFor(t, 'college', { college_id: own })).auth;
      uni = (await tokenFor(t, 'university', { university_id: ownUni })).auth;
    });

    const collegeRow = async (id: number) => (await t.database.db.select().from(colleges).where(eq(colleges.id, id)))[0]!;
    const uniRow = async (id: number) => (await t.database.db.select().from(universities).where(eq(universities.id, id)))[0]!;

    it('updates the own college (multipart, with a logo) and never another one, whatever id is sent', async () => {
      const firstLogo = await uniqueImage();
      const res = await api(
        'PATCH',
        `/college/dashboard/update/?id=${other}`,
        { about: '<p>Updated by the college</p>', districts: JSON.stringify([ids.district]) },
        [{ field: 'logo', filename: 'l.png', data: firstLogo }],
        college,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().id).toBe(own);
      const mine = await collegeRow(own);
      expect(mine).toMatchObject({ about: '<p>Updated by the college</p>', districts: [ids.district], name: 'Own College' });
      expect(stored(mine.logo)).toBe(true);

      const newLogo = await api(
        'PATCH',
        '/college/dashboard/update/',
        {},
        [{ field: 'logo', filename: 'l2.png', data: await uniqueImage() }],
        college,
      );
      expect(newLogo.statusCode, newLogo.body).toBe(200);
      const replaced = await collegeRow(own);
      expect(replaced.logo).not.toBe(mine.logo);
      expect(stored(replaced.logo)).toBe(true);
      expect(stored(mine.logo)).toBe(false);

      for (const sneaky of [{ id: String(other) }, { college_id: String(other) }, { id: String(other), name: 'Hijacked' }]) {
        const r = await api('PATCH', '/college/dashboard/update/', { ...sneaky, about: '<p>Hijacked</p>' }, [], college);
        expect([200, 400], JSON.stringify(sneaky)).toContain(r.statusCode);
        if (r.statusCode === 200) expect(r.json().id).toBe(own);
        else expectErrorShape(r.json());
      }
      expect(await collegeRow(other)).toMatchObject({ name: 'Other College', about: '<p>Other</p>', logo: null });
    });

    it('refuses verified, moe_certified, claimed and priority from a college account, writing nothing', async () => {
      const before = await collegeRow(own);
      expect(before).toMatchObject({ verified: true, priority: 3, moe_certified: false, claimed: false });
      const attempts: Fields[] = [
        { verified: 'false' },
        { moe_certified: 'true' },
        { claimed: 'true' },
        { priority: '99' },
        { verified: 'false', about: '<p>half</p>' },
      ];
      for (const fields of attempts) {
        const res = await api('PATCH', '/college/dashboard/update/', fields, [], college);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expectErrorShape(res.json());
        const asJson = await t.app.inject({
          method: 'PATCH',
          url: '/api/college/dashboard/update/',
          headers: college,
          payload: { ...fields, priority: 99 },
        });
        expect(asJson.statusCode, JSON.stringify(fields)).toBe(400);
      }
      const after = await collegeRow(own);
      expect(after).toMatchObject({ verified: true, priority: 3, moe_certified: false, claimed: false, about: before.about });
      // an admin still can
      const adminRes = await api('PATCH', `/college/${own}/update/`, { claimed: 'true', priority: '4' });
      expect(adminRes.statusCode).toBe(200);
      expect(await collegeRow(own)).toMatchObject({ claimed: true, priority: 4 });
    });

    it('updates the own university and never another one, and refuses admin-only fields', async () => {
      const res = await api(
        'PATCH',
        `/university/dashboard/update/?id=${otherUni}`,
        { city: 'Camperdown', faqs: JSON.stringify([{ question: 'Intakes?', answer: 'February and July' }]) },
        [{ field: 'cover', filename: 'c.png', data: await uniqueImage() }],
        uni,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().id).toBe(ownUni);
      const mine = await uniRow(ownUni);
      expect(mine).toMatchObject({
        name: 'Own University',
        city: 'Camperdown',
        faqs: [{ question: 'Intakes?', answer: 'February and July' }],
      });
      expect(stored(mine.cover)).toBe(true);

      for (const fields of [
        { id: String(otherUni), city: 'Hijacked' },
        { university_id: String(otherUni), city: 'Hijacked' },
      ]) {
        const r = await api('PATCH', '/university/dashboard/update/', fields, [], uni);
        expect([200, 400]).toContain(r.statusCode);
        if (r.statusCode === 200) expect(r.json().id).toBe(ownUni);
      }
      // world_ranking orders the public list: the platform's to set, not the university's
      for (const field of ['verified', 'moe_certified', 'claimed', 'priority', 'world_ranking']) {
        const r = await api(
          'PATCH',
          '/university/dashboard/update/',
          { [field]: field === 'priority' || field === 'world_ranking' ? '1' : 'true', city: 'Half written' },
          [],
          uni,
        );
        expect(r.statusCode, field).toBe(400);
        expectErrorShape(r.json());
      }
      expect(await uniRow(otherUni)).toMatchObject({ name: 'Other University', city: 'Perth', cover: null });
      expect((await uniRow(ownUni)).city).not.toBe('Half written');
    });

    it('keeps each dashboard to its own role and to a linked account', async () => {
      const consultancy = (await tokenFor(t, 'consultancy', { consultancy_id: ids.consultancy })).auth;
      const unlinked = (await tokenFor(t, 'college')).auth;
      const cases: [string, { authorization: string } | undefined, number][] = [
        ['/college/dashboard/update/', undefined, 401],
        ['/college/dashboard/update/', consultancy, 403],
        ['/college/dashboard/update/', uni, 403],
        ['/college/dashboard/update/', unlinked, 403],
        ['/university/dashboard/update/', college, 403],
        ['/university/dashboard/update/', undefined, 401],
      ];
      for (const [url, headers, status] of cases) {
        const form = multipart({ about: '<p>Not yours</p>' });
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/api${url}`,
          headers: { ...(headers ?? {}), ...form.headers },
          payload: form.payload,
        });
        expect(res.statusCode, `${url} ${status}`).toBe(status);
        expectErrorShape(res.json());
      }
      expect((await collegeRow(other)).about).toBe('<p>Other</p>');
      expect((await collegeRow(own)).about).not.toBe('<p>Not yours</p>');
    });

    it("cannot remove another consultancy's gallery image through deleted_gallery_images", async () => {
      const theirs = await api('POST', '/consultancy/create/', { name: 'Gallery Owner' }, [
        { field: 'gallery', filename: 'g.png', data: await uniqueImage() },
      ]);
      const mine = await api('POST', '/consultancy/create/', { name: 'Gallery Neighbour' }, [
        { field: 'gallery', filename: 'h.png', data: await uniqueImage() },
      ]);
      expect(theirs.statusCode, theirs.body).toBe(201);
      const [theirImage] = theirs.json().gallery as string[];
      const [myImage] = mine.json().gallery as string[];
      const agent = (await tokenFor(t, 'consultancy', { consultancy_id: mine.json().id })).auth;
      const res = await api(
        'PATCH',
        '/consultancy/dashboard/update/',
        { deleted_gallery_images: JSON.stringify([theirImage, myImage]) },
        [],
        agent,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().id).toBe(mine.json().id);
      expect(await rowOf('consultancy', mine.json().id)).toMatchObject({ gallery: [] });
      expect(stored(myImage)).toBe(false);
      expect(await rowOf('consultancy', theirs.json().id)).toMatchObject({ gallery: [theirImage] });
      expect(stored(theirImage)).toBe(true);
    });

    it('creates, updates and deletes the own college branches only', async () => {
      const otherCollege = (await tokenFor(t, 'college', { college_id: other })).auth;
      const foreign = await json('POST', '/college/dashboard/branches/', { name: 'Other branch', address: 'Pokhara' }, otherCollege);
      expect(foreign.statusCode, foreign.body).toBe(201);
      expect(foreign.json().college_id).toBe(other);

      const res = await json(
        'POST',
        '/college/dashboard/branches/',
        { name: 'Lalitpur branch', address: 'Pulchowk', district_id: ids.district2, phone: '01-5500000' },
        college,
      );
      expect(res.statusCode, res.body).toBe(201);
      const branch = res.json();
      expect(branch).toMatchObject({ college_id: own, name: 'Lalitpur branch', district_id: ids.district2 });
      const [row] = await t.database.db.select().from(collegeBranches).where(eq(collegeBranches.id, branch.id));
      expect(row).toMatchObject({ college_id: own, address: 'Pulchowk', phone: '01-5500000' });

      // another college's id in the body is refused, not obeyed
      const sneaky = await json('POST', '/college/dashboard/branches/', { name: 'Sneaky', college_id: other }, college);
      expect(sneaky.statusCode).toBe(400);
      expect(await t.database.db.select().from(collegeBranches).where(eq(collegeBranches.name, 'Sneaky'))).toEqual([]);
      expect((await json('POST', '/college/dashboard/branches/', { address: 'No name' }, college)).statusCode).toBe(400);

      const list = await t.app.inject({ url: '/api/college/dashboard/branches/', headers: college });
      expect(list.json().map((b: Row) => b.id)).toEqual([branch.id]);

      const update = await json('PATCH', `/college/dashboard/branches/${branch.id}/`, { phone: '01-5511111', district_id: null }, college);
      expect(update.statusCode, update.body).toBe(200);
      expect(update.json()).toMatchObject({ id: branch.id, phone: '01-5511111', district_id: null, name: 'Lalitpur branch' });
      const [updated] = await t.database.db.select().from(collegeBranches).where(eq(collegeBranches.id, branch.id));
      expect(updated).toMatchObject({ phone: '01-5511111', district_id: null });

      // the other college's branch: not found for this account, and untouched
      const cross = await json('PATCH', `/college/dashboard/branches/${foreign.json().id}/`, { name: 'Taken over' }, college);
      expect(cross.statusCode).toBe(404);
      expectErrorShape(cross.json());
      const crossDelete = await t.app.inject({
        method: 'DELETE',
        url: `/api/college/dashboard/branches/${foreign.json().id}/`,
        headers: college,
      });
      expect(crossDelete.statusCode).toBe(404);
      const [untouched] = await t.database.db.select().from(collegeBranches).where(eq(collegeBranches.id, foreign.json().id));
      expect(untouched).toMatchObject({ name: 'Other branch', college_id: other });

      const del = await t.app.inject({ method: 'DELETE', url: `/api/college/dashboard/branches/${branch.id}/`, headers: college });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ message: 'Branch deleted successfully!' });
      expect(await t.database.db.select().from(collegeBranches).where(eq(collegeBranches.id, branch.id))).toEqual([]);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/college/dashboard/branches/${branch.id}/`, headers: college })).statusCode,
      ).toBe(404);
    });
  });
});
