import {
  blogCategories,
  blogs,
  events,
  featuredPages,
  modelQuestions,
  news,
  newsCategories,
  offers,
  scholarships,
} from '../../schema/index.ts';
import { insertRows } from '../bulk.ts';
import { epochDate, epochTime } from '../clock.ts';
import { DESTINATIONS } from '../data/destinations.ts';
import {
  BLOG_CATEGORIES,
  BLOG_POSTS,
  EVENT_TITLES,
  EVENT_VENUES,
  FEATURED_PAGES,
  NEWS_CATEGORIES,
  NEWS_ITEMS,
  SCHOLARSHIPS,
  SCHOLARSHIP_KINDS,
} from '../data/editorial.ts';
import { EXAMS } from '../data/exams.ts';
import { FIRST_NAMES, LAST_NAMES } from '../data/nepal.ts';
import { simplePdf } from '../pdf.ts';
import { Slugger, slugify } from '../random.ts';
import { factsCheckedOn } from '../generators.ts';
import type { Reference, SeedContext, UniversityRef } from './context.ts';
import type { Institutions } from './institutions.ts';

const EVENT_COUNT = 30;
const OFFER_COUNT = 30;
const MODEL_QUESTION_COUNT = 20;

export async function seedEditorial(ctx: SeedContext, ref: Reference, unis: UniversityRef[], institutions: Institutions) {
  await seedScholarships(ctx, ref, unis);
  await seedEvents(ctx, ref, unis, institutions);
  await seedArticles(ctx);
  await seedOffers(ctx, institutions);
  await seedFeaturedPages(ctx);
  await seedModelQuestions(ctx, ref);
}

async function seedScholarships({ tx, rng }: SeedContext, ref: Reference, unis: UniversityRef[]) {
  const named = SCHOLARSHIPS.map(([title, provider, destination, level, amount]) => ({ title, provider, destination, level, amount }));
  const merit = rng
    .sample(
      unis.filter((u) => u.destination !== 'Japan'),
      16,
    )
    .map((u, i) => ({
      title: `${u.name} ${SCHOLARSHIP_KINDS[i % SCHOLARSHIP_KINDS.length]}`,
      provider: u.name,
      destination: u.destination,
      level: rng.pick(['bachelor', 'master']),
      amount: `${rng.pick([10, 15, 20, 25, 30, 50])}% tuition fee waiver`,
    }));
  const slugs = new Slugger();
  // Deadlines from three months before the epoch to eighteen months after it: some closed, most open.
  await insertRows(
    tx,
    scholarships,
    [...named, ...merit].map((s, i) => ({
      title: s.title,
      slug: slugs.slug(s.title),
      provider: s.provider,
      destination_id: ref.destinations.get(s.destination)!,
      level: s.level,
      amount: s.amount,
      deadline: epochDate(-90 + i * 15 + rng.int(0, 10)),
      eligibility: `Nepali citizens with a strong academic record (at least ${rng.pick(['2.8', '3.0', '3.2', '3.5'])} GPA) and ${rng.pick(['IELTS 6.5', 'IELTS 6.0', 'PTE 58', 'TOEFL 80'])}.`,
      about: `<p>${s.title} is offered by ${s.provider} for ${s.level} study in ${s.destination}.</p><h2>Benefits</h2><ul><li>${s.amount}</li></ul><h2>How to apply</h2><p>Apply online before the deadline with your transcripts, CV and a statement of purpose.</p>`,
      link: `https://www.${slugify(s.provider).replace(/-/g, '')}.org/scholarships`,
      facts_checked_on: factsCheckedOn(rng),
    })),
  );
}

/** Half the events are past and half upcoming; the last start almost two years after the epoch. */
async function seedEvents({ tx, rng }: SeedContext, ref: Reference, unis: UniversityRef[], institutions: Institutions) {
  const slugs = new Slugger();
  const rows = Array.from({ length: EVENT_COUNT }, (_, i) => {
    const upcoming = i % 2 === 0;
    const startDay = upcoming ? 10 + (i / 2) * 52 : -5 - ((i - 1) / 2) * 20;
    const online = rng.chance(0.25);
    const title = `${EVENT_TITLES[i % EVENT_TITLES.length]} ${new Date(epochTime(startDay)).getUTCFullYear()}`;
    const destinations = rng.sample(DESTINATIONS.slice(0, 8), rng.int(1, 3));
    const organizer = rng.pick(institutions.consultancies);
    return {
      title,
      slug: slugs.slug(title),
      about: `<p>Meet university representatives and visa experts. Entry is free; registration is required.</p><h2>Agenda</h2><ul><li>University presentations</li><li>One-to-one counselling</li><li>Scholarship and visa Q&amp;A</li></ul>`,
      starts_at: epochTime(startDay + 10 / 24),
      ends_at: epochTime(startDay + (online ? 12 : 16) / 24),
      venue: online ? 'Online' : rng.pick(EVENT_VENUES),
      online_link: online ? 'https://zoom.us/j/9845612345' : '',
      organizer: organizer.name,
      targeted_destinations: destinations.map((d) => ref.destinations.get(d.name)!).sort((a, b) => a - b),
      related_universities: rng
        .sample(
          unis.filter((u) => destinations.some((d) => d.name === u.destination)),
          3,
        )
        .map((u) => u.id)
        .sort((a, b) => a - b),
      related_consultancies: [organizer.id],
    };
  });
  await insertRows(tx, events, rows);
}

const articleBody = (title: string, topic: string) =>
  `<p>${title}: everything Nepali students should know before they apply.</p>` +
  `<h2>Key points</h2><ul><li>Start preparing at least six months before the intake</li><li>Keep your academic documents and ${topic} ready</li><li>Check the latest rules on official websites</li></ul>` +
  '<h2>Next steps</h2><p>Talk to a verified consultancy and compare at least three options before paying any fee.</p>';

async function seedArticles({ tx, rng }: SeedContext) {
  for (const [categoryTable, articleTable, categories, items, daysApart] of [
    [blogCategories, blogs, BLOG_CATEGORIES, BLOG_POSTS, 9],
    [newsCategories, news, NEWS_CATEGORIES, NEWS_ITEMS, 6],
  ] as const) {
    const categorySlugs = new Slugger();
    const categoryIds = await insertRows(
      tx,
      categoryTable,
      categories.map((name) => ({ name, slug: categorySlugs.slug(name) })),
    );
    const slugs = new Slugger();
    await insertRows(
      tx,
      articleTable,
      items.map(([title, category], i) => ({
        title,
        slug: slugs.slug(title),
        category_id: categoryIds[categories.indexOf(category as never)]!,
        excerpt: `${title}. A practical summary for students in Nepal.`,
        body: articleBody(title, rng.pick(['financial documents', 'English test results', 'passport', 'recommendation letters'])),
        author_name: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
        published_at: epochTime(-i * daysApart - rng.int(0, 4)),
      })),
    );
  }
}

async function seedOffers({ tx, rng }: SeedContext, institutions: Institutions) {
  const slugs = new Slugger();
  const owners = rng.sample(institutions.consultancies.slice(1), OFFER_COUNT);
  await insertRows(
    tx,
    offers,
    owners.map((c, i) => {
      const discount = rng.pick([
        'Free IELTS classes',
        '50% off PTE preparation',
        'Free visa file processing',
        'NPR 10,000 off service charge',
        'Free application to 3 universities',
        'Free airport pickup',
      ]);
      const title = `${discount} at ${c.name}`;
      return {
        title,
        slug: slugs.slug(title),
        description: `Enrol with ${c.name} this season and get ${discount.toLowerCase()}. Limited seats.`,
        consultancy_id: c.id,
        discount_text: discount,
        // One in six has already ended (it ran for the two months before), the rest stay valid for months after the epoch.
        valid_from: epochDate(i % 6 === 5 ? -63 : -30 + i * 3),
        valid_until: epochDate(i % 6 === 5 ? -3 : 90 + i * 20),
        link: '',
      };
    }),
  );
}

async function seedFeaturedPages({ tx }: SeedContext) {
  const slugs = new Slugger();
  await insertRows(
    tx,
    featuredPages,
    FEATURED_PAGES.map(([title, summary], i) => ({
      title,
      slug: slugs.slug(title),
      summary,
      body: `<p>${summary}</p><h2>In this guide</h2><ul><li>Costs and intakes</li><li>Documents checklist</li><li>Where to get help</li></ul>`,
      priority: (FEATURED_PAGES.length - i) * 10,
    })),
  );
}

async function seedModelQuestions({ tx, storage }: SeedContext, ref: Reference) {
  const slugs = new Slugger();
  const papers = Array.from({ length: MODEL_QUESTION_COUNT }, (_, i) => {
    const exam = EXAMS[i % EXAMS.length]!;
    const year = 2026 - Math.floor(i / EXAMS.length);
    const title = `${exam.name} Model Question ${year}`;
    return { exam, year, title };
  });
  const pdfUrls = await Promise.all(
    papers.map((p) =>
      storage.put(
        simplePdf(p.title, [
          `${p.exam.fullName}`,
          `Duration: ${p.exam.duration}`,
          'Section 1: answer all questions.',
          '1. Read the passage and answer questions 1 to 10.',
          '2. Write at least 250 words on the topic given.',
        ]),
        'pdf',
        'application/pdf',
      ),
    ),
  );
  await insertRows(
    tx,
    modelQuestions,
    papers.map((p, i) => ({
      title: p.title,
      slug: slugs.slug(p.title),
      exam_id: ref.exams.get(p.exam.name)!,
      year: p.year,
      description: `A practice paper in the format of the ${p.exam.fullName}, with the time limit of the real test (${p.exam.duration}).`,
      pdf: pdfUrls[i]!,
    })),
  );
}
