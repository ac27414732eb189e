import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createConsultancy, createForumCategory, engines, expectErrorShape, tokenFor, type TestApp } from './helpers.ts';
import { consultancies } from '../../server/db/schema/index.ts';
import { readContentVersion } from '../../server/content-version.ts';

type Caller = Awaited<ReturnType<typeof tokenFor>>;
type Row = { id: number; updated_at: string };

/**
 * A forum post's updated_at moves with every change its page shows, and `ordering=-updated_at`
 * lists it first: the site build's copy of the forum reads only the posts changed since it was read
 * (src/pages/_lib/data-cache.ts), so a change that did not move it would stay off the site.
 */
describe.each(engines)('forum posts changed since, on %s', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let asker: Caller;
  let answerer: Caller;
  let category: { id: number; slug: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await tokenFor(t, 'admin');
    asker = await tokenFor(t, 'student');
    answerer = await tokenFor(t, 'student');
    category = await createForumCategory(t.database.db);
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who?: Caller, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const changedFirst = async (list: string): Promise<Row[]> =>
    (await call('GET', `/forum/${list}/?ordering=-updated_at&page_size=1000`)).results;
  const stampOf = async (list: string, id: number) => (await changedFirst(list)).find((r) => r.id === id)?.updated_at;

  /** `write` moves the row's updated_at, and the row comes first among the changed ones. */
  async function moves(list: 'questions' | 'replies' | 'categories', id: number, write: () => Promise<unknown>) {
    const before = await stampOf(list, id);
    await new Promise((resolve) => setTimeout(resolve, 5)); // now() of the next transaction is later
    await write();
    const [first] = await changedFirst(list);
    expect(first?.id).toBe(id);
    if (before) expect(Date.parse(first!.updated_at)).toBeGreaterThan(Date.parse(before));
  }

  const ask = async () =>
    (await call('POST', '/forum/questions/', asker, { title: `Question ${randomUUID()}`, category: category.id })) as Row;
  const reply = async (questionId: number, who = answerer) =>
    (await call('POST', `/forum/questions/${questionId}/reply/`, who, { body: `Answer ${randomUUID()}` })) as Row;

  it('moves a question for its edit, an accepted answer, moderation, its author’s new name and its category’s', async () => {
    const q = await ask();
    expect((await changedFirst('questions'))[0]?.id).toBe(q.id);
    const r = await reply(q.id);
    await moves('questions', q.id, () => call('PATCH', `/forum/questions/${q.id}/`, asker, { title: `Edited ${randomUUID()}` }));
    await moves('questions', q.id, () => call('POST', `/forum/questions/${q.id}/accept/`, asker, { reply: r.id }));
    await call('PATCH', `/forum/questions/${q.id}/moderate/`, admin, { hidden: true });
    expect((await changedFirst('questions')).map((row) => row.id)).not.toContain(q.id);
    await moves('questions', q.id, () => call('PATCH', `/forum/questions/${q.id}/moderate/`, admin, { hidden: false }));
    // a rename is a content write (the built pages show the name): the site is built again
    const version = await readContentVersion(t.database.db);
    await moves('questions', q.id, () => call('PUT', `/auth/users/${asker.id}/`, admin, { first_name: `Renamed${Date.now()}` }));
    expect(await readContentVersion(t.database.db)).toBeGreaterThan(version);
    await moves('questions', q.id, () =>
      call('PATCH', `/forum/categories/${category.id}/update/`, admin, { name: `Visas ${randomUUID()}` }),
    );
  });

  it('moves a reply for its edit, moderation, its question shown again, its author’s new name and institution’s', async () => {
    const q = await ask();
    const r = await reply(q.id);
    expect((await changedFirst('replies'))[0]?.id).toBe(r.id);
    await moves('replies', r.id, () => call('PATCH', `/forum/replies/${r.id}/`, answerer, { body: `Edited ${randomUUID()}` }));
    await call('PATCH', `/forum/replies/${r.id}/moderate/`, admin, { hidden: true });
    await moves('replies', r.id, () => call('PATCH', `/forum/replies/${r.id}/moderate/`, admin, { hidden: false }));
    await call('PATCH', `/forum/questions/${q.id}/moderate/`, admin, { hidden: true });
    expect((await changedFirst('replies')).map((row) => row.id)).not.toContain(r.id);
    await moves('replies', r.id, () => call('PATCH', `/forum/questions/${q.id}/moderate/`, admin, { hidden: false }));
    await moves('replies', r.id, () => call('PUT', `/auth/users/${answerer.id}/`, admin, { last_name: `Renamed${Date.now()}` }));

    const consultancyId = await createConsultancy(t.database.db);
    await t.database.db.update(consultancies).set({ verified: true }).where(eq(consultancies.id, consultancyId));
    const fromConsultancy = await reply(q.id, await tokenFor(t, 'consultancy', { consultancy_id: consultancyId }));
    await moves('replies', fromConsultancy.id, () =>
      call('PATCH', `/consultancy/${consultancyId}/update/`, admin, { name: `Himal Renamed ${randomUUID()}` }),
    );
    expect((await changedFirst('replies')).find((row) => row.id === fromConsultancy.id)).toMatchObject({
      institution: { kind: 'consultancy', name: expect.stringMatching(/^Himal Renamed/) },
    });
  });

  it('moves a category for its rename', async () => {
    const other = await createForumCategory(t.database.db);
    await moves('categories', other.id, () =>
      call('PATCH', `/forum/categories/${other.id}/update/`, admin, { name: `FAQ ${randomUUID()}` }),
    );
  });

  it('answers 400 with the error shape for another order of the replies or categories', async () => {
    for (const list of ['replies', 'categories']) {
      const res = await t.app.inject({ url: `/api/forum/${list}/?ordering=-created_at` });
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    }
  });
});
