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
  const png = async (field: string, size: number): Promise<Upload> => ({
    field,
    filename: `${field}.png`,
    data: await pngImage(size, size),
    type: 'image/png',
  });
  const create = async (url: string, fields: Record<string, string>, files: Upload[] = []) => {
    const form = multipart(fields, files);
    const res = await t.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...admin, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const remove = async (url: string) =>
    expect((await t.app.inject({ method: 'DELETE', url: `/api${url}`, headers: admin })).statusCode).toBe(200);
  const stored = (url: string) => fs.existsSync(path.join(t.uploadsDir, url.replace('/media/', '')));

  it("a university's delete removes its courses' images, but not a file another row still uses", async () => {
    const university = await create('/university/create/', { name: 'Cascade University' }, [await png('logo', 40)]);
    const other = await create('/university/create/', { name: 'Staying University' });
    const course = await create('/course/create/', { name: 'BSc Cascading', university_id: String(university.id), level: 'bachelor' }, [
      await png('icon', 41),
      await png('cover_image', 42),
    ]);
    const sharing = await create('/course/create/', { name: 'BSc Staying', university_id: String(other.id), level: 'bachelor' }, [
      await png('cover_image', 42),
    ]);
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
    const offer = await create('/offer/admin/', { title: 'Half-price counselling', consultancy_id: String(consultancy.id) }, [
      await png('image', 43),
    ]);
    expect(stored(offer.image)).toBe(true);

    await remove(`/consultancy/${consultancy.id}/delete/`);
    expect((await t.app.inject({ url: `/api/offer/${offer.id}/` })).statusCode).toBe(404);
    expect(stored(offer.image)).toBe(false);
  });

  it('refuses to delete a row others use: 409 naming how many of each kind, nothing deleted', async () => {
    const nepal = await create('/destination/create/', { name: 'Refusal Land' });
    const [u1, u2] = [
      await create('/university/create/', { name: 'Refusal University One', destination_id: String(nepal.id) }),
      await create('/university/create/', { name: 'Refusal University Two', destination_id: String(nepal.id) }),
    ];
    const event = await create('/event/create/', {
      title: 'Refusal Fair',
      starts_at: '2027-01-10T10:00:00Z',
      ends_at: '2027-01-10T16:00:00Z',
      targeted_destinations: JSON.stringify([nepal.id]),
    });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/destination/${nepal.id}/delete/`, headers: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'This destination is used by 2 universities, 1 event. Choose another destination for them, or change them first.',
      used_by: [
        { entity: 'university', label: 'universities', count: 2 },
        { entity: 'event', label: 'event', count: 1 },
      ],
    });
    expect((await t.app.inject({ url: `/api/destination/${nepal.id}/` })).statusCode).toBe(200);
    // asked first (the console's delete dialog): the same counts, with the rows' titles, and nothing deleted
    const uses = await t.app.inject({ url: `/api/destination/${nepal.id}/uses/`, headers: admin });
    expect(uses.json()).toEqual({
      used_by: [
        { entity: 'university', label: 'universities', count: 2, names: ['Refusal University One', 'Refusal University Two'] },
        { entity: 'event', label: 'event', count: 1, names: ['Refusal Fair'] },
      ],
    });
    expect((await t.app.inject({ url: `/api/university/${u1.id}/uses/`, headers: admin })).json()).toEqual({ used_by: [] });
    for (const u of [u1, u2]) expect((await t.app.inject({ url: `/api/university/${u.id}/` })).json().destination_id).toBe(nepal.id);
    expect((await t.app.inject({ url: `/api/event/${event.id}/` })).json().targeted_destinations).toEqual([nepal.id]);
  });

  it('with reassign_to moves every reference to the other row and deletes, in one go; a row nobody uses deletes directly', async () => {
    const [jhapa, ilam, morang] = [
      await create('/districts/create/', { name: 'Jhapa' }),
      await create('/districts/create/', { name: 'Ilam' }),
      await create('/districts/create/', { name: 'Morang' }),
    ];
    const both = await create('/consultancy/create/', { name: 'Mechi Abroad', districts: JSON.stringify([jhapa.id, ilam.id]) });
    const one = await create('/consultancy/create/', { name: 'Kankai Abroad', districts: JSON.stringify([jhapa.id]) });
    const bad = async (query: string) =>
      (await t.app.inject({ method: 'DELETE', url: `/api/districts/${jhapa.id}/delete/?${query}`, headers: admin })).json();
    expect((await bad(`reassign_to=${jhapa.id}`)).fields.reassign_to).toBeDefined();
    expect((await bad('reassign_to=999999')).fields.reassign_to).toBeDefined();
    expect((await bad('reassign_to=abc')).fields.reassign_to).toBeDefined();

    await remove(`/districts/${jhapa.id}/delete/?reassign_to=${ilam.id}`);
    expect((await t.app.inject({ url: `/api/districts/${jhapa.id}/` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/consultancy/${both.id}/` })).json().districts).toEqual([ilam.id]);
    expect((await t.app.inject({ url: `/api/consultancy/${one.id}/` })).json().districts).toEqual([ilam.id]);
    const form = multipart({ districts: JSON.stringify([ilam.id]) }, []);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/consultancy/${both.id}/update/`,
          headers: { ...admin, ...form.headers },
          payload: form.payload,
        })
      ).statusCode,
    ).toBe(200);
    await remove(`/districts/${morang.id}/delete/`);
  });
});
