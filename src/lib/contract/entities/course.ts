import { defineEntity } from '../entity.ts';

/** Intakes are month names ("February"). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const COURSE_LEVELS = ['certificate', 'diploma', 'foundation', 'bachelor', 'master', 'phd'] as const;

/** Which studies a course's minimum grade is of: the +2 (NEB) for a bachelor, the bachelor's for a master. */
export const GRADE_OF = ['plus_two', 'bachelor'] as const;
/** The scale a grade is stated on: a GPA out of 4 or a percentage. */
export const GRADE_SCALES = ['gpa4', 'percent'] as const;

const band = (label: string) => ({ kind: 'number', label, min: 0, max: 9, decimals: 1, step: 0.5 }) as const;
const score = (label: string, min: number, max: number) => ({ kind: 'number', label, min, max }) as const;

/** The structured entry requirements (issue 27): each empty one is not required, or not on record. */
const entryRequirements = {
  ielts_overall: band('IELTS overall'),
  ielts_band_min: band('IELTS lowest band'),
  pte_overall: score('PTE overall', 10, 90),
  pte_min: score('PTE lowest score', 10, 90),
  toefl_overall: score('TOEFL iBT overall', 0, 120),
  toefl_min: score('TOEFL iBT lowest section', 0, 30),
  duolingo_overall: score('Duolingo overall', 10, 160),
  duolingo_min: score('Duolingo lowest subscore', 10, 160),
  grade_of: {
    kind: 'select',
    label: 'Minimum grade in',
    options: GRADE_OF,
    optionLabels: { plus_two: '+2 (NEB)', bachelor: 'Bachelor’s degree' },
  },
  grade_min: { kind: 'number', label: 'Minimum grade', min: 0, max: 100, decimals: 2 },
  grade_scale: {
    kind: 'select',
    label: 'Grade scale',
    options: GRADE_SCALES,
    optionLabels: { gpa4: 'GPA out of 4', percent: 'Percentage' },
  },
  study_gap_max_years: { kind: 'number', label: 'Longest study gap accepted', min: 0, max: 30, unit: ['year', 'years'] },
  funds_to_show: { kind: 'number', label: 'Funds to show', max: 1_000_000_000, currency: 'currency' },
} as const;

const isSet = (v: unknown) => v !== null && v !== undefined && v !== '';

/** A minimum grade says what it is of and on which scale, and a GPA is out of 4. */
function gradeProblems(record: Record<string, unknown>): Record<string, string[]> | null {
  const parts = ['grade_of', 'grade_min', 'grade_scale'] as const;
  const given = parts.filter((p) => isSet(record[p]));
  if (given.length > 0 && given.length < parts.length)
    return Object.fromEntries(
      parts.filter((p) => !given.includes(p)).map((p) => [p, ['A minimum grade needs what it is of, the grade and its scale.']]),
    );
  if (record.grade_scale === 'gpa4' && typeof record.grade_min === 'number' && record.grade_min > 4)
    return { grade_min: ['A GPA is out of 4.'] };
  return null;
}

export const course = defineEntity({
  name: 'course',
  path: 'course',
  table: 'courses',
  sitePath: 'course',
  multipart: true,
  label: 'Course',
  plural: 'Courses',
  console: { group: 'Directory', order: 4 },
  nav: { menu: 'main', order: 4 },
  schemaType: 'Course',
  homeSearch: true,
  titleField: 'name',
  shortlist: true,
  entryRequirements: true,
  compare: true,
  fields: {
    name: { kind: 'text', label: 'Name', required: true, max: 200, column: true },
    university_id: {
      kind: 'ref',
      ref: 'university',
      label: 'University',
      required: true,
      column: true,
      listedOn: { note: 'level' },
      namedInResults: true,
      foundBy: true,
      onDelete: 'cascade',
    },
    discipline_id: { kind: 'ref', ref: 'discipline', label: 'Discipline', foundBy: true },
    level: { kind: 'select', label: 'Level', options: COURSE_LEVELS, required: true, column: true },
    duration_months: { kind: 'number', keyFact: true, label: 'Duration', min: 1, max: 120, unit: ['month', 'months'] },
    fee: { kind: 'number', keyFact: true, label: 'Yearly fee', max: 10_000_000, column: true, currency: 'currency' },
    currency: { kind: 'text', label: 'Fee currency', max: 3, help: 'Three letters, such as AUD, GBP or JPY.' },
    intakes: { kind: 'tags', keyFact: true, label: 'Intakes', max: 40 },
    icon: { kind: 'image', label: 'Icon', picture: 'small' },
    cover_image: { kind: 'image', label: 'Cover image', picture: 'cover' },
    about: { kind: 'html', label: 'About', summary: 6 },
    requirements: { kind: 'textarea', label: 'Entry requirements' },
    ...entryRequirements,
  },
  values: ['fee_npr', 'funds_npr'],
  check: (record: Record<string, unknown>) => gradeProblems(record),
  search: { A: ['name'], B: ['level', 'intakes'], C: ['about'] },
  card: ['fee', 'duration_months', 'intakes', 'level', 'university_id'],
  confirmed: ['fee', 'currency', 'intakes'],
  filters: {
    country: {
      label: 'Country',
      kind: 'ref',
      ref: 'destination',
      column: 'university_id',
      through: { entity: 'university', column: 'destination_id' },
    },
    university: { label: 'University', kind: 'ref', ref: 'university', column: 'university_id' },
    discipline: { label: 'Discipline', kind: 'ref', ref: 'discipline', column: 'discipline_id' },
    level: { label: 'Level', kind: 'select', options: COURSE_LEVELS, column: 'level', understood: true },
    intake: { label: 'Intake month', kind: 'select', options: MONTHS, column: 'intakes', understood: true },
    fee_min: { label: 'Yearly fee from (NPR)', kind: 'min', column: 'fee_npr' },
    fee_max: { label: 'Yearly fee up to (NPR)', kind: 'max', column: 'fee_npr' },
  },
  ordering: ['name', 'id'],
  orderable: ['level'],
  sorts: [
    { label: 'Name, A to Z' },
    { label: 'Newest first', ordering: '-created_at' },
    { label: 'Fee in rupees, lowest first', ordering: 'fee_npr' },
    { label: 'Fee in rupees, highest first', ordering: '-fee_npr' },
  ],
});
