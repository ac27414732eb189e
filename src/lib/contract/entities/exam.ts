import { defineEntity } from '../entity.ts';

export const EXAM_TYPES = ['english', 'aptitude', 'language'] as const;

export const exam = defineEntity({
  name: 'exam',
  path: 'exam',
  table: 'exams',
  sitePath: 'exam',
  multipart: true,
  label: 'Exam',
  plural: 'Exams',
  console: { group: 'Directory', order: 6 },
  nav: { menu: 'main', order: 5 },
  homeSearch: true,
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: 'Short name', required: true, max: 120, column: true },
    full_name: { kind: 'text', label: 'Full name', max: 200, column: true, summary: 3 },
    type: { kind: 'select', label: 'Type', options: EXAM_TYPES, max: 40, required: true, column: true },
    icon: { kind: 'image', label: 'Icon', picture: 'small' },
    about: { kind: 'html', label: 'About', summary: 6 },
    duration: { kind: 'text', label: 'Duration', max: 120 },
    score_range: { kind: 'text', label: 'Score range', max: 120 },
    fee: { kind: 'text', label: 'Fee in Nepal', max: 120 },
    validity: { kind: 'text', label: 'Result validity', max: 120 },
    website: { kind: 'url', label: 'Official website' },
  },
  filters: { type: { label: 'Type', kind: 'select', options: EXAM_TYPES, column: 'type', understood: true } },
  search: { A: ['name', 'full_name'], C: ['about'] },
  ordering: ['name'],
  orderable: ['name', 'full_name', 'type'],
});
