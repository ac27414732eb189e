/**
 * The rebuild runner against the seeded API, into its own site folder: a full build, then
 * data-only rebuilds after records are created, edited and deleted; at the end the result must be
 * the very files a fresh full build makes from the same data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astroBuild, createRebuildRunner, type RebuildResult } from '../../server/site/rebuild.ts';
import { adminToken, apiJson, apiSignIn, baseUrl } from './site-helpers.ts';

const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-rebuild-'));
let version = 1;
let runner: ReturnType<typeof createRebuildRunner>;
let token = '';
const name = `Incremental Test Consultancy ${Date.now()}`;
let consultancy: { id: number; slug: string } | null = null;
let offer: { id: number; title: string } | null = null;
let destination: { id: number; name: string } | null = null;

const file = (p: string) => path.join(siteDir, 'current', p);
const read = (p: string) => fs.readFileSync(file(p), 'utf8');
async function rebuild(): Promise<RebuildResult> {
  version++;
  const r = await runner.check();
  expect(r, JSON.stringify(r)).toMatchObject({ status: 'built', mode: 'incremental' });
  return r;
}
const send = (method: string, apiPath: string, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return apiJson<Record<string, unknown>>(apiPath, { method, headers: { Authorization: `Bearer ${token}` }, body: form });
};
const postJson = <T = Record<string, unknown>>(apiPath: string, as: string | null, body: unknown) =>
  apiJson<T>(apiPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(as ? { Authorization: `Bearer ${as}` } : {}) },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  token = await adminToken();
  runner = createRebuildRunner({
    apiUrl: `${baseUrl()}/api`,
    siteDir,
    siteUrl: baseUrl(),
    readVersion: async () => version,
    log: () => {},
    standby: true,
  });
  const r = await runner.check();
  expect(r, JSON.stringify(r)).toMatchObject({ status: 'built', mode: 'full' });
}, 240_000);

afterAll(async () => {
  await runner?.stop();
  if (consultancy) await send('DELETE', `consultancy/${consultancy.id}/delete/`, {}).catch(() => {});
  if (destination) await send('DELETE', `destination/${destination.id}/delete/`, {}).catch(() => {});
  fs.rmSync(siteDir, { recursive: true, force: true });
});

describe('data-only rebuilds (rebuild runner)', () => {
  it('gives a new record its page, its apply page, a place in its list and in the sitemap, but none among the home page’s top consultancies while it is unlicensed', async () => {
    const row = await send('POST', 'consultancy/create/', { name, address: 'Baneshwor, Kathmandu', priority: '10000' });
    consultancy = { id: row.id as number, slug: row.slug as string };
    const previous = fs.realpathSync(path.join(siteDir, 'current'));
    const previousHome = fs.readFileSync(path.join(previous, 'index.html'));
    const r = await rebuild();
    expect(r.report!.rendered).toBeLessThan(r.report!.paths / 10);
    // a new folder swapped in, the build visitors were reading left as it was
    expect(fs.realpathSync(path.join(siteDir, 'current'))).not.toBe(previous);
    expect(fs.readFileSync(path.join(previous, 'index.html')).equals(previousHome)).toBe(true);
    expect(fs.existsSync(path.join(previous, `consultancy/${consultancy.slug}`))).toBe(false);
    expect(read(`consultancy/${consultancy.slug}/index.html`)).toMatch(new RegExp(`<h1[^>]*>${name}</h1>`));
    expect(fs.existsSync(file(`consultancy/${consultancy.slug}/apply/index.html`))).toBe(true);
    expect(read('consultancy/index.html')).toContain(name);
    // the home page promotes only verified, licensed consultancies, whatever their priority
    expect(read('index.html')).not.toContain(name);
    expect(read('sitemap.xml')).toContain(`/consultancy/${consultancy.slug}/</loc>`);
  });

  it('updates the page of an edited record, and the related page of a record that refers to it', async () => {
    await send('PATCH', `consultancy/${consultancy!.id}/update/`, { phone: '9801234567' });
    const edited = await rebuild();
    expect(read(`consultancy/${consultancy!.slug}/index.html`)).toContain('9801234567');
    // its pages and the list page showing it; no other record's page, and none of the files keyed by what they are (flags, the console's shells)
    const rendered = edited.report!.renderedPaths;
    expect(rendered).toEqual(expect.arrayContaining([`/consultancy/${consultancy!.slug}/`, `/consultancy/${consultancy!.slug}/apply/`]));
    expect(
      rendered.filter(
        (p) =>
          /^\/(consultancy|university|course|destination)\/[^/]+\/$/.test(p) &&
          !p.includes(consultancy!.slug) &&
          !p.startsWith('/consultancy/page/'),
      ),
    ).toEqual([]);
    expect(rendered.filter((p) => /^\/(flags|admin|dashboard)\//.test(p))).toEqual([]);

    const row = await send('POST', 'offer/admin/', {
      title: `Free visa file review ${Date.now()}`,
      consultancy_id: String(consultancy!.id),
    });
    offer = { id: row.id as number, title: row.title as string };
    const r = await rebuild();
    expect(read(`consultancy/${consultancy!.slug}/index.html`)).toContain(offer.title);
    expect(fs.existsSync(file(`offer/${(row.slug as string | undefined) ?? row.id}/index.html`))).toBe(true);
    expect(r.report!.data!.lists.offer).toBe('read');
  });

  it('re-renders for a new destination only the pages that can name it, and for a renamed one the pages that do', async () => {
    const before = fs.realpathSync(path.join(siteDir, 'current'));
    const inode = (dir: string, p: string) => fs.statSync(path.join(dir, p)).ino;
    const untouched = [
      `consultancy/${consultancy!.slug}/index.html`,
      `consultancy/${consultancy!.slug}/apply/index.html`,
      'consultancy/page/2/index.html',
    ];
    const created = await send('POST', 'destination/create/', { name: `Rebuildland ${Date.now()}` });
    destination = { id: created.id as number, name: created.name as string };
    const r = await rebuild();
    // the detail and apply pages of every row that does not refer to it stay the files they were
    for (const p of untouched) expect(inode(fs.realpathSync(path.join(siteDir, 'current')), p), p).toBe(inode(before, p));
    expect(r.report!.rendered).toBeLessThan(r.report!.paths / 10);

    await apiJson(`consultancy/${consultancy!.id}/update/`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ study_abroad_destinations: [destination.id] }),
    });
    await rebuild();
    expect(read(`consultancy/${consultancy!.slug}/index.html`)).toContain(destination.name);
    const renamed = `${destination.name} Renamed`;
    await send('PATCH', `destination/${destination.id}/update/`, { name: renamed });
    await rebuild();
    expect(read(`consultancy/${consultancy!.slug}/index.html`)).toContain(renamed);
  });

  it('removes the pages of a deleted record (and of the records deleted with it) from the site, its list and the sitemap', async () => {
    await send('DELETE', `consultancy/${consultancy!.id}/delete/`, {});
    const slug = consultancy!.slug;
    consultancy = null;
    const r = await rebuild();
    expect(r.report!.deleted).toBeGreaterThanOrEqual(3); // the page, its apply page, its offer's page
    expect(fs.existsSync(file(`consultancy/${slug}/index.html`))).toBe(false);
    expect(fs.existsSync(file(`consultancy/${slug}`))).toBe(false);
    expect(read('consultancy/index.html')).not.toContain(name);
    expect(read('index.html')).not.toContain(name);
    expect(read('sitemap.xml')).not.toContain(`/consultancy/${slug}/`);
    expect(read(`consultancy/index.html`)).toBeTruthy();
    const offers = await apiJson<{ results: { id: number }[] }>('offer/?page_size=1000');
    expect(offers.results.map((o) => o.id)).not.toContain(offer!.id);
  });

  it('re-renders the page of a row whose referred row of another kind was renamed (a course names its university)', async () => {
    const { results } = await apiJson<{ results: { slug: string; university_id: number }[] }>('course/?page_size=1');
    const course = results[0]!;
    const university = await apiJson<{ id: number; name: string }>(`university/${course.university_id}/`);
    const renamed = `${university.name} Renamed`;
    await send('PATCH', `university/${university.id}/update/`, { name: renamed });
    await rebuild();
    expect(read(`course/${course.slug}/index.html`)).toContain(renamed);
    // the other files share this API: their site, built before, names the university as it was
    await send('PATCH', `university/${university.id}/update/`, { name: university.name });
  });

  it('puts a forum answer, a review and its reply and a complaint on the pages, from the rows changed since', async () => {
    const stamp = Date.now();
    const { access: student } = await apiSignIn('student@example.com');
    const [question] = (await apiJson<{ results: { id: number }[] }>('forum/questions/?page_size=1')).results;
    const answer = `Book the biometrics slot as soon as the CAS arrives (${stamp})`;
    await postJson(`forum/questions/${question!.id}/reply/`, student, { body: answer });
    let r = await rebuild();
    expect(read(`forum/${question!.id}/index.html`)).toContain(answer);
    // the question's reply count moved (the probe may show it: patched, not shown on a page); no list read whole
    expect(r.report!.data!.lists).toMatchObject({ forumReply: 'added 1', forumCategories: 'kept' });
    expect(r.report!.data!.lists.forumQuestion).toMatch(/^(kept|patched \d+)$/);

    // a review needs an application the consultancy acted on, by its tracking code
    const agent = await apiSignIn<{ access: string; user: { consultancy_id: number } }>('consultancy@example.com');
    const reviewed = await apiJson<{ slug: string }>(`consultancy/${agent.user.consultancy_id}/`);
    const { tracking_code } = await postJson<{ tracking_code: string }>('consultancy-application/submit/', null, {
      consultancy: agent.user.consultancy_id,
      full_name: 'Rebuild Reviewer',
      email: `rebuild-reviewer-${stamp}@example.com`,
      phone: '9812300789',
    });
    const [application] = (
      await apiJson<{ results: { id: number }[] }>(`consultancy/dashboard/applications/?search=${tracking_code}`, {
        headers: { Authorization: `Bearer ${agent.access}` },
      })
    ).results;
    await postJson(`consultancy/dashboard/applications/${application!.id}/status/`, agent.access, { status: 'counselling' });
    const text = `Clear about every fee from the first meeting (${stamp}).`;
    await postJson('consultancy-review/submit/', null, { tracking_code, honesty: 5, responsiveness: 4, visa_guidance: 4, text });
    r = await rebuild();
    const page = `consultancy/${reviewed.slug}/index.html`;
    expect(read(page)).toContain(text);
    expect(r.report!.data!.lists.consultancyReview).toBe('added 1');
    const [review] = (await apiJson<{ results: { id: number }[] }>(`consultancy-review/?consultancy=${agent.user.consultancy_id}`)).results;
    const reply = `Thank you for the kind words (${stamp}).`;
    await postJson(`consultancy/dashboard/reviews/${review!.id}/reply/`, agent.access, { reply });
    r = await rebuild();
    expect(read(page)).toContain(reply);
    expect(r.report!.data!.lists.consultancyReview).toBe('patched 1');

    // a complaint moves the consultancy's public record (read with every rebuild, see complaint-records.ts)
    const before = read(page);
    const complaint = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Rebuild Complainant',
      email: `rebuild-complainant-${stamp}@example.com`,
      subject: `Receipt withheld ${stamp}`,
      message: 'They kept my original receipt and will not return it.',
      consultancy: String(agent.user.consultancy_id),
    }))
      complaint.set(k, v);
    await apiJson('complaint/submit/', { method: 'POST', body: complaint });
    await rebuild();
    expect(read(page)).not.toBe(before);
  });

  it('leaves the very files a full build makes from the same data', async () => {
    const fresh = path.join(siteDir, 'fresh');
    await astroBuild(fresh, `${baseUrl()}/api`, { SITE_URL: baseUrl(), ASTRO_CACHE_DIR: path.join(siteDir, 'fresh-cache') });
    const list = (dir: string, base = dir): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? list(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))]))
        .filter((f) => f !== '.site-version');
    const built = fs.realpathSync(path.join(siteDir, 'current'));
    const ours = list(built).sort();
    expect(ours).toEqual(list(fresh).sort());
    const different = ours.filter((f) => !fs.readFileSync(path.join(built, f)).equals(fs.readFileSync(path.join(fresh, f))));
    expect(different).toEqual([]);
  }, 240_000);
});
