/**
 * A site students trust at first glance (issue 22), in a real Chromium on the built site: the
 * counselling banner never names a consultancy we warn about, and stops naming one whose licence is
 * withdrawn without a rebuild; cards state what a student decides on, the same in the static list
 * and in live results; applying to an unlicensed consultancy warns first.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, apiJson, baseUrl, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

type Consultancy = {
  id: number;
  name: string;
  slug: string;
  verified: boolean;
  promotable: boolean;
  licence: { issuing_office: string } | null;
};
type Settings = {
  featured_counselling_consultancy_id: number | null;
  featured_counselling_consultancy_name: string | null;
  show_counselling_bar: boolean;
};

const consultancies = async () => (await apiJson<{ results: Consultancy[] }>('consultancy/?page_size=1000')).results;
const patchSettings = async (token: string, body: object) =>
  fetch(`${baseUrl()}/api/site-settings/update/`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

describe('the counselling banner', () => {
  it('never names an unlicensed consultancy, and a withdrawn licence hides it at once, without a rebuild', async () => {
    const token = await adminToken();
    const before = await apiJson<Settings>('site-settings/');
    const rows = await consultancies();
    // the seed features one we may promote
    expect(rows.find((r) => r.id === before.featured_counselling_consultancy_id)?.promotable).toBe(true);
    const unlicensed = rows.find((r) => r.licence === null && r.verified)!;
    const refused = await patchSettings(token, { featured_counselling_consultancy_id: unlicensed.id });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields.featured_counselling_consultancy_id[0]).toContain('has no licence on record');

    // the last one we may promote: the other suites read the first ones
    const chosen = rows.filter((r) => r.promotable && r.id !== before.featured_counselling_consultancy_id).at(-1)!;
    const context = await newContext({ noBanner: false });
    try {
      expect((await patchSettings(token, { featured_counselling_consultancy_id: chosen.id, show_counselling_bar: true })).status).toBe(200);
      const page = await context.newPage();
      await page.goto('/scholarship/');
      const banner = page.getByRole('complementary', { name: 'Free counselling' });
      await banner.waitFor({ timeout: 15_000 });
      expect(await banner.textContent()).toContain(`FREE counseling with ${chosen.name}`);

      // an admin withdraws its licence: the settings stop giving it, and the same static page has no banner
      const [licence] = (
        await apiJson<{ results: { id: number; consultancy_id: number }[] }>(
          `consultancy-licence/admin/?status=verified&search=${encodeURIComponent(chosen.name)}`,
          { headers: { authorization: `Bearer ${token}` } },
        )
      ).results.filter((l) => l.consultancy_id === chosen.id);
      const withdrawn = await fetch(`${baseUrl()}/api/consultancy-licence/${licence!.id}/reject/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ reason: 'The permission was revoked (e2e).' }),
      });
      expect(withdrawn.status).toBe(200);
      const settings = page.waitForResponse('**/api/site-settings/');
      await page.reload();
      expect((await (await settings).json()).featured_counselling_consultancy_name).toBeNull();
      await hydrated(page);
      await page.waitForTimeout(2500);
      expect(await banner.count()).toBe(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await patchSettings(token, {
        featured_counselling_consultancy_id: before.featured_counselling_consultancy_id,
        show_counselling_bar: before.show_counselling_bar,
      });
      await context.close();
    }
  });
});

describe('cards carry the decision', () => {
  const cardText = async (path: string, slug: string) => {
    const html = await fetch(baseUrl() + path).then((r) => r.text());
    const start = html.indexOf(`href="/${path.split('/')[1]}/${slug}/"`);
    expect(start, `${slug} on ${path}`).toBeGreaterThan(0);
    const card = html.slice(html.lastIndexOf('<li', start), html.indexOf('</li>', start));
    return card
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#39;|&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ');
  };

  it('consultancies: licence state, rating with its reviews, the 12-month complaint record, the same in live results', async () => {
    const rows = await consultancies();
    const first = (
      await apiJson<{
        results: (Consultancy & { review_score: number | null; review_count: number; complaints_12m: number; address: string })[];
      }>('consultancy/?page_size=20')
    ).results;
    const text = await cardText('/consultancy/', first[0]!.slug);
    expect(text).toMatch(
      first[0]!.review_score === null
        ? /No reviews yet/
        : new RegExp(`Rated ${first[0]!.review_score.toFixed(1)} of 5 from ${first[0]!.review_count} reviews?`),
    );
    expect(text).toMatch(first[0]!.complaints_12m ? /\d+ complaints? in the last 12 months/ : /No complaints in the last 12 months/);
    expect(text).toMatch(/Licensed|No licence on record|Licence expired/);

    // a consultancy with no licence says so on its card, in the warning colour
    const none = rows.find((r) => r.licence === null)!;
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto(`/consultancy/?search=${encodeURIComponent(none.name)}`);
    await hydrated(page);
    const live = page.locator('li.card', { has: page.locator(`a[href="/consultancy/${none.slug}/"]`) }).first();
    await live.waitFor();
    const badge = live.locator('a.badge.warn', { hasText: 'No licence on record' });
    expect(await badge.isVisible()).toBe(true);
    expect(await badge.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(138, 75, 0)');
    expect(await badge.getAttribute('href')).toBe('/how-we-verify/#licence');
    // live results show the card the static list shows
    const liveText = (await live.textContent())!.replace(/\s+/g, ' ');
    expect(liveText).toMatch(/No reviews yet|Rated \d\.\d of 5/);
    expect(liveText).toMatch(/complaints? in the last 12 months/);
    await context.close();

    // "Top consultancies" on the home page promotes only verified, licensed ones
    const home = await fetch(baseUrl() + '/').then((r) => r.text());
    const top = home.slice(home.indexOf('Top consultancies'), home.indexOf('All consultancies'));
    const slugs = [...top.matchAll(/href="\/consultancy\/([^/"]+)\/"/g)].map((m) => m[1]);
    expect(slugs.length).toBeGreaterThan(0);
    const bySlug = new Map(rows.map((r) => [r.slug, r]));
    for (const slug of slugs) expect(bySlug.get(slug!)?.promotable, slug).toBe(true);
  });

  it('courses: fee with rupees, duration, intakes, level, university; universities: ranking, tuition with rupees, recognition', async () => {
    const courses = (
      await apiJson<{ results: { slug: string; fee: number | null; duration_months: number | null; intakes: string[] }[] }>(
        'course/?page_size=50',
      )
    ).results;
    const course = courses.find((c) => c.fee && c.duration_months && c.intakes.length)!;
    const courseCard = await cardText('/course/', course.slug);
    expect(courseCard).toMatch(/Yearly fee [A-Z]{3} [\d,]+ \(about NPR [\d,]+/);
    expect(courseCard).toContain(`${course.duration_months} months`);
    expect(courseCard).toContain(`Intakes ${course.intakes.join(', ')}`);
    expect(courseCard).toMatch(/Certificate|Diploma|Foundation|Bachelor|Master|Phd/);

    const universities = (
      await apiJson<{
        results: { slug: string; world_ranking: number | null; tuition_min: number | null; register_status: string | null }[];
      }>('university/?page_size=50')
    ).results;
    const university = universities.find((u) => u.world_ranking && u.tuition_min)!;
    const universityCard = await cardText('/university/', university.slug);
    expect(universityCard).toContain(`World ranking #${university.world_ranking!.toLocaleString('en-US')}`);
    expect(universityCard).toMatch(/Yearly tuition from [A-Z]{3} [\d,]+ \(about NPR [\d,]+/);
    expect(universityCard).toContain(
      university.register_status === 'listed'
        ? 'Recognised in its country’s register'
        : university.register_status === 'not_found'
          ? 'Not found in its country’s register'
          : 'Recognition not checked yet',
    );
  });
});

describe('applying to an unlicensed consultancy', () => {
  it('warns before the form, as loudly as the recognition warning, and links to how we verify', async () => {
    const none = (await consultancies()).find((r) => r.licence === null)!;
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto(`/consultancy/${none.slug}/apply/`);
    await hydrated(page);
    const warning = page.locator('[data-licence-warning]');
    await warning.waitFor();
    expect(await warning.textContent()).toContain(`${none.name} has no licence on record`);
    // the recognition warning's class: the same amber border
    expect(await warning.evaluate((el) => el.classList.contains('notice') && getComputedStyle(el).borderLeftColor)).toBe('rgb(138, 75, 0)');
    await warning.getByRole('link', { name: 'How we check licences' }).click();
    await page.waitForURL(/\/how-we-verify\/#licence$/);
    await context.close();
  });
});
