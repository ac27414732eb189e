import { sql } from 'drizzle-orm';
import type { Db } from '../index.ts';
import { bumpContentVersion, CONTENT_KINDS } from '../../content-version.ts';
import { consultancies, courses, destinations, disciplines, districts, exams, universities } from '../schema/index.ts';
import { insertRows } from './bulk.ts';
import { DESTINATIONS } from './data/destinations.ts';
import { DISCIPLINES } from './data/exams.ts';
import { HIGHLIGHTS } from './data/names.ts';
import { CURRENCY_FACTOR, consultancyAbout, consultancyName, contactFor, courseFields, courseLevel, officeAddress } from './generators.ts';
import { Random, Slugger } from './random.ts';

const BATCH = 1000;
const UNIVERSITY_PATTERNS = [
  (c: string) => `University of ${c}`,
  (c: string) => `${c} Institute of Technology`,
  (c: string) => `${c} Metropolitan University`,
  (c: string) => `${c} University of Applied Sciences`,
  (c: string) => `${c} International College`,
  (c: string) => `${c} Business School`,
];

type Progress = (done: number, total: number) => void;

/** What the generated rows point to, read from the demo seed's rows. */
async function loadReference(db: Db) {
  const [districtRows, destinationRows, examRows, disciplineRows, logoRows, universityCount] = await Promise.all([
    db.select({ id: districts.id, name: districts.name }).from(districts),
    db.select({ id: destinations.id, name: destinations.name }).from(destinations),
    db.select({ id: exams.id }).from(exams),
    db.select({ id: disciplines.id, name: disciplines.name }).from(disciplines),
    db
      .selectDistinctOn([sql`upper(left(${consultancies.name}, 1))`], {
        name: consultancies.name,
        logo: consultancies.logo,
        cover: consultancies.cover,
      })
      .from(consultancies)
      .orderBy(sql`upper(left(${consultancies.name}, 1))`, consultancies.id),
    db.select({ n: sql<number>`count(*)::int` }).from(universities),
  ]);
  if (!districtRows.length || !destinationRows.length || !disciplineRows.length)
    throw new Error('seedScale needs the demo seed first (districts, destinations, exams, disciplines)');
  const districtIds = new Map(districtRows.map((d) => [d.name, d.id]));
  const destinationIds = new Map(destinationRows.map((d) => [d.name, d.id]));
  return {
    districts: districtIds,
    districtNames: [...districtIds.keys()],
    destinations: destinationIds,
    destinationNames: [...destinationIds.keys()],
    examIds: examRows.map((e) => e.id),
    disciplines: disciplineRows.flatMap((d) => {
      const data = DISCIPLINES.find((x) => x.name === d.name);
      return data ? [{ id: d.id, subjects: data.courses }] : [];
    }),
    logos: new Map(logoRows.map((r) => [r.name.charAt(0).toUpperCase(), r.logo])),
    covers: logoRows.map((r) => r.cover),
    universityCount: universityCount[0]!.n,
  };
}

type Reference = Awaited<ReturnType<typeof loadReference>>;

function newUniversity(rng: Random, ref: Reference, slugs: Slugger) {
  const destination = rng.pick(DESTINATIONS);
  const city = rng.pick(destination.cities);
  const name = rng.pick(UNIVERSITY_PATTERNS)(city);
  const tuitionMin = Math.round((rng.int(15, 30) * 1000 * (CURRENCY_FACTOR[destination.currency] ?? 1)) / 500) * 500;
  return {
    name,
    slug: slugs.slug(name),
    destination_id: ref.destinations.get(destination.name) ?? null,
    city,
    logo: ref.logos.get(name.charAt(0).toUpperCase()) ?? null,
    cover: rng.pick(ref.covers),
    about: `<p>${name} in ${city}, ${destination.name}, welcomes international students.</p>`,
    currency: destination.currency,
    tuition_min: tuitionMin,
    tuition_max: Math.round(tuitionMin * 1.5),
    intakes: destination.intakes,
    disciplines: rng
      .sample(ref.disciplines, rng.int(3, 8))
      .map((d) => d.id)
      .sort((a, b) => a - b),
  };
}

function newConsultancy(rng: Random, ref: Reference, slugs: Slugger, index: number) {
  const name = consultancyName(rng);
  const office = officeAddress(rng);
  const countries = rng.sample(ref.destinationNames, rng.int(1, 5));
  return {
    name,
    slug: slugs.slug(name),
    logo: ref.logos.get(name.charAt(0).toUpperCase()) ?? null,
    cover: rng.pick(ref.covers),
    about: consultancyAbout(name, office.address, countries),
    address: office.address,
    ...contactFor(rng, name, index),
    districts: [ref.districts.get(office.district) ?? ref.districts.get(rng.pick(ref.districtNames))!],
    study_abroad_destinations: countries.map((c) => ref.destinations.get(c)!).sort((a, b) => a - b),
    test_preparation: rng.sample(ref.examIds, rng.int(0, 3)).sort((a, b) => a - b),
    highlights: rng.sample(HIGHLIGHTS, 3),
    verified: rng.chance(0.3),
    claimed: rng.chance(0.35),
    establishment_date: `${rng.int(2000, 2025)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    priority: rng.chance(0.05) ? rng.int(1, 10) * 10 : 0,
  };
}

const existingSlugs = async (db: Db, table: typeof consultancies | typeof courses | typeof universities) =>
  (await db.select({ slug: table.slug }).from(table)).map((r) => r.slug);

/**
 * Adds n consultancies and n courses (with about n/100 new universities) for benchmarks, in
 * multi-row batches. Each run draws from a PRNG seeded by the current row count, so repeated
 * runs add different, still reproducible rows.
 */
export async function seedScale(db: Db, n: number, onProgress: Progress = () => {}) {
  const ref = await loadReference(db);
  const rng = new Random(0x5ca1e + ref.universityCount);
  const universityTotal = Math.max(1, Math.round(n / 100));
  const total = universityTotal + 2 * n;
  let done = 0;
  const step = (count: number) => onProgress((done += count), total);

  const universitySlugs = new Slugger(await existingSlugs(db, universities));
  const newUniversities = Array.from({ length: universityTotal }, () => newUniversity(rng, ref, universitySlugs));
  const universityIds: number[] = [];
  for (let i = 0; i < newUniversities.length; i += BATCH) {
    const batch = newUniversities.slice(i, i + BATCH);
    universityIds.push(...(await insertRows(db, universities, batch)));
    step(batch.length);
  }

  const consultancySlugs = new Slugger(await existingSlugs(db, consultancies));
  for (let i = 0; i < n; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, n - i) }, (_, k) => newConsultancy(rng, ref, consultancySlugs, i + k));
    await insertRows(db, consultancies, rows);
    step(rows.length);
  }

  const courseSlugs = new Slugger(await existingSlugs(db, courses));
  for (let i = 0; i < n; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, n - i) }, () => {
      const universityIndex = rng.int(0, universityIds.length - 1);
      const university = newUniversities[universityIndex]!;
      const discipline = rng.pick(ref.disciplines);
      const fields = courseFields(rng, rng.pick(discipline.subjects), courseLevel(rng), CURRENCY_FACTOR[university.currency] ?? 1);
      return {
        ...fields,
        slug: courseSlugs.slug(`${fields.name} ${university.name}`),
        university_id: universityIds[universityIndex]!,
        discipline_id: discipline.id,
        currency: university.currency,
        intakes: university.intakes,
        about: `<p>${fields.name} at ${university.name}, ${university.city}.</p>`,
      };
    });
    await insertRows(db, courses, rows);
    step(rows.length);
  }

  // every kind of content moved: a running server's cached answers and the site are made again
  await bumpContentVersion(db, CONTENT_KINDS);
}
