import { destinations, disciplines, districts, exams } from '../../schema/index.ts';
import { insertRows } from '../bulk.ts';
import { DESTINATIONS } from '../data/destinations.ts';
import { DISCIPLINES, EXAMS } from '../data/exams.ts';
import { DISTRICTS } from '../data/nepal.ts';
import { Slugger } from '../random.ts';
import { epochDate } from '../clock.ts';
import type { Reference, SeedContext } from './context.ts';

const byName = (names: string[], ids: number[]) => new Map(names.map((n, i) => [n, ids[i]!]));

/** Districts, destinations, exams and disciplines: the lists everything else points to. */
export async function seedReference({ tx }: SeedContext): Promise<Reference> {
  const districtSlugs = new Slugger();
  const districtIds = await insertRows(
    tx,
    districts,
    DISTRICTS.map((d) => ({ name: d.name, slug: districtSlugs.slug(d.name), province: d.province })),
  );

  const destinationSlugs = new Slugger();
  const destinationIds = await insertRows(
    tx,
    destinations,
    DESTINATIONS.map((d, i) => ({
      name: d.name,
      slug: destinationSlugs.slug(d.name),
      country_code: d.code,
      about:
        `<p>${d.name} is one of the most popular study destinations for Nepali students, with universities in ${d.cities.slice(0, 4).join(', ')} and more.</p>` +
        `<h2>Why study in ${d.name}?</h2><ul><li>Internationally recognised degrees</li><li>Work rights: ${d.workRights}</li><li>Intakes in ${d.intakes.join(', ')}</li></ul>`,
      capital: d.capital,
      currency: d.currency,
      language: d.language,
      living_cost: d.livingCost,
      work_rights: d.workRights,
      visa_info: `<p>${d.visa}</p>`,
      intakes: d.intakes,
      priority: (DESTINATIONS.length - i) * 10,
      register_name: d.register?.name ?? '',
      register_url: d.register?.url ?? '',
      facts_checked_on: epochDate(-i * 7),
    })),
  );

  const examSlugs = new Slugger();
  const examIds = await insertRows(
    tx,
    exams,
    EXAMS.map((e) => ({
      name: e.name,
      slug: examSlugs.slug(e.name),
      full_name: e.fullName,
      type: e.type,
      about: `<p>${e.about}</p>`,
      duration: e.duration,
      score_range: e.scoreRange,
      fee: e.fee,
      validity: e.validity,
      website: e.website,
    })),
  );

  const disciplineSlugs = new Slugger();
  const disciplineIds = await insertRows(
    tx,
    disciplines,
    DISCIPLINES.map((d) => ({ name: d.name, slug: disciplineSlugs.slug(d.name), description: d.description })),
  );

  return {
    districts: byName(
      DISTRICTS.map((d) => d.name),
      districtIds,
    ),
    destinations: byName(
      DESTINATIONS.map((d) => d.name),
      destinationIds,
    ),
    exams: byName(
      EXAMS.map((e) => e.name),
      examIds,
    ),
    disciplines: disciplineIds,
  };
}
