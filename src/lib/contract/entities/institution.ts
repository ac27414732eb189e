import type { FilterMeta } from '../entity.ts';
import type { FieldMeta } from '../fields.ts';

/** What colleges and consultancies both are: Nepali institutions with a profile, offices in districts and destinations they send students to. */
export const institutionProfile = {
  name: { kind: 'text', label: 'Name', required: true, max: 200, column: true },
  logo: { kind: 'image', label: 'Logo', picture: 'small' },
  cover: { kind: 'image', label: 'Cover image', picture: 'cover' },
  about: { kind: 'html', label: 'About', summary: 6 },
  address: { kind: 'text', label: 'Address', max: 300, column: true },
  phone: { kind: 'text', label: 'Phone', max: 60 },
  email: { kind: 'email', label: 'Email' },
  website: { kind: 'url', label: 'Website' },
  districts: { kind: 'refs', ref: 'district', label: 'Districts', foundBy: true },
  study_abroad_destinations: { kind: 'refs', ref: 'destination', label: 'Study abroad destinations' },
} satisfies Record<string, FieldMeta>;

/** Their standing, which only admins set: certified by the Ministry of Education, verified by us, claimed by its owner. */
export const institutionStanding = {
  moe_certified: { kind: 'boolean', label: 'MOE certified', adminOnly: true, column: true, badge: 'plain', explainedAt: 'moe-certified' },
  verified: { kind: 'boolean', label: 'Verified', adminOnly: true, column: true, badge: 'ok' },
  claimed: { kind: 'boolean', label: 'Claimed', adminOnly: true, internal: true },
} satisfies Record<string, FieldMeta>;

export const institutionFilters = {
  district: { label: 'District', kind: 'ref', ref: 'district', column: 'districts' },
  destination: { label: 'Destination', kind: 'ref', ref: 'destination', column: 'study_abroad_destinations' },
} as const satisfies Record<string, FilterMeta>;

export const standingFilters = {
  moe_certified: { label: 'MOE certified', kind: 'boolean', column: 'moe_certified' },
  verified: { label: 'Verified', kind: 'boolean', column: 'verified' },
} as const satisfies Record<string, FilterMeta>;
