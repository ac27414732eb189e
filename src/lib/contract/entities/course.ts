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

/** What students call each level ("mba canada", "bsc nursing"): the site search reads them as the level filter. */
const COURSE_LEVEL_NAMES = {
  certificate: ['certificate', 'certificates', 'cert'],
  diploma: ['diploma', 'diplomas', 'advanced diploma', 'pg diploma'],
  foundation: ['foundation', 'pathway'],
  bachelor: ['bachelor', 'bachelors', 'undergraduate', 'ug', 'bsc', 'ba', 'bba', 'bbs', 'beng', 'bit', 'bca', 'bachelor degree'],
  master: ['master', 'masters', 'postgraduate', 'pg', 'msc', 'ma', 'mba', 'meng', 'mit', 'mphil', 'master degree'],
  phd: ['phd', 'ph.d', 'doctorate', 'doctoral'],
} as const;

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
    level: {
      kind: 'select',
      label: 'Level',
      options: COURSE_LEVELS,
      required: true,
      column: true,
      optionNames: COURSE_LEVEL_NAMES,
    },
    duration_months: { kind: 'number', keyFact: true, label: 'Duration', min: 1, max: 120, unit: ['month', 'months'] },
    fee: { kind: 'number', keyFact: true, label: 'Yearly fee', max: 10_000_000, column: true, currency: 'currency' },
    currency: { kind: 'text', label: 'Fee currency', max: 3, help: 'Three letters, such as AUD, GBP or JPY.' },
    intakes: { kind: 'tags', keyFact: true, label: 'Intakes', max: 40 },
    icon: { kind: 'image', label: 'Icon', picture: 'small' },
    cover_image: { kind: 'image', label: 'Cover image', picture: 'cover' },
    about: { kind: 'html', label: 'About', summary: 6 },
    requirements: { kind: 'textarea', label: 'Entry requirements' },
  },
  values: ['fee_npr'],
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
    level: { label: 'Level', kind: 'select', options: COURSE_LEVELS, column: 'level' },
    intake: { label: 'Intake month', kind: 'select', options: MONTHS, column: 'intakes' },
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
