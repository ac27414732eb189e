import { defineEntity } from '../entity.ts';

export const university = defineEntity({
  name: 'university',
  path: 'university',
  sitePath: 'university',
  dropdown: true,
  multipart: true,
  institutionRole: 'university',
  label: 'University',
  plural: 'Universities',
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: 'Name', required: true, max: 200, column: true },
    destination_id: { kind: 'ref', ref: 'destination', label: 'Destination', column: true },
    city: { kind: 'text', label: 'City', max: 120, column: true },
    logo: { kind: 'image', label: 'Logo' },
    cover: { kind: 'image', label: 'Cover image' },
    about: { kind: 'html', label: 'About' },
    website: { kind: 'url', label: 'Website' },
    type: { kind: 'select', label: 'Type', options: ['public', 'private'] },
    established_year: { kind: 'number', label: 'Established in', min: 1000, max: 2100, year: true },
    // it orders the public list: the platform sets it, never the university itself
    world_ranking: { kind: 'number', label: 'World ranking', min: 1, max: 100000, column: true, rank: true, adminOnly: true },
    tuition_min: { kind: 'number', label: 'Yearly tuition from', max: 10_000_000, currency: 'currency' },
    tuition_max: { kind: 'number', label: 'Yearly tuition up to', max: 10_000_000, currency: 'currency' },
    currency: { kind: 'text', label: 'Tuition currency', max: 3, help: 'Three letters, such as AUD, GBP or USD.' },
    intakes: { kind: 'tags', label: 'Intakes', max: 40 },
    disciplines: { kind: 'refs', ref: 'discipline', label: 'Disciplines' },
    faqs: { kind: 'faqs', label: 'FAQs' },
  },
  filters: {
    destination: { label: 'Destination', kind: 'ref', ref: 'destination', column: 'destination_id' },
    discipline: { label: 'Discipline', kind: 'ref', ref: 'discipline', column: 'disciplines' },
  },
  ordering: ['world_ranking', 'name'],
});
