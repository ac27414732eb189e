import { courses, universities } from '../../schema/index.ts';
import { insertRows } from '../bulk.ts';
import { DESTINATIONS } from '../data/destinations.ts';
import { DISCIPLINES } from '../data/exams.ts';
import { UNIVERSITIES } from '../data/universities.ts';
import { demoRequirements } from '../data/requirements.ts';
import { CURRENCY_FACTOR, courseFields, courseLevel, factsCheckedOn, registerEntry } from '../generators.ts';
import { Slugger, slugify, spent } from '../random.ts';
import type { Reference, SeedContext, UniversityRef } from './context.ts';

const faqsFor = (name: string, d: (typeof DESTINATIONS)[number], tuition: string) => [
  {
    question: `What English score does ${name} require?`,
    answer: 'Most programmes ask for IELTS 6.5 overall (no band below 6.0) or an equivalent PTE or TOEFL score.',
  },
  { question: 'When are the intakes?', answer: `The main intakes are ${d.intakes.join(' and ')}.` },
  { question: 'How much is the tuition?', answer: `Yearly tuition is about ${tuition}, depending on the programme.` },
  { question: 'Can I work while studying?', answer: d.workRights },
];

/** The well-known universities of every destination, then two or three courses for each. */
export async function seedUniversities(ctx: SeedContext, ref: Reference): Promise<UniversityRef[]> {
  const { tx, rng } = ctx;
  const slugs = new Slugger();
  const rows = DESTINATIONS.flatMap((d) =>
    (UNIVERSITIES[d.name] ?? []).map((line) => {
      const [name, city, ranking] = line.split('|') as [string, string, string];
      const factor = CURRENCY_FACTOR[d.currency] ?? 1;
      const tuitionMin = Math.round((rng.int(18, 34) * 1000 * factor) / 500) * 500;
      const tuitionMax = Math.round((tuitionMin * (1.3 + rng.next() * 0.6)) / 500) * 500;
      const disciplines = rng.sample(ref.disciplines, rng.int(4, 9)).sort((a, b) => a - b);
      return {
        name,
        slug: slugs.slug(name),
        destination_id: ref.destinations.get(d.name)!,
        city,
        ...spent(rng.int(0, 7)),
        about:
          `<p>${name} is a ${Number(ranking) ? 'globally ranked ' : ''}university in ${city}, ${d.name}, welcoming students from Nepal every intake.</p>` +
          '<h2>Highlights</h2><ul><li>Dedicated international student support</li><li>Scholarships for high achievers</li><li>Career services and internships</li></ul>',
        website: `https://www.${slugify(name).replace(/-/g, '')}.edu`,
        type: /College|School|Academy|Institute of Technology|Polytechnic/.test(name) && !Number(ranking) ? 'private' : 'public',
        established_year: rng.int(1850, 2005),
        world_ranking: Number(ranking) || null,
        tuition_min: tuitionMin,
        tuition_max: tuitionMax,
        currency: d.currency,
        intakes: d.intakes,
        disciplines,
        faqs: faqsFor(name, d, `${d.currency} ${tuitionMin.toLocaleString('en-US')} to ${tuitionMax.toLocaleString('en-US')}`).slice(
          0,
          rng.int(2, 4),
        ),
        ...registerEntry(rng, d.code, Boolean(Number(ranking))),
        facts_checked_on: factsCheckedOn(rng),
      };
    }),
  );
  const ids = await insertRows(tx, universities, rows);
  const seeded = rows.map((r, i) => ({
    id: ids[i]!,
    name: r.name,
    slug: r.slug,
    destination: DESTINATIONS.find((d) => ref.destinations.get(d.name) === r.destination_id)!.name,
    currency: r.currency,
    disciplines: r.disciplines,
  }));
  await seedCourses(ctx, ref, seeded);
  return seeded;
}

async function seedCourses({ tx, rng }: SeedContext, ref: Reference, unis: UniversityRef[]) {
  const slugs = new Slugger();
  let index = 0;
  const rows = unis.flatMap((u) =>
    Array.from({ length: rng.int(2, 3) }, () => {
      const disciplineId = rng.pick(u.disciplines);
      const subject = rng.pick(DISCIPLINES[ref.disciplines.indexOf(disciplineId)]!.courses);
      const fields = courseFields(rng, subject, courseLevel(rng), CURRENCY_FACTOR[u.currency] ?? 1);
      return {
        ...fields,
        slug: slugs.slug(`${fields.name} ${u.name}`),
        university_id: u.id,
        discipline_id: disciplineId,
        currency: u.currency,
        intakes: rng.sample(DESTINATIONS.find((d) => d.name === u.destination)!.intakes, 2),
        ...spent(rng.int(0, 7)),
        about: `<p>The ${fields.name} at ${u.name} prepares students for a career in ${subject.toLowerCase()}.</p><h2>What you will study</h2><ul><li>Core theory and practice</li><li>Industry projects</li><li>Work-integrated learning</li></ul>`,
        facts_checked_on: factsCheckedOn(rng),
        ...demoRequirements(index++, fields.level, u.destination, fields.fee),
      };
    }),
  );
  await insertRows(tx, courses, rows);
}
