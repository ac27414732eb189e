import { defineEntity } from '../entity.ts';

export const destination = defineEntity({
  name: 'destination',
  path: 'destination',
  sitePath: 'destination',
  dropdown: true,
  multipart: true,
  label: 'Destination',
  plural: 'Destinations',
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: 'Country', required: true, max: 120, column: true },
    country_code: { kind: 'text', label: 'Country code', max: 2, column: true, help: 'Two letters, such as AU or GB.' },
    country_logo: { kind: 'image', label: 'Flag or logo' },
    cover_page: { kind: 'image', label: 'Cover image' },
    about: { kind: 'html', label: 'About' },
    capital: { kind: 'text', label: 'Capital', max: 120 },
    currency: { kind: 'text', label: 'Currency', max: 3, help: 'Three letters, such as AUD or GBP.' },
    language: { kind: 'text', label: 'Language', max: 120 },
    living_cost: { kind: 'text', label: 'Living cost', max: 200 },
    work_rights: { kind: 'text', label: 'Work rights for students', max: 300 },
    visa_info: { kind: 'html', label: 'Visa information' },
    intakes: { kind: 'tags', label: 'Intakes', max: 40 },
    priority: { kind: 'number', label: 'Priority (higher first)', max: 10000, internal: true, column: true },
  },
  ordering: ['-priority', 'name'],
});
