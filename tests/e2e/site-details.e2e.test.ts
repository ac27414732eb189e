/**
 * Detail pages of the pre-rendered site (issue 4): what a student needs on each kind of page, and
 * the SEO head (canonical, Open Graph, schema.org JSON-LD). The records come from the seeded API;
 * the pages are the built site's HTML, fetched and parsed (happy-dom's DOMParser, no browser).
 * Only records untouched since the seed are used (updated_at = created_at): the site was built once
 * at setup, and other files edit a few records through the API without rebuilding it.
 */
import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { apiJson, baseUrl } from './site-helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = { id: number; slug: string; created_at: string; updated_at: string } & Record<string, any>;
type Doc = ReturnType<InstanceType<Window['DOMParser']>['parseFromString']>;
type El = NonNullable<ReturnType<Doc['querySelector']>>;
type JsonLd = Record<string, unknown>;

const window = new Window({
  settings: {
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    disableIframePageLoading: true,
  },
});
afterAll(() => window.happyDOM.close());

const lists = new Map<string, Promise<Row[]>>();
/** Every row of a public list (cached per file). */
function all(path: string): Promise<Row[]> {
  let hit = lists.get(path);
  if (!hit)
    lists.set(path, (hit = apiJson<Row[] | { results: Row[] }>(`${path}/?page_size=1000`).then((r) => (Array.isArray(r) ? r : r.results))));
  return hit;
}
const byId = async (path: string) => new Map((await all(path)).map((r) => [r.id, r]));
const untouched = (r: Row) => r.updated_at === r.created_at;
const pick = (rows: Row[], what: string, test: (r: Row) => boolean) => {
  const row = rows.find((r) => untouched(r) && test(r));
  expect(row, `a seeded record with ${what}`).toBeDefined();
  return row!;
};

async function load(path: string): Promise<Doc> {
  const response = await fetch(baseUrl() + path);
  expect(response.status, path).toBe(200);
  return new window.DOMParser().parseFromString(await response.text(), 'text/html');
}

const text = (el: El | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const abs = (href: string) => new URL(href, baseUrl()).href;

/** The <section> whose first heading reads `heading` (a panel or a body section). */
function section(doc: Doc, heading: string): El {
  const found = [...doc.querySelectorAll('main section')].find((s) => text(s.querySelector('h2, h3')) === heading);
  expect(found, `section "${heading}"`).toBeDefined();
  return found!;
}
const itemsOf = (s: El) => [...s.querySelectorAll('li')].map((li) => text(li));
const linksOf = (s: El) => [...s.querySelectorAll('a')].map((a) => ({ text: text(a), href: a.getAttribute('href') }));

/** The value (dd) next to a fact label (dt) of the "Key facts" list. */
function fact(doc: Doc, label: string): El {
  const dt = [...doc.querySelectorAll('main .facts dt')].find((d) => text(d) === label);
  expect(dt, `fact "${label}"`).toBeDefined();
  return dt!.nextElementSibling!;
}

const meta = (doc: Doc, property: string) => doc.querySelector(`meta[property="${property}"]`)?.getAttribute('content') ?? null;

/** Every JSON-LD object of the page (arrays and @graph flattened), each parsed. */
function jsonLds(doc: Doc): JsonLd[] {
  const scripts = [...doc.querySelectorAll('script[type="application/ld+json"]')];
  expect(scripts.length, 'JSON-LD scripts').toBeGreaterThan(0);
  return scripts.flatMap((s) => {
    const value = JSON.parse(s.textContent ?? '') as JsonLd | JsonLd[];
    const top = Array.isArray(value) ? value : [value];
    return top.flatMap((v) =>
      Array.isArray(v['@graph']) ? (v['@graph'] as JsonLd[]).map((g) => ({ '@context': v['@context'], ...g })) : [v],
    );
  });
}

/**
 * The head of a detail page: canonical = og:url = the page URL, og:title = the record's name,
 * og:image = its image (absolute) when it has one, and a JSON-LD object of one of `types` with the
 * same name, url and image. Returns that object.
 */
function seo(doc: Doc, path: string, { title, image, types }: { title: string; image?: string; types: string[] }): JsonLd {
  const url = abs(path);
  expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), 'canonical').toBe(url);
  expect(meta(doc, 'og:url'), 'og:url').toBe(url);
  expect(meta(doc, 'og:title'), 'og:title').toBe(title);
  // a page without a picture of its own shares none (no stand-in image)
  expect(meta(doc, 'og:image'), 'og:image').toBe(image ? abs(image) : null);
  const lds = jsonLds(doc);
  const ld = lds.find((l) => types.includes(String(l['@type'])));
  expect(ld, `JSON-LD ${types.join('/')} among ${lds.map((l) => l['@type']).join(', ')}`).toBeDefined();
  expect(String(ld!['@context'])).toMatch(/^https?:\/\/schema\.org\/?$/);
  expect(ld!.name).toBe(title);
  expect(ld!.url).toBe(url);
  if (image) expect(ld!.image).toBe(abs(image));
  return ld!;
}

/** A date-time as a student in Nepal reads it: day, month, year and hh:mm in Asia/Kathmandu. */
function nepalTime(value: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kathmandu',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.parse(value)))
      .map((p) => [p.type, p.value]),
  );
  return { day: parts.day!, month: parts.month!.slice(0, 3), year: parts.year!, time: `${parts.hour}:${parts.minute}` };
}
function expectShowsTime(dd: El, value: string) {
  const shown = text(dd);
  const t = nepalTime(value);
  expect(shown).toMatch(new RegExp(`\\b${t.day}\\b`));
  expect(shown).toContain(t.month);
  expect(shown).toContain(t.year);
  expect(shown).toContain(t.time);
}

describe('consultancy detail page', () => {
  it('shows a verified, licensed consultancy in full: badges, lists, highlights, offers, contact and Apply, and only the pictures it has', async () => {
    const [consultancies, offers, districts, destinations, exams, universities] = await Promise.all([
      all('consultancy'),
      all('offer'),
      byId('districts'),
      byId('destination'),
      byId('exam'),
      byId('university'),
    ]);
    const c = pick(
      consultancies,
      'every field filled and an offer',
      (r) =>
        r.verified === true &&
        r.moe_certified === true &&
        Boolean(r.phone && r.email && r.website && r.address) &&
        [r.districts, r.study_abroad_destinations, r.test_preparation, r.partner_universities, r.highlights].every(
          (l) => Array.isArray(l) && l.length > 0,
        ) &&
        offers.some((o) => o.consultancy_id === r.id),
    );
    const path = `/consultancy/${c.slug}/`;
    const doc = await load(path);

    expect(text(doc.querySelector('main h1'))).toBe(c.name);
    // the hidden "Licence expired" waits for the browser to show it on the day the licence lapses
    expect([...doc.querySelectorAll('main .badge:not([hidden])')].map((b) => text(b)).sort()).toEqual(['Licensed', 'Verified']);

    // pictures only where the row has them (logo, cover, gallery): no letter tile, no empty box
    const pictures = [c.logo, c.cover, ...((c.gallery as string[] | null) ?? [])].filter(Boolean);
    expect([...new Set([...doc.querySelectorAll('main img')].map((img) => img.getAttribute('src')))].sort()).toEqual(
      [...new Set(pictures)].sort(),
    );

    // districts (names), destinations, test preparation and partner universities (linked)
    expect(itemsOf(section(doc, 'Districts'))).toEqual((c.districts as number[]).map((id) => districts.get(id)!.name));
    const linked = (ids: number[], map: Map<number, Row>, sitePath: string) =>
      ids.map((id) => ({ text: map.get(id)!.name as string, href: `/${sitePath}/${map.get(id)!.slug}/` }));
    expect(linksOf(section(doc, 'Study abroad destinations'))).toEqual(linked(c.study_abroad_destinations, destinations, 'destination'));
    expect(linksOf(section(doc, 'Test preparation'))).toEqual(linked(c.test_preparation, exams, 'exam'));
    expect(linksOf(section(doc, 'Partner universities'))).toEqual(linked(c.partner_universities, universities, 'university'));
    // its highlights are its own claims: shown as its words, quoted, apart from what we checked
    const ownWords = section(doc, 'In its own words');
    expect(itemsOf(ownWords)).toEqual((c.highlights as string[]).map((h) => `“${h}”`));
    expect(text(ownWords)).toContain(`what ${c.name} says of itself`);

    // its offers, each linked to the offer page
    const itsOffers = offers.filter((o) => o.consultancy_id === c.id);
    const offerLinks = linksOf(section(doc, 'Offers'));
    for (const o of itsOffers) expect(offerLinks).toContainEqual({ text: o.title, href: `/offer/${o.slug}/` });
    expect(offerLinks).toHaveLength(itsOffers.length);

    // contact
    expect(text(fact(doc, 'Address'))).toBe(c.address);
    expect(text(fact(doc, 'Phone'))).toBe(c.phone);
    expect(fact(doc, 'Email').querySelector('a')?.getAttribute('href')).toBe(`mailto:${c.email}`);
    expect(text(fact(doc, 'Email'))).toBe(c.email);
    expect(fact(doc, 'Website').querySelector('a')?.getAttribute('href')).toBe(c.website);

    // Apply leads to the consultancy's own application page
    const apply = [...doc.querySelectorAll('main a')].find((a) => text(a) === 'Apply');
    expect(apply?.getAttribute('href')).toBe(`/consultancy/${c.slug}/apply/`);
    const applyPage = await load(apply!.getAttribute('href')!);
    expect(text(applyPage.querySelector('main h1'))).toBe(`Apply to ${c.name}`);

    const ld = seo(doc, path, { title: c.name, image: c.cover, types: ['EducationalOrganization'] });
    expect(ld).toMatchObject({ telephone: c.phone, email: c.email, address: c.address, sameAs: c.website });
  });

  it('shows only the badges a consultancy has', async () => {
    const consultancies = await all('consultancy');
    // no valid licence is a warning badge, never nothing: "No licence on record", or "Licence expired" for a lapsed one
    const cases = [
      { verified: true, moe_certified: false, licence: false, badges: ['No licence on record', 'Verified'] },
      { verified: true, moe_certified: false, licence: true, badges: ['Licence expired', 'Verified'] },
      { verified: false, moe_certified: true, licence: true, badges: ['Licensed'] },
      { verified: false, moe_certified: false, licence: false, badges: ['No licence on record'] },
    ];
    for (const want of cases) {
      const c = pick(
        consultancies,
        `verified=${want.verified}, moe_certified=${want.moe_certified}, licence=${want.licence}`,
        (r) => r.verified === want.verified && r.moe_certified === want.moe_certified && Boolean(r.licence) === want.licence,
      );
      const doc = await load(`/consultancy/${c.slug}/`);
      // a Licensed badge carries its hidden "Licence expired" for the browser to show on the day it lapses
      expect([...doc.querySelectorAll('main .badge:not([hidden])')].map((b) => text(b)).sort(), c.slug).toEqual(want.badges);
    }
  });
});

describe('university, college and course detail pages', () => {
  it('shows a university: destination, ranking, tuition range and currency, intakes, disciplines, its courses and FAQs', async () => {
    const [universities, destinations, disciplines] = await Promise.all([all('university'), byId('destination'), byId('disciplines')]);
    const courses = await all('course');
    const u = pick(
      universities,
      'every field filled and courses',
      (r) =>
        Boolean(r.destination_id && r.world_ranking && r.tuition_min && r.tuition_max && r.currency) &&
        [r.intakes, r.disciplines, r.faqs].every((l) => Array.isArray(l) && l.length > 0) &&
        courses.filter((c) => c.university_id === r.id).length >= 2,
    );
    const path = `/university/${u.slug}/`;
    const doc = await load(path);

    expect(text(doc.querySelector('main h1'))).toBe(u.name);
    const destination = destinations.get(u.destination_id)!;
    expect(linksOf(fact(doc, 'Destination'))).toEqual([{ text: destination.name, href: `/destination/${destination.slug}/` }]);
    expect(text(fact(doc, 'World ranking'))).toBe(`#${u.world_ranking.toLocaleString('en-US')}`);
    if (u.established_year) expect(text(fact(doc, 'Established in'))).toBe(String(u.established_year)); // 1996, not 1,996
    // money with its currency, and the currency not as a fact of its own
    // with its rupees at the rate of a date (every seeded currency has a rate)
    const inRupees = (amount: number) =>
      new RegExp(`^${u.currency} ${amount.toLocaleString('en-US')} \\(about NPR [\\d,]+ at the \\d{1,2} [A-Z][a-z]{2} \\d{4} rate\\)$`);
    expect(text(fact(doc, 'Yearly tuition from'))).toMatch(inRupees(u.tuition_min));
    expect(text(fact(doc, 'Yearly tuition up to'))).toMatch(inRupees(u.tuition_max));
    expect(doc.body.textContent).not.toContain('Tuition currency');
    expect(itemsOf(section(doc, 'Intakes'))).toEqual(u.intakes);
    expect(itemsOf(section(doc, 'Disciplines'))).toEqual((u.disciplines as number[]).map((id) => disciplines.get(id)!.name));

    const own = courses.filter((c) => c.university_id === u.id);
    const courseLinks = linksOf(section(doc, 'Courses'));
    expect(courseLinks.map((l) => l.href).sort()).toEqual(own.map((c) => `/course/${c.slug}/`).sort());
    for (const c of own) expect(courseLinks).toContainEqual({ text: c.name, href: `/course/${c.slug}/` });

    const faqs = section(doc, 'Frequently asked questions');
    const shown = [...faqs.querySelectorAll('details')].map((d) => ({ question: text(d.querySelector('summary')), body: text(d) }));
    expect(shown.map((f) => f.question)).toEqual((u.faqs as { question: string }[]).map((f) => f.question));
    for (const [i, f] of (u.faqs as { answer: string }[]).entries()) expect(shown[i]!.body).toContain(f.answer.replace(/\s+/g, ' ').trim());

    const ld = seo(doc, path, { title: u.name, image: u.cover, types: ['CollegeOrUniversity'] });
    if (u.website) expect(ld.sameAs).toBe(u.website);
  });

  it('shows a college with its badges, affiliated universities and CollegeOrUniversity JSON-LD', async () => {
    const [colleges, universities] = await Promise.all([all('college'), byId('university')]);
    const c = pick(
      colleges,
      'affiliated universities',
      (r) => r.verified === true && Array.isArray(r.affiliated_universities) && r.affiliated_universities.length > 0,
    );
    const path = `/college/${c.slug}/`;
    const doc = await load(path);
    expect(text(doc.querySelector('main h1'))).toBe(c.name);
    expect([...doc.querySelectorAll('main .badge')].map((b) => text(b))).toContain('Verified');
    expect(linksOf(section(doc, 'Affiliated universities'))).toEqual(
      (c.affiliated_universities as number[]).map((id) => ({
        text: universities.get(id)!.name,
        href: `/university/${universities.get(id)!.slug}/`,
      })),
    );
    seo(doc, path, { title: c.name, image: c.cover, types: ['CollegeOrUniversity'] });
  });

  it('shows a course with its university, level and fee, and Course JSON-LD naming the university as provider', async () => {
    const [courses, universities] = await Promise.all([all('course'), byId('university')]);
    const c = pick(courses, 'a fee and currency', (r) => Boolean(r.university_id && r.fee && r.currency && r.level));
    const uni = universities.get(c.university_id)!;
    const path = `/course/${c.slug}/`;
    const doc = await load(path);
    expect(text(doc.querySelector('main h1'))).toBe(c.name);
    expect(linksOf(fact(doc, 'University'))).toEqual([{ text: uni.name, href: `/university/${uni.slug}/` }]);
    expect(text(fact(doc, 'Level')).toLowerCase()).toBe(String(c.level).toLowerCase());
    expect(text(fact(doc, 'Yearly fee'))).toMatch(
      new RegExp(`^${c.currency} ${c.fee.toLocaleString('en-US')} \\(about NPR [\\d,]+ at the \\d{1,2} [A-Z][a-z]{2} \\d{4} rate\\)$`),
    );
    if (c.duration_months) expect(text(fact(doc, 'Duration'))).toBe(`${c.duration_months} month${c.duration_months === 1 ? '' : 's'}`);
    expect(doc.body.textContent).not.toContain('Fee currency');
    const ld = seo(doc, path, { title: c.name, image: c.cover_image, types: ['Course'] });
    expect(ld.provider).toMatchObject({ name: uni.name });
    expect(ld.educationalLevel).toBe(c.level);
  });
});

describe('event detail page', () => {
  it('shows an in-person event: dates, venue, organizer, related universities and consultancies, and Event JSON-LD at a Place', async () => {
    const [events, universities, consultancies] = await Promise.all([all('event'), byId('university'), byId('consultancy')]);
    const e = pick(
      events,
      'a venue and related records',
      (r) =>
        Boolean(r.venue && r.venue !== 'Online' && !r.online_link && r.organizer) &&
        r.related_universities?.length > 0 &&
        r.related_consultancies?.length > 0,
    );
    const path = `/event/${e.slug}/`;
    const doc = await load(path);
    expect(text(doc.querySelector('main h1'))).toBe(e.title);
    expectShowsTime(fact(doc, 'Starts'), e.starts_at);
    expectShowsTime(fact(doc, 'Ends'), e.ends_at);
    expect(text(fact(doc, 'Venue'))).toBe(e.venue);
    expect(text(fact(doc, 'Organizer'))).toBe(e.organizer);
    const linked = (ids: number[], map: Map<number, Row>, sitePath: string) =>
      ids.map((id) => ({ text: map.get(id)!.name as string, href: `/${sitePath}/${map.get(id)!.slug}/` }));
    expect(linksOf(section(doc, 'Related universities'))).toEqual(linked(e.related_universities, universities, 'university'));
    expect(linksOf(section(doc, 'Related consultancies'))).toEqual(linked(e.related_consultancies, consultancies, 'consultancy'));

    const ld = seo(doc, path, { title: e.title, image: e.cover_image, types: ['Event'] });
    expect(Date.parse(String(ld.startDate))).toBe(Date.parse(e.starts_at));
    expect(Date.parse(String(ld.endDate))).toBe(Date.parse(e.ends_at));
    // schema.org dates in ISO 8601, not PostgreSQL's text form
    expect(ld.startDate).toBe(new Date(e.starts_at).toISOString());
    expect(ld.location).toMatchObject({ '@type': 'Place', name: e.venue });
    expect(ld.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode');
    expect(ld.organizer).toMatchObject({ name: e.organizer });
  });

  it('shows an online event with the link to join it', async () => {
    const e = pick(await all('event'), 'an online link', (r) => Boolean(r.online_link));
    const path = `/event/${e.slug}/`;
    const doc = await load(path);
    expect(linksOf(fact(doc, 'Online link'))).toEqual([{ text: e.online_link, href: e.online_link }]);
    expectShowsTime(fact(doc, 'Starts'), e.starts_at);
    const ld = seo(doc, path, { title: e.title, image: e.cover_image, types: ['Event'] });
    expect(Date.parse(String(ld.startDate))).toBe(Date.parse(e.starts_at));
    expect(ld.eventAttendanceMode).toMatch(/schema\.org\/(Online|Mixed)EventAttendanceMode$/);
    expect([ld.location].flat()).toContainEqual({ '@type': 'VirtualLocation', url: e.online_link });
  });
});

describe('blog and news', () => {
  for (const kind of ['blog', 'news'] as const) {
    it(`shows a ${kind} post with its category, author and Article JSON-LD`, async () => {
      const [posts, categories] = await Promise.all([all(kind), byId(`${kind}/categories`)]);
      const p = pick(posts, 'a category and author', (r) => Boolean(r.category_id && r.author_name && r.published_at && r.excerpt));
      const category = categories.get(p.category_id)!;
      const path = `/${kind}/${p.slug}/`;
      const doc = await load(path);
      expect(text(doc.querySelector('main h1'))).toBe(p.title);
      expect(text(doc.querySelector('main'))).toContain(p.excerpt.replace(/\s+/g, ' ').trim());
      expect(linksOf(fact(doc, 'Category'))).toEqual([{ text: category.name, href: `/${kind}/category/${category.slug}/` }]);
      expect(text(fact(doc, 'Author'))).toBe(p.author_name);
      expect(meta(doc, 'og:type')).toBe('article');
      const ld = seo(doc, path, { title: p.title, image: p.cover_image, types: ['Article', 'NewsArticle', 'BlogPosting'] });
      expect(ld.headline).toBe(p.title);
      expect(ld.author).toMatchObject({ name: p.author_name });
      expect(ld.datePublished).toBe(new Date(p.published_at).toISOString());
    });

    it(`lists on each /${kind}/category/{slug}/ page exactly the ${kind} posts of that category`, async () => {
      const [posts, categories] = await Promise.all([all(kind), all(`${kind}/categories`)]);
      expect(categories.length).toBeGreaterThan(1);
      let listed = 0;
      for (const category of categories) {
        const base = `/${kind}/category/${category.slug}/`;
        const hrefs: string[] = [];
        for (let n = 1, path = base; ; n++, path = `${base}page/${n}/`) {
          const doc = await load(path);
          if (n === 1) {
            expect(text(doc.querySelector('main h1'))).toContain(category.name);
            const count = posts.filter((p) => p.category_id === category.id).length;
            expect(text(doc.querySelector('main'))).toContain(
              `${count} ${count === 1 ? (kind === 'blog' ? 'blog post' : 'news item') : kind === 'blog' ? 'blog posts' : 'news items'}`,
            );
            expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(abs(base));
            expect(doc.querySelector(`main a[href="${base}"]`)?.getAttribute('aria-current')).toBe('page');
          }
          hrefs.push(
            ...[...doc.querySelectorAll('main a')]
              .map((a) => a.getAttribute('href') ?? '')
              .filter((h) => new RegExp(`^/${kind}/[^/]+/$`).test(h)),
          );
          if (!doc.querySelector(`main a[href="${base}page/${n + 1}/"]`)) break;
        }
        const expected = posts.filter((p) => p.category_id === category.id).map((p) => `/${kind}/${p.slug}/`);
        expect([...new Set(hrefs)].sort(), base).toEqual(expected.sort());
        listed += expected.length;
      }
      expect(listed, 'posts listed under some category').toBeGreaterThan(0);
    });
  }
});

describe('model question detail page', () => {
  it('links every model question to its PDF, served as a PDF', async () => {
    const [questions, exams] = await Promise.all([all('model-question'), byId('exam')]);
    const withPdf = questions.filter((q) => untouched(q) && q.pdf);
    expect(withPdf.length).toBeGreaterThan(0);
    await Promise.all(
      withPdf.map(async (q) => {
        const doc = await load(`/model-question/${q.slug}/`);
        expect(text(doc.querySelector('main h1'))).toBe(q.title);
        const link = doc.querySelector(`main a[href="${q.pdf}"]`);
        expect(link, `PDF link on /model-question/${q.slug}/`).not.toBeNull();
        expect(text(link)).toMatch(/question paper|pdf/i);
        if (q.year) expect(text(fact(doc, 'Year'))).toBe(String(q.year));
        if (q.exam_id)
          expect(linksOf(fact(doc, 'Exam'))).toEqual([{ text: exams.get(q.exam_id)!.name, href: `/exam/${exams.get(q.exam_id)!.slug}/` }]);
      }),
    );
    const pdf = await fetch(abs(withPdf[0]!.pdf));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

describe('SEO head of every kind of detail page', () => {
  const kinds: { api: string; site: string; title: string; types?: string[] }[] = [
    { api: 'destination', site: 'destination', title: 'name' },
    { api: 'university', site: 'university', title: 'name', types: ['CollegeOrUniversity'] },
    { api: 'college', site: 'college', title: 'name', types: ['CollegeOrUniversity'] },
    { api: 'course', site: 'course', title: 'name', types: ['Course'] },
    { api: 'exam', site: 'exam', title: 'name' },
    { api: 'consultancy', site: 'consultancy', title: 'name', types: ['EducationalOrganization'] },
    { api: 'scholarship', site: 'scholarship', title: 'title' },
    { api: 'event', site: 'event', title: 'title', types: ['Event'] },
    { api: 'blog', site: 'blog', title: 'title', types: ['Article', 'BlogPosting'] },
    { api: 'news', site: 'news', title: 'title', types: ['Article', 'NewsArticle'] },
    { api: 'offer', site: 'offer', title: 'title' },
    { api: 'featured', site: 'featured', title: 'title' },
    { api: 'model-question', site: 'model-question', title: 'title' },
  ];
  const imageFields = ['cover', 'cover_page', 'cover_image', 'image', 'logo', 'icon', 'country_logo'];

  it('gives each a canonical URL, og:title, og:image of its own image and JSON-LD naming the same page', async () => {
    await Promise.all(
      kinds.map(async (k) => {
        const rows = (await all(k.api)).filter(untouched);
        expect(rows.length, k.api).toBeGreaterThan(0);
        // the first two rows and the last of each list
        for (const row of [rows[0]!, rows[1] ?? rows[0]!, rows.at(-1)!]) {
          const path = `/${k.site}/${row.slug}/`;
          const doc = await load(path);
          const title = String(row[k.title]);
          const url = abs(path);
          expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), path).toBe(url);
          expect(meta(doc, 'og:title'), path).toBe(title);
          expect(text(doc.querySelector('title')), path).toContain(title);
          const own = imageFields.map((f) => row[f]).filter((v): v is string => typeof v === 'string' && v !== '');
          if (own.length) {
            expect(own.map(abs), `og:image of ${path}`).toContain(meta(doc, 'og:image'));
            const image = await fetch(meta(doc, 'og:image')!);
            expect(image.status, meta(doc, 'og:image')!).toBe(200);
            expect(image.headers.get('content-type')).toMatch(/^image\//);
            await image.arrayBuffer();
          }
          const lds = jsonLds(doc);
          for (const ld of lds) {
            expect(String(ld['@context']), path).toMatch(/^https?:\/\/schema\.org\/?$/);
            expect(ld['@type'], path).toBeTruthy();
          }
          const main = lds.find((l) => l.url === url);
          expect(main, `JSON-LD with url = canonical on ${path}`).toBeDefined();
          expect(main!.name, path).toBe(title);
          if (k.types) expect(k.types, path).toContain(main!['@type']);
          if (own.length) expect(main!.image, path).toBe(meta(doc, 'og:image'));
        }
      }),
    );
  });
});
