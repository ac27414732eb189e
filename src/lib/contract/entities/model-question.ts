import { defineEntity } from '../entity.ts';

export const modelQuestion = defineEntity({
  name: 'modelQuestion',
  path: 'model-question',
  table: 'model_questions',
  sitePath: 'model-question',
  multipart: true,
  label: 'Model question',
  plural: 'Model questions',
  console: { group: 'Articles', order: 6 },
  nav: { menu: 'more', order: 13 },
  titleField: 'title',
  fields: {
    title: { kind: 'text', label: 'Title', required: true, max: 200, column: true },
    exam_id: { kind: 'ref', ref: 'exam', label: 'Exam', column: true, listedOn: { note: 'year' } },
    year: { kind: 'number', label: 'Year', min: 1990, max: 2100, column: true, year: true },
    description: { kind: 'textarea', label: 'Description', summary: 5 },
    pdf: { kind: 'file', label: 'Question paper (PDF)', accept: 'pdf' },
  },
  filters: { exam: { label: 'Exam', kind: 'ref', ref: 'exam', column: 'exam_id' } },
  search: { A: ['title'], C: ['description'] },
  ordering: ['-year', '-id'],
  sorts: [{ label: 'Newest year first' }, { label: 'Title, A to Z', ordering: 'title' }],
});
