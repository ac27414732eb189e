import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, multipart, pngImage, tokenFor, type TestApp } from './helpers.ts';

type Upload = { field: string; filename: string; data: Buffer; type: string };

describe.each(engines)('deletes remove the files of the rows they cascade to, on %s', (engine) => {
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = (await tokenFor(t, 'admin')).auth;
  });
  afterAll(() => t.close());

  // files are named by content: a size used once in this file is a file no other row shares
  const png = async (field: string, size: number): Promise<Upload> => ({ field, filename: `${field}.png`, data: await pngImage(size, size), type: 'image/png' });
  const create = async (url: string, fields: Record<string, string>, files: Upload[] = []) => {
    const form = multipart(fields, files);
    const res = await t.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...admin, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const remove = async (url: string) => expect((await t.app.inject({ method: 'DELETE', url: `/api${url}`, headers: admin })).statusCode).toBe(200);
  const stored = (url: string) => fs.existsSync(path.join(t.uploadsDir, url.replace('/media/', '')));

  it("a university's delete removes its courses' images, but not a file another row still uses", async () => {
    const university = await create('/university/create/', { name: 'Cascade University' }, [await png('logo', 40)]);
    const other = await create('/university/create/', { name: 'Staying University' });
    const course = await create('/course/create/', { name: 'BSc Cascading', university_id: String(university.id), level: 'bachelor' }, [await png('icon', 41), await png('cover_image', 42)]);
    const sharing = await create('/course/create/', { name: 'BSc Staying', university_id: String(other.id), level: 'bachelor' }, [await png('cover_image', 42)]);
    expect(sharing.cover_image).toBe(course.cover_image);
    for (const url of [university.logo, course.icon, course.cover_image]) expect(stored(url)).toBe(true);

    await remove(`/university/${university.id}/delete/`);
    expect((await t.app.inject({ url: `/api/course/${course.id}/` })).statusCode).toBe(404);
    expect(stored(university.logo)).toBe(false);
    expect(stored(course.icon)).toBe(false);
    expect(stored(course.cover_image)).toBe(true);
  });

  it("a consultancy's delete removes its offers' images", async () => {
    const consultancy = await create('/consultancy/create/', { name: 'Cascade Consultancy' });
    const offer = await create('/offer/admin/', { title: 'Half-price counselling', consultancy_id: String(consultancy.id) }, [await png('image', 43)]);
    expect(stored(offer.image)).toBe(true);

    await remove(`/consultancy/${consultancy.id}/delete/`);
    expect((await t.app.inject({ url: `/api/offer/${offer.id}/` })).statusCode).toBe(404);
    expect(stored(offer.image)).toBe(false);
  });

  it('takes a deleted row out of every list that names it, so those records can be saved again as they are', async () => {
    const [jhapa, ilam] = [await create('/districts/create/', { name: 'Jhapa' }), await create('/districts/create/', { name: 'Ilam' })];
    const consultancy = await create('/consultancy/create/', { name: 'Mechi Abroad', districts: JSON.stringify([jhapa.id, ilam.id]) });
    const before = (await t.app.inject({ url: `/api/consultancy/${consultancy.id}/` })).json();

    await remove(`/districts/${jhapa.id}/delete/`);
    const after = (await t.app.inject({ url: `/api/consultancy/${consultancy.id}/` })).json();
    expect(after.districts).toEqual([ilam.id]);
    expect(after.updated_at).not.toBe(before.updated_at);
    const form = multipart({ districts: JSON.stringify(after.districts) }, []);
    const saved = await t.app.inject({ method: 'PATCH', url: `/api/consultancy/${consultancy.id}/update/`, headers: { ...admin, ...form.headers }, payload: form.payload });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
