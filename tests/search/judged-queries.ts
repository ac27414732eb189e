/**
 * The judged query set of the site's search (issue 24): what Nepali students type, written from the
 * forum's questions, the home search's placeholder ("Australia, nursing, IELTS"), the finders'
 * filters and SPEC, and judged by reading the demo seed (server/db/seed), not from what the engine
 * returns. tests/api/search-relevance.api.test.ts runs every query through GET /api/search/.
 *
 * How a query is judged. Each judgment is about one kind's group of the answer (the answer groups
 * rows by kind, so "top 5" means the top 5 of that kind's group, in the group's order):
 * - `kind`: the kind the query is about; its group must be the answer's first group (unless the
 *   query expects nothing of it: a budget no course meets).
 * - `corrected`: what "Showing results for …" must say for a misspelt query; for any other query
 *   the answer must correct nothing (a word known in one kind is no typo in another).
 * - `must`: rows that must be in the top 5 of their kind's group. Relevance 2 (the row the query
 *   asks for), or 1 when marked `also` (wanted, but after the 2s: an event that is over).
 * - `relevant`: for a query that many rows answer equally ("nursing australia"), the rows that do,
 *   as a filter of the kind's list (`/api/<kind>/?<filter>`, the finders' own filters, so the set
 *   comes from the data and not from search): relevance 1, and the top 5 of the group (or all of
 *   the set, when it has fewer) must come from it and `must`.
 * - `never`: rows that must not be in the top 10 of their kind's group (a nursing course in Dubai
 *   for "nursing australia", a course over the student's budget).
 *
 * nDCG@10 is computed per judged group with gain 2^relevance - 1 (3 for a must, 1 for an `also`
 * must or a row of `relevant`, 0 for any other row) and discount log2(rank + 1); the ideal ranking
 * is every judged row sorted by relevance. A query's figure is the mean over its judged groups.
 */

export type Grade = 1 | 2;

export interface JudgedRow {
  kind: string;
  slug: string;
  grade: Grade;
}

export interface RelevantSet {
  kind: string;
  /** the query string of the kind's list that lists exactly the rows that answer the query */
  filter: string;
}

export interface JudgedQuery {
  q: string;
  /** what the student means, in words */
  means: string;
  /** the kind the query is about (or kinds, when it is as much about each): its group comes first */
  kind: string | string[];
  /**
   * the query with its misspelt words corrected; absent: nothing is misspelt, `corrected` is null;
   * a list: any of these (null too when every misspelt word became a chip, whose label shows it)
   */
  corrected?: string | (string | null)[];
  must: JudgedRow[];
  relevant?: RelevantSet[];
  never?: JudgedRow[];
}

const row =
  (kind: string) =>
  (slug: string, grade: Grade = 2): JudgedRow => ({ kind, slug, grade });

const course = row('course');
const university = row('university');
const destination = row('destination');
const exam = row('exam');
const consultancy = row('consultancy');
const college = row('college');
const scholarship = row('scholarship');
const event = row('event');
const blog = row('blog');
const news = row('news');
/** a must-have of relevance 1 */
const also = (r: JudgedRow): JudgedRow => ({ ...r, grade: 1 });
const list = (kind: string, filter: string): RelevantSet => ({ kind, filter });

/** Nursing courses outside Australia that a query for nursing in Australia must not show. */
const nursingInDubai = [
  course('phd-in-mental-health-nursing-curtin-university-dubai'),
  course('bachelor-of-nursing-murdoch-university-dubai'),
  course('bachelor-of-mental-health-nursing-ajman-university'),
];
const nursingAustralia = list('course', 'discipline=nursing&country=australia');
/** Courses that have nothing to do with nursing. */
const notNursing = [course('bachelor-of-public-relations-keio-university'), course('master-of-civil-engineering-university-of-bonn')];

const COURSES: JudgedQuery[] = [
  {
    q: 'nursing australia',
    means: 'nursing courses at Australian universities (the issue: returned one blog post and no course)',
    kind: 'course',
    must: [course('master-of-mental-health-nursing-university-of-adelaide'), course('master-of-mental-health-nursing-curtin-university')],
    relevant: [nursingAustralia],
    never: nursingInDubai,
  },
  {
    q: 'nursing in australia',
    means: '"<field> in <country>"',
    kind: 'course',
    must: [course('master-of-mental-health-nursing-university-of-adelaide'), course('master-of-mental-health-nursing-curtin-university')],
    relevant: [nursingAustralia],
    never: nursingInDubai,
  },
  {
    q: 'aus nursing',
    means: 'Aus, the abbreviation, for Australia',
    kind: 'course',
    must: [course('master-of-mental-health-nursing-university-of-adelaide'), course('master-of-mental-health-nursing-curtin-university')],
    relevant: [nursingAustralia],
    never: nursingInDubai,
  },
  {
    q: 'nursing austrlia',
    corrected: 'nursing australia',
    means: 'the country misspelt inside a query',
    kind: 'course',
    must: [course('master-of-mental-health-nursing-university-of-adelaide'), course('master-of-mental-health-nursing-curtin-university')],
    relevant: [nursingAustralia],
    never: nursingInDubai,
  },
  {
    q: 'nrsing',
    corrected: 'nursing',
    means: 'nursing, misspelt: nursing courses (the issue: returned nothing)',
    kind: 'course',
    must: [],
    relevant: [list('course', 'discipline=nursing')],
    never: notNursing,
  },
  {
    q: 'nursing',
    means: 'nursing courses; the one nursing event among the events',
    kind: 'course',
    must: [event('nursing-pathways-abroad-seminar-2027')],
    relevant: [list('course', 'discipline=nursing')],
    never: notNursing,
  },
  {
    q: 'master of nursing canada',
    means: 'a named programme in a country',
    kind: 'course',
    must: [course('master-of-nursing-university-of-calgary'), course('master-of-nursing-university-of-manitoba')],
    relevant: [list('course', 'discipline=nursing&country=canada&level=master')],
    never: [course('master-of-nursing-university-of-bristol'), course('master-of-nursing-kyoto-university')],
  },
  {
    q: 'mba canada',
    means: 'MBA: a master in business administration, in Canada',
    kind: 'course',
    must: [course('master-of-business-administration-george-brown-college')],
  },
  {
    q: 'mba canada under 30 lakh',
    means: 'a rupee ceiling on the fee: the one Canadian MBA costs more than NPR 30 lakh a year',
    kind: 'course',
    must: [],
    never: [course('master-of-business-administration-george-brown-college')],
  },
  {
    q: 'mba canada under 40 lakh',
    means: '"under <n> lakh": the Canadian MBA costs NPR 33.8 lakh a year',
    kind: 'course',
    must: [course('master-of-business-administration-george-brown-college')],
  },
  {
    q: 'bsc it uk',
    means: 'BSc IT: a bachelor in computing, in the UK',
    kind: 'course',
    must: [
      course('bachelor-of-computer-science-university-of-leeds'),
      course('bachelor-of-cyber-security-university-of-bristol'),
      course('bachelor-of-data-science-university-of-nottingham'),
    ],
    relevant: [list('course', 'level=bachelor&discipline=computer-science-and-it&country=united-kingdom')],
  },
  {
    q: 'cheap masters germany',
    means: 'master courses in Germany, the cheapest first',
    kind: 'course',
    must: [course('master-of-accounting-ludwig-maximilian-university-of-munich'), course('master-of-civil-engineering-university-of-bonn')],
    relevant: [list('course', 'level=master&country=germany')],
  },
  {
    q: 'engineering in usa',
    means: 'engineering courses at American universities',
    kind: 'course',
    must: [
      course('master-of-civil-engineering-massachusetts-institute-of-technology'),
      course('diploma-of-electronic-engineering-university-of-central-missouri'),
    ],
    relevant: [list('course', 'discipline=engineering&country=usa')],
    never: [course('master-of-civil-engineering-university-of-bonn')],
  },
  {
    q: 'enginering germany',
    corrected: ['engineering germany', null],
    means: 'engineering, misspelt, in Germany',
    kind: 'course',
    must: [
      course('master-of-civil-engineering-university-of-bonn'),
      course('certificate-iv-in-electronic-engineering-iu-international-university-of-applied-sciences'),
      course('phd-in-civil-engineering-gisma-university-of-applied-sciences'),
    ],
    relevant: [list('course', 'discipline=engineering&country=germany')],
    never: [course('master-of-civil-engineering-massachusetts-institute-of-technology')],
  },
  {
    q: 'phd germany',
    means: 'doctoral courses in Germany',
    kind: 'course',
    must: [],
    relevant: [list('course', 'level=phd&country=germany')],
  },
  {
    q: 'diploma in new zealand',
    means: 'diplomas at New Zealand institutions',
    kind: 'course',
    must: [],
    relevant: [list('course', 'level=diploma&country=new-zealand')],
  },
  {
    q: 'masters in nz',
    means: 'NZ, the abbreviation; masters, the level',
    kind: 'course',
    must: [],
    relevant: [list('course', 'level=master&country=new-zealand')],
  },
  {
    q: 'bachelors in canada',
    means: 'bachelor courses in Canada',
    kind: 'course',
    must: [],
    relevant: [list('course', 'level=bachelor&country=canada')],
  },
  {
    q: 'undergraduate australia',
    means: 'undergraduate: the bachelor level',
    kind: 'course',
    must: [],
    relevant: [list('course', 'level=bachelor&country=australia')],
  },
  {
    q: 'postgraduate uk',
    means: 'postgraduate: the master level, in the UK',
    kind: 'course',
    must: [],
    relevant: [list('course', 'level=master&country=united-kingdom')],
  },
  {
    q: 'msc in finland',
    means: 'MSc: the master level, in Finland',
    kind: 'course',
    must: [],
    relevant: [list('course', 'level=master&country=finland')],
  },
  {
    q: 'computer science canada',
    means: 'computing courses in Canada',
    kind: 'course',
    must: [course('certificate-iv-in-computer-science-york-university')],
    relevant: [list('course', 'discipline=computer-science-and-it&country=canada')],
  },
  {
    q: 'computer sience',
    corrected: 'computer science',
    means: 'computer science, misspelt',
    kind: 'course',
    must: [],
    relevant: [list('course', 'discipline=computer-science-and-it')],
  },
  {
    q: 'hotel management australia',
    means: 'hospitality courses in Australia',
    kind: 'course',
    must: [course('diploma-of-hospitality-management-university-of-queensland')],
    relevant: [list('course', 'discipline=hospitality-and-tourism&country=australia')],
  },
  {
    q: 'commercial cookery australia',
    means: 'cookery, the chef course, in Australia',
    kind: 'course',
    must: [course('phd-in-commercial-cookery-griffith-university'), course('master-of-commercial-cookery-victoria-university')],
    never: [course('master-of-commercial-cookery-university-of-chicago'), course('bachelor-of-commercial-cookery-coventry-university')],
  },
  {
    q: 'law in uk',
    means: 'law courses in the UK',
    kind: 'course',
    must: [course('bachelor-of-law-newcastle-university'), course('master-of-law-anglia-ruskin-university')],
    relevant: [list('course', 'discipline=law&country=united-kingdom')],
  },
  {
    q: 'april intake japan',
    means: 'courses in Japan starting in April',
    kind: 'course',
    must: [],
    relevant: [list('course', 'intake=April&country=japan')],
  },
  {
    q: 'september intake uk',
    means: 'courses in the UK starting in September',
    kind: 'course',
    must: [],
    relevant: [list('course', 'intake=September&country=united-kingdom')],
  },
  {
    q: 'data science masters',
    means: 'a named subject at the master level',
    kind: 'course',
    must: [course('master-of-data-science-kobe-university')],
  },
];

const PLACES: JudgedQuery[] = [
  {
    q: 'study in korea',
    means: 'Korea, the common name of South Korea',
    kind: 'destination',
    must: [destination('south-korea')],
  },
  {
    q: 'australa',
    corrected: 'australia',
    means: 'Australia misspelt (works on a whole name today)',
    kind: 'destination',
    must: [destination('australia')],
  },
  { q: 'canda', corrected: 'canada', means: 'Canada misspelt', kind: 'destination', must: [destination('canada')] },
  { q: 'uk', means: 'UK, for the United Kingdom', kind: 'destination', must: [destination('united-kingdom')] },
  { q: 'england', means: 'England, for the United Kingdom', kind: 'destination', must: [destination('united-kingdom')] },
  { q: 'usa', means: 'the USA', kind: 'destination', must: [destination('usa')] },
  { q: 'america', means: 'America, for the USA', kind: 'destination', must: [destination('usa')] },
  { q: 'nz', means: 'NZ, for New Zealand', kind: 'destination', must: [destination('new-zealand')] },
  { q: 'dubai', means: 'Dubai (UAE)', kind: 'destination', must: [destination('dubai-uae')] },
  {
    q: 'universities in australia',
    means: 'Australian universities',
    kind: 'university',
    must: [],
    relevant: [list('university', 'destination=australia')],
    never: [university('university-of-wollongong-in-dubai'), university('curtin-university-dubai')],
  },
  {
    q: 'south korea universities',
    means: 'Korean universities',
    kind: 'university',
    must: [],
    relevant: [list('university', 'destination=south-korea')],
  },
  {
    q: 'melbourne',
    means: 'universities in the city of Melbourne',
    kind: 'university',
    must: [
      university('university-of-melbourne'),
      university('monash-university'),
      university('rmit-university'),
      university('la-trobe-university'),
      university('swinburne-university-of-technology'),
    ],
  },
  {
    q: 'university of sydney',
    means: 'one university by its name',
    kind: 'university',
    must: [university('university-of-sydney')],
    never: [university('university-of-melbourne')],
  },
  {
    q: 'wollongong',
    means: 'the university in Wollongong and its Dubai campus',
    kind: 'university',
    must: [university('university-of-wollongong'), university('university-of-wollongong-in-dubai')],
  },
  { q: 'harvard', means: 'one university by its name', kind: 'university', must: [university('harvard-university')] },
  { q: 'monash', means: 'one university by its name', kind: 'university', must: [university('monash-university')] },
  {
    q: 'toronto university',
    means: 'the University of Toronto, words in another order',
    kind: 'university',
    must: [university('university-of-toronto')],
  },
  {
    q: 'universty of tokyo',
    corrected: 'university of tokyo',
    means: 'a misspelt word in a name',
    kind: 'university',
    must: [university('university-of-tokyo')],
  },
  {
    q: 'japanese language school',
    means: 'language schools in Japan',
    kind: 'university',
    must: [university('isi-japanese-language-school'), university('fukuoka-japanese-language-school')],
  },
];

const EXAMS: JudgedQuery[] = [
  {
    q: 'ielts',
    means: 'the IELTS exam, then what is written about it',
    kind: 'exam',
    must: [exam('ielts'), blog('how-to-score-7-bands-in-ielts-writing-task-2'), blog('ielts-vs-pte-which-english-test-should-you-take')],
  },
  { q: 'ilets', corrected: 'ielts', means: 'IELTS misspelt', kind: 'exam', must: [exam('ielts')] },
  { q: 'toefl', means: 'the TOEFL exam', kind: 'exam', must: [exam('toefl')] },
  { q: 'pte', means: 'the PTE exam', kind: 'exam', must: [exam('pte')] },
  { q: 'gre', means: 'the GRE exam', kind: 'exam', must: [exam('gre'), blog('gre-preparation-in-three-months-a-study-plan')] },
  { q: 'duolingo', means: 'the Duolingo English Test', kind: 'exam', must: [exam('duolingo')] },
  { q: 'sat', means: 'the SAT exam', kind: 'exam', must: [exam('sat')] },
  { q: 'jlpt', means: 'the Japanese exam', kind: 'exam', must: [exam('jlpt')] },
  { q: 'topik', means: 'the Korean exam', kind: 'exam', must: [exam('topik')] },
  { q: 'japanese test', means: 'the Japanese exams', kind: 'exam', must: [exam('jlpt'), exam('nat')] },
  { q: 'korean language test', means: 'the Korean exam by its full name', kind: 'exam', must: [exam('topik')] },
  { q: 'german a1', means: 'the German exam for visas', kind: 'exam', must: [exam('german-a1')] },
  {
    q: 'english test',
    means: 'the English tests',
    kind: 'exam',
    must: [exam('ielts'), exam('pte'), exam('toefl'), exam('duolingo')],
    never: [exam('jlpt'), exam('topik')],
  },
  {
    q: 'ielts preparation kathmandu',
    means: '"<exam> preparation <city>": consultancies in Kathmandu that prepare for IELTS',
    kind: 'consultancy',
    must: [],
    relevant: [list('consultancy', 'exam=ielts&district=kathmandu')],
  },
  {
    q: 'pte classes pokhara',
    means: 'consultancies in Pokhara (Kaski) that prepare for PTE',
    kind: 'consultancy',
    must: [],
    relevant: [list('consultancy', 'exam=pte&district=kaski')],
  },
  {
    q: 'jlpt classes chitwan',
    means: 'consultancies in Chitwan that prepare for the JLPT',
    kind: 'consultancy',
    must: [],
    relevant: [list('consultancy', 'exam=jlpt&district=chitwan')],
  },
  {
    q: 'ielts mock test',
    means: 'the IELTS mock test days, the coming one first',
    kind: 'event',
    must: [event('ielts-mock-test-day-2027'), also(event('ielts-mock-test-day-2026'))],
  },
];

const SCHOLARSHIPS: JudgedQuery[] = [
  {
    q: 'scholarship japan',
    means: '"scholarship <country>"',
    kind: 'scholarship',
    must: [scholarship('mext-japanese-government-scholarship'), scholarship('jasso-honors-scholarship')],
    relevant: [list('scholarship', 'destination=japan&open=false')],
    never: [scholarship('global-korea-scholarship-gks')],
  },
  {
    q: 'scholarship australia',
    means: 'scholarships for Australia open now (the list page, too, shows open ones unless asked)',
    kind: 'scholarship',
    must: [
      scholarship('western-sydney-university-international-merit-scholarship'),
      scholarship('university-of-new-south-wales-south-asia-scholarship'),
    ],
  },
  {
    q: 'scholarships for masters in uk',
    means: 'master scholarships for the UK: all three closed, so they are what there is (next round)',
    kind: 'scholarship',
    must: [scholarship('chevening-scholarship'), scholarship('commonwealth-master-s-scholarship'), scholarship('great-scholarship-nepal')],
    relevant: [list('scholarship', 'destination=united-kingdom&level=master&open=false')],
  },
  {
    q: 'bachelor scholarship canada',
    means: '"<level> scholarship <country>"',
    kind: 'scholarship',
    must: [scholarship('lester-b-pearson-international-scholarship'), scholarship('university-of-waterloo-global-excellence-scholarship')],
    never: [scholarship('vanier-canada-graduate-scholarship')],
  },
  {
    q: 'chevening',
    means: 'one scholarship by its name (closed: still found when named)',
    kind: 'scholarship',
    must: [scholarship('chevening-scholarship')],
  },
  {
    q: 'fulbright',
    means: 'one scholarship by its name',
    kind: 'scholarship',
    must: [scholarship('fulbright-foreign-student-program')],
  },
  {
    q: 'daad',
    means: 'the German scholarship by its acronym',
    kind: 'scholarship',
    must: [scholarship('daad-development-related-postgraduate-courses')],
  },
  {
    q: 'gks korea',
    means: 'the Korean government scholarship and its information sessions',
    kind: 'scholarship',
    must: [
      scholarship('global-korea-scholarship-gks'),
      event('korea-gks-information-session-2028'),
      also(event('korea-gks-information-session-2026')),
    ],
  },
  {
    q: 'mext scholarship',
    means: 'the Japanese government scholarship',
    kind: 'scholarship',
    must: [scholarship('mext-japanese-government-scholarship')],
  },
];

const INSTITUTIONS: JudgedQuery[] = [
  {
    q: 'everest education consultancy',
    means: 'one consultancy by its name',
    kind: 'consultancy',
    must: [consultancy('everest-education-consultancy')],
  },
  {
    q: 'kiwi academic',
    means: "the start of a consultancy's name",
    kind: 'consultancy',
    must: [consultancy('kiwi-academic-consultancy')],
  },
  {
    q: 'sakura consultancy',
    means: 'the consultancies named Sakura',
    kind: 'consultancy',
    must: [
      consultancy('sakura-abroad-educational-consultant-pvt-ltd'),
      consultancy('sakura-international-education-centre'),
      consultancy('sakura-career-consultancy'),
    ],
  },
  {
    q: 'consultancy for japan in kathmandu',
    means: 'consultancies in Kathmandu that send students to Japan',
    kind: 'consultancy',
    must: [],
    relevant: [list('consultancy', 'destination=japan&district=kathmandu')],
  },
  {
    q: 'consultancies in kathmandu',
    means: 'consultancies in Kathmandu ("kathmandu consultancy" could as well mean those named Kathmandu)',
    kind: 'consultancy',
    must: [],
    relevant: [list('consultancy', 'district=kathmandu')],
  },
  {
    q: 'islington college',
    means: 'the colleges named Islington',
    kind: 'college',
    must: [college('islington-college-of-nursing'), college('islington-international-college')],
  },
  {
    q: 'nursing college kathmandu',
    means: 'a nursing college in Kathmandu',
    kind: 'college',
    must: [college('islington-college-of-nursing')],
  },
];

const READING: JudgedQuery[] = [
  {
    q: 'f1 visa interview',
    means: 'the American student visa interview',
    kind: 'blog',
    must: [blog('studying-in-the-usa-f-1-visa-interview-questions-and-answers')],
  },
  {
    q: 'canada study permit',
    means: 'the Canadian student visa: what is written (a guide, the news) and the seminars named for it, each as much the answer',
    kind: ['blog', 'news', 'event'],
    must: [
      blog('canada-study-permit-documents-checklist-for-nepali-students'),
      news('canada-announces-study-permit-cap-for-2027'),
      event('canada-study-permit-seminar-2028'),
      also(event('canada-study-permit-seminar-2026')),
    ],
  },
  {
    q: 'education fair',
    means: 'the education fairs, the coming one first',
    kind: 'event',
    must: [
      event('study-in-europe-fair-2028'),
      also(event('australia-education-fair-2026')),
      also(event('australia-education-fair-2026-2')),
      also(event('study-in-europe-fair-2026')),
    ],
  },
  {
    q: 'sop writing',
    means: 'help with the statement of purpose',
    kind: 'event',
    must: [event('sop-writing-workshop-2026')],
  },
  {
    q: 'consultancy permission renewal',
    means: "the news about consultancies' yearly permission",
    kind: 'news',
    must: [news('education-consultancies-must-renew-permission-annually')],
  },
  {
    q: 'canada study permit cap',
    means: 'the news about the cap on Canadian study permits',
    kind: 'news',
    must: [news('canada-announces-study-permit-cap-for-2027')],
  },
];

export const JUDGED_QUERIES: JudgedQuery[] = [...COURSES, ...PLACES, ...EXAMS, ...SCHOLARSHIPS, ...INSTITUTIONS, ...READING];

/** The mean nDCG@10 the set must reach. */
export const NDCG_TARGET = 0.9;
