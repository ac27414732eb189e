import { epochDate } from './clock.ts';
import { COURSE_LEVELS } from '../../../src/lib/contract/entities/course.ts';
import { CONSULTANCY_FIRST, CONSULTANCY_LAST, CONSULTANCY_MIDDLE, COURSE_DEGREE, COURSE_MONTHS, HIGHLIGHTS } from './data/names.ts';
import { OFFICE_LOCATIONS, mobileNumber } from './data/nepal.ts';
import { slugify, type Random } from './random.ts';

/** Generators shared by the demo seed and the scale seed, so both read like real listings. */

export function consultancyName(rng: Random) {
  const [first, middle, last] = [rng.pick(CONSULTANCY_FIRST), rng.pick(CONSULTANCY_MIDDLE), rng.pick(CONSULTANCY_LAST)];
  // "Global Global ..." or "Overseas Overseas Education" reads like a bug, so a repeated word is dropped.
  const words = `${first} ${last}`.split(' ');
  return [first, middle && !words.includes(middle) ? middle : '', last].filter(Boolean).join(' ');
}

const totalWeight = OFFICE_LOCATIONS.reduce((sum, l) => sum + l.weight, 0);

/** An office address such as "Putalisadak, Kathmandu", weighted towards the big cities. */
export function officeAddress(rng: Random): { address: string; district: string } {
  let roll = rng.next() * totalWeight;
  const location = OFFICE_LOCATIONS.find((l) => (roll -= l.weight) < 0) ?? OFFICE_LOCATIONS[0]!;
  const area = rng.pick(location.areas);
  return { address: area === location.city ? area : `${area}, ${location.city}`, district: location.district };
}

export const landline = (rng: Random) => `01-${rng.int(4_000_000, 5_999_999)}`;

export const contactFor = (rng: Random, name: string, n: number) => {
  const domain = `${slugify(name).replace(/-/g, '').slice(0, 24)}.com.np`;
  return { phone: rng.chance(0.5) ? landline(rng) : mobileNumber(n), email: `info@${domain}`, website: `https://www.${domain}` };
};

export const pickHighlights = (rng: Random) => rng.sample(HIGHLIGHTS, rng.int(3, 5));

export const consultancyAbout = (name: string, address: string, countries: string[]) =>
  `<p>${name} helps students from ${address} and across Nepal apply to universities in ${countries.join(', ')}.</p>` +
  '<h2>Our services</h2><ul><li>Free counselling and course selection</li><li>Admission and scholarship applications</li><li>Visa documentation and interview preparation</li></ul>';

export type CourseLevel = (typeof COURSE_LEVELS)[number];

const LEVEL_WEIGHTS: [CourseLevel, number][] = [
  ['bachelor', 35],
  ['master', 35],
  ['diploma', 12],
  ['certificate', 6],
  ['foundation', 6],
  ['phd', 6],
];

export function courseLevel(rng: Random): CourseLevel {
  let roll = rng.next() * 100;
  return (LEVEL_WEIGHTS.find(([, w]) => (roll -= w) < 0) ?? LEVEL_WEIGHTS[0]!)[0];
}

/** A course name, duration and yearly fee in the university's currency (scaled from AUD-like figures). */
export function courseFields(rng: Random, subject: string, level: CourseLevel, currencyFactor: number) {
  const baseFee = { certificate: 9000, diploma: 14000, foundation: 18000, bachelor: 32000, master: 36000, phd: 30000 }[level];
  return {
    name: `${COURSE_DEGREE[level]} ${subject}`,
    level,
    duration_months: rng.pick(COURSE_MONTHS[level]!),
    fee: Math.round((baseFee * (0.75 + rng.next() * 0.6) * currencyFactor) / 100) * 100,
  };
}

/** Rough value of one AUD in each currency, to keep fees plausible across countries. */
export const CURRENCY_FACTOR: Record<string, number> = {
  AUD: 1,
  GBP: 0.52,
  USD: 0.66,
  CAD: 0.9,
  JPY: 98,
  EUR: 0.6,
  NZD: 1.1,
  KRW: 900,
  DKK: 4.5,
  SEK: 7,
  AED: 2.4,
};

/**
 * When an admin or the owner last confirmed a row's fees and dates, before the seed's epoch: most
 * lately, some long ago (the demo's "may be out of date"), a few never.
 */
export function factsCheckedOn(rng: Random): string | null {
  const roll = rng.next();
  if (roll < 0.1) return null;
  return epochDate(roll < 0.75 ? -rng.int(0, 150) : -rng.int(200, 500));
}

const letters = (rng: Random, n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + rng.int(0, 25))).join('');
const digits = (rng: Random, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');

/** An entry in a country's register, shaped like that register's codes (a CRICOS provider code, a DLI number…). */
const REGISTER_CODES: Record<string, (rng: Random) => string> = {
  AU: (rng) => `0${digits(rng, 4)}${letters(rng, 1)}`,
  GB: (rng) => `${letters(rng, 4)}${digits(rng, 5)}`,
  US: (rng) => `${letters(rng, 3)}214F${digits(rng, 5)}000`,
  CA: (rng) => `O19${digits(rng, 9)}`,
  NZ: (rng) => digits(rng, 4),
};

/**
 * A university's recognition as an admin recorded it: mostly listed, some not checked yet, and
 * some unranked ones not found (never a household name, which would make the demo absurd).
 */
export function registerEntry(rng: Random, countryCode: string, ranked: boolean) {
  const code = REGISTER_CODES[countryCode];
  const roll = rng.next();
  if (!code || roll < 0.15) return { register_code: '', register_status: '', register_checked_on: null };
  const checked = epochDate(-rng.int(3, 240));
  if (!ranked && roll < 0.3) return { register_code: '', register_status: 'not_found', register_checked_on: checked };
  return { register_code: code(rng), register_status: 'listed', register_checked_on: checked };
}
