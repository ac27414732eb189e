import { defineEntity } from '../entity.ts';
import { institutionFilters, institutionProfile, institutionStanding, standingFilters } from './institution.ts';

export const consultancy = defineEntity({
  name: 'consultancy',
  path: 'consultancy',
  sitePath: 'consultancy',
  dropdown: true,
  multipart: true,
  institutionRole: 'consultancy',
  label: 'Consultancy',
  plural: 'Consultancies',
  console: { group: 'Directory', order: 5 },
  nav: { menu: 'main', order: 6 },
  schemaType: 'EducationalOrganization',
  homeSearch: true,
  titleField: 'name',
  shortlist: true,
  compare: true,
  fields: {
    ...institutionProfile,
    test_preparation: { kind: 'refs', ref: 'exam', label: 'Test preparation' },
    partner_universities: { kind: 'refs', ref: 'university', label: 'Partner universities' },
    highlights: { kind: 'tags', label: 'Highlights' },
    gallery: { kind: 'image', label: 'Gallery', multiple: true, removedBy: 'deleted_gallery_images', help: 'Add several images; remove one with its Remove button.' },
    ...institutionStanding,
    // SPEC §3's boolean, no longer set by hand: a verified licence whose expiry has not passed (src/lib/contract/licences.ts)
    moe_certified: {
      kind: 'boolean',
      label: 'Licensed',
      derived: "the consultancy's verified, unexpired Ministry of Education licence",
      column: true,
      badge: 'ok',
      explainedAt: 'licence',
      holdsUntil: 'licence.expires_on',
    },
    establishment_date: { kind: 'date', label: 'Established on' },
    priority: { kind: 'number', label: 'Priority (higher first)', max: 10000, internal: true, adminOnly: true, column: true },
  },
  filters: {
    ...institutionFilters,
    exam: { label: 'Test preparation', kind: 'ref', ref: 'exam', column: 'test_preparation' },
    moe_certified: { label: 'Licensed only', kind: 'flag', column: 'moe_certified' },
    verified: standingFilters.verified,
  },
  ordering: ['-priority', 'id'],
  orderable: ['address', 'verified'],
  sorts: [{ label: 'Featured first' }, { label: 'Licensed first', ordering: '-moe_certified,-priority' }, { label: 'Name, A to Z', ordering: 'name' }, { label: 'Longest established', ordering: 'establishment_date' }],
});
