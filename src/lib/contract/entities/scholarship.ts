import { defineEntity } from '../entity.ts';
import { COURSE_LEVELS } from './course.ts';

export const scholarship = defineEntity({
  name: 'scholarship',
  path: 'scholarship',
  sitePath: 'scholarship',
  multipart: true,
  label: 'Scholarship',
  plural: 'Scholarships',
  console: { group: 'Directory', order: 7 },
  nav: { menu: 'main', order: 7 },
  schemaType: 'MonetaryGrant',
  homeSearch: true,
  titleField: 'title',
  fields: {
    title: { kind: 'text', label: 'Title', required: true, max: 200, column: true },
    provider: { kind: 'text', label: 'Provider', max: 200, column: true, summary: 4 },
    destination_id: { kind: 'ref', ref: 'destination', label: 'Destination', column: true, listedOn: {} },
    level: { kind: 'select', label: 'Level', options: COURSE_LEVELS },
    amount: { kind: 'text', label: 'Amount', max: 200 },
    deadline: { kind: 'date', label: 'Deadline', column: true },
    eligibility: { kind: 'textarea', label: 'Eligibility', summary: 8 },
    about: { kind: 'html', label: 'About', summary: 6 },
    link: { kind: 'url', label: 'Official link' },
    cover_image: { kind: 'image', label: 'Cover image', picture: 'cover' },
  },
  filters: { destination: { label: 'Destination', kind: 'ref', ref: 'destination', column: 'destination_id' } },
  confirmed: ['amount', 'deadline'],
  ordering: ['deadline', 'id'],
  orderable: ['provider'],
  sorts: [{ label: 'Deadline, soonest first' }, { label: 'Newest first', ordering: '-created_at' }, { label: 'Title, A to Z', ordering: 'title' }],
  ends: { field: 'deadline', badge: 'Closed', note: 'Applications for this scholarship have closed.' },
});
