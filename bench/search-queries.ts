/**
 * Varied search queries for `npm run bench:api` (issue 24): a few hundred different words drawn
 * from the seed's own vocabulary (subjects, countries and what students call them, levels, exams,
 * cities, consultancy names) and typos of them, put together the way students type ("nursing
 * australia", "ielts classes pokhara", "mba canada under 30 lakh"). Deterministic, so every run and
 * both servers get the same sequence; many distinct queries, so no cache of one query's answer
 * decides the figure.
 */
import { DESTINATIONS } from '../server/db/seed/data/destinations.ts';
import { DISCIPLINES, EXAMS } from '../server/db/seed/data/exams.ts';
import { CONSULTANCY_FIRST } from '../server/db/seed/data/names.ts';
import { OFFICE_LOCATIONS } from '../server/db/seed/data/nepal.ts';
import { UNIVERSITIES } from '../server/db/seed/data/universities.ts';
import { Random } from '../server/db/seed/random.ts';

const words = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];
const distinct = (list: string[]) => [...new Set(list)];

/** What students call the countries besides their names. */
const COUNTRY_NAMES = ['uk', 'usa', 'us', 'america', 'england', 'britain', 'aus', 'nz', 'korea', 'uae'];
const LEVEL_WORDS = [
  'bachelor',
  'bachelors',
  'bsc',
  'bba',
  'undergraduate',
  'master',
  'masters',
  'msc',
  'mba',
  'postgraduate',
  'diploma',
  'phd',
];
const NOISE = ['', '', '', 'in', 'study', 'best', 'top'];

export const VOCABULARY = {
  subjects: distinct(DISCIPLINES.flatMap((d) => d.courses.flatMap(words))).filter((w) => w.length > 3),
  countries: distinct([...DESTINATIONS.map((d) => d.name.toLowerCase().replace(/ \(.*\)$/, '')), ...COUNTRY_NAMES]),
  cities: distinct(DESTINATIONS.flatMap((d) => d.cities.flatMap(words))),
  universities: distinct(Object.values(UNIVERSITIES).flatMap((lines) => words(lines.map((l) => l.split('|')[0]).join(' ')))).filter(
    (w) => w.length > 4 && !['university', 'college', 'institute', 'technology', 'school'].includes(w),
  ),
  levels: LEVEL_WORDS,
  exams: EXAMS.map((e) => e.name.toLowerCase()),
  nepal: distinct(OFFICE_LOCATIONS.flatMap((o) => [o.city, ...o.areas].flatMap(words))).filter((w) => w.length > 3),
  consultancies: distinct(CONSULTANCY_FIRST.flatMap(words)),
};

/** A misspelling students make: a letter dropped, two swapped, one doubled or a vowel changed. */
export function typo(rng: Random, word: string): string {
  if (word.length < 5) return word;
  const i = rng.int(1, word.length - 2);
  switch (rng.int(0, 3)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default:
      return word.slice(0, i) + (word[i] === 'e' ? 'a' : 'e') + word.slice(i + 1);
  }
}

/** Every fourth word misspelt. */
const maybeTypo = (rng: Random, word: string) => (rng.chance(0.25) ? typo(rng, word) : word);
const join = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** `n` distinct queries made by `make`, each drawn with `rng` (gives up after 20n tries). */
function distinctQueries(n: number, make: () => string): string[] {
  const out = new Set<string>();
  for (let tries = 0; out.size < n && tries < n * 20; tries++) out.add(make());
  return [...out];
}

/** What a student types into a course list's search box. */
export function courseSearches(n: number, seed = 24): string[] {
  const rng = new Random(seed);
  const v = VOCABULARY;
  return distinctQueries(n, () => {
    const subject = maybeTypo(rng, rng.pick(v.subjects));
    switch (rng.int(0, 3)) {
      case 0:
        return subject;
      case 1:
        return join(subject, maybeTypo(rng, rng.pick(v.countries)));
      case 2:
        return join(rng.pick(v.levels), subject);
      default:
        return join(maybeTypo(rng, rng.pick(v.universities)), rng.chance(0.5) ? subject : '');
    }
  });
}

/** What a student types into the consultancy list's search box. */
export function consultancySearches(n: number, seed = 25): string[] {
  const rng = new Random(seed);
  const v = VOCABULARY;
  return distinctQueries(n, () => {
    switch (rng.int(0, 3)) {
      case 0:
        return maybeTypo(rng, rng.pick(v.consultancies));
      case 1:
        return maybeTypo(rng, rng.pick(v.nepal));
      case 2:
        return join(rng.pick(v.exams), maybeTypo(rng, rng.pick(v.nepal)));
      default:
        return join(maybeTypo(rng, rng.pick(v.consultancies)), maybeTypo(rng, rng.pick(v.countries)));
    }
  });
}

/** What a student types into the site's search: the patterns of issue 24, words and typos varied. */
export function siteSearches(n: number, seed = 26): string[] {
  const rng = new Random(seed);
  const v = VOCABULARY;
  const country = () => maybeTypo(rng, rng.pick(v.countries));
  const subject = () => maybeTypo(rng, rng.pick(v.subjects));
  const patterns: (() => string)[] = [
    () => join(subject(), rng.pick(NOISE), country()),
    () => join(rng.pick(v.levels), subject(), country()),
    () => join(rng.pick(v.levels), country(), `under ${rng.int(10, 60)} lakh`),
    () => join('cheap', rng.pick(v.levels), country()),
    () => join('scholarship', country()),
    () => join(rng.pick(v.exams), rng.pick(['preparation', 'classes', '']), maybeTypo(rng, rng.pick(v.nepal))),
    () => join(maybeTypo(rng, rng.pick(v.universities)), rng.chance(0.3) ? maybeTypo(rng, rng.pick(v.cities)) : ''),
    () => join(maybeTypo(rng, rng.pick(v.consultancies)), 'consultancy'),
    () => subject(),
    () => country(),
  ];
  return distinctQueries(n, () => rng.pick(patterns)());
}
