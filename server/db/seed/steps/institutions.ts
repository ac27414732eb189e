import { collegeBranches, colleges, consultancies } from '../../schema/index.ts';
import { insertRows } from '../bulk.ts';
import { COLLEGE_FIRST, COLLEGE_LAST } from '../data/names.ts';
import { DESTINATIONS } from '../data/destinations.ts';
import { consultancyAbout, consultancyName, contactFor, officeAddress, pickHighlights } from '../generators.ts';
import { Slugger, spent, type Random } from '../random.ts';
import type { Reference, SeedContext, UniversityRef } from './context.ts';

const CONSULTANCY_COUNT = 300;
const COLLEGE_COUNT = 40;

/** The listing the demo consultancy account owns and the counselling banner features: neither verified nor claimed. */
export const DEMO_CONSULTANCY = { name: 'Everest Education Consultancy', address: 'Putalisadak, Kathmandu', district: 'Kathmandu' };

export interface Institutions {
  consultancies: { id: number; name: string; slug: string; verified: boolean; district: string }[];
  demoConsultancyId: number;
  demoCollegeId: number;
}

const partnersIn = (rng: Random, unis: UniversityRef[], countries: string[]) =>
  rng
    .sample(
      unis.filter((u) => countries.includes(u.destination)),
      rng.int(3, 10),
    )
    .map((u) => u.id)
    .sort((a, b) => a - b);

/** The demo consultancy's name stays unique, so the banner and the demo login point at one obvious listing. */
function otherThanDemo(rng: Random) {
  let name = consultancyName(rng);
  while (name === DEMO_CONSULTANCY.name) name = consultancyName(rng);
  return name;
}

export async function seedInstitutions(ctx: SeedContext, ref: Reference, unis: UniversityRef[]): Promise<Institutions> {
  const { tx, rng } = ctx;
  const slugs = new Slugger();
  const examIds = [...ref.exams.values()];
  const countries = DESTINATIONS.map((d) => d.name);
  /** each consultancy's district: where its licence comes from (licences.ts) */
  const offices: string[] = [];
  const rows = Array.from({ length: CONSULTANCY_COUNT }, (_, i) => {
    const demo = i === 0;
    const name = demo ? DEMO_CONSULTANCY.name : otherThanDemo(rng);
    const office = demo ? DEMO_CONSULTANCY : officeAddress(rng);
    const destinations = demo ? ['Australia', 'United Kingdom', 'Canada', 'Japan'] : rng.sample(countries.slice(0, 10), rng.int(2, 6));
    // Each consultancy lists the district of its office: the district filter matches this list, and
    // extra districts drawn at random (a Butwal office listed under Kathmandu) made it look like a
    // match on nothing. The draw stays so that the content drawn after it is unchanged.
    if (rng.chance(0.3)) rng.sample([...ref.districts.keys()], rng.int(1, 2));
    offices.push(office.district);
    return {
      name,
      slug: slugs.slug(name),
      about: consultancyAbout(name, office.address, destinations),
      address: office.address,
      ...contactFor(rng, name, i),
      districts: [ref.districts.get(office.district)!],
      study_abroad_destinations: destinations.map((d) => ref.destinations.get(d)!).sort((a, b) => a - b),
      test_preparation: rng.sample(examIds, rng.int(1, 4)).sort((a, b) => a - b),
      partner_universities: partnersIn(rng, unis, destinations),
      highlights: pickHighlights(rng),
      ...spent(rng.int(2, 4)),
      verified: !demo && rng.chance(0.35),
      claimed: !demo && rng.chance(0.4),
      establishment_date: `${rng.int(2003, 2024)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      priority: rng.chance(0.15) ? rng.int(1, 10) * 10 : 0,
    };
  });
  const ids = await insertRows(tx, consultancies, rows);
  const demoCollegeId = await seedColleges(ctx, ref, unis);
  return {
    consultancies: rows.map((r, i) => ({ id: ids[i]!, name: r.name, slug: r.slug, verified: r.verified, district: offices[i]! })),
    demoConsultancyId: ids[0]!,
    demoCollegeId,
  };
}

/** Nepali colleges with study-abroad links, each with one to three branches; answers the first college's id. */
async function seedColleges({ tx, rng }: SeedContext, ref: Reference, unis: UniversityRef[]): Promise<number> {
  const slugs = new Slugger();
  const countries = DESTINATIONS.map((d) => d.name);
  const offices = Array.from({ length: COLLEGE_COUNT }, () => officeAddress(rng));
  const rows = offices.map((office, i) => {
    const name = `${COLLEGE_FIRST[i % COLLEGE_FIRST.length]} ${rng.pick(COLLEGE_LAST)}`;
    const destinations = rng.sample(countries.slice(0, 8), rng.int(1, 3));
    return {
      name,
      slug: slugs.slug(name),
      about: `<p>${name} in ${office.address} offers internationally affiliated bachelor programmes with transfer pathways abroad.</p><ul><li>Small class sizes</li><li>Credit transfer to partner universities</li></ul>`,
      address: office.address,
      ...contactFor(rng, name, 1000 + i),
      districts: [ref.districts.get(office.district)!],
      study_abroad_destinations: destinations.map((d) => ref.destinations.get(d)!).sort((a, b) => a - b),
      affiliated_universities: partnersIn(rng, unis, destinations).slice(0, 3),
      moe_certified: rng.chance(0.85),
      verified: rng.chance(0.4),
      claimed: rng.chance(0.4),
      priority: rng.chance(0.2) ? rng.int(1, 5) * 10 : 0,
    };
  });
  const ids = await insertRows(tx, colleges, rows);
  const branches = ids.flatMap((collegeId, i) =>
    Array.from({ length: rng.int(1, 3) }, (_, k) => {
      const office = k === 0 ? offices[i]! : officeAddress(rng);
      return {
        college_id: collegeId,
        name: k === 0 ? 'Main campus' : `${office.address.split(', ').pop()} branch`,
        address: office.address,
        district_id: ref.districts.get(office.district)!,
        phone: contactFor(rng, rows[i]!.name, 2000 + i * 3 + k).phone,
      };
    }),
  );
  await insertRows(tx, collegeBranches, branches);
  return ids[0]!;
}
