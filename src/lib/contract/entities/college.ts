import { defineEntity } from '../entity.ts';
import { institutionFilters, institutionProfile, institutionStanding, standingFilters } from './institution.ts';

export const college = defineEntity({
  name: 'college',
  path: 'college',
  table: 'colleges',
  sitePath: 'college',
  multipart: true,
  institutionRole: 'college',
  label: 'College',
  plural: 'Colleges',
  console: { group: 'Directory', order: 3 },
  nav: { menu: 'main', order: 3 },
  schemaType: 'CollegeOrUniversity',
  homeSearch: true,
  titleField: 'name',
  fields: {
    ...institutionProfile,
    affiliated_universities: { kind: 'refs', ref: 'university', label: 'Affiliated universities' },
    ...institutionStanding,
    priority: { kind: 'number', label: 'Priority (higher first)', max: 10000, default: 0, internal: true, adminOnly: true },
  },
  filters: {
    ...institutionFilters,
    ...standingFilters,
  },
  search: { A: ['name'], B: ['address'], C: ['about'] },
  ordering: ['-priority', 'name'],
  orderable: ['address', 'moe_certified', 'verified'],
  sorts: [{ label: 'Featured first' }, { label: 'Name, A to Z', ordering: 'name' }],
});
