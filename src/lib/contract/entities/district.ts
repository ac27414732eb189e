import { defineEntity } from '../entity.ts';

export const district = defineEntity({
  name: 'district',
  path: 'districts',
  table: 'districts',
  dropdown: 'district/dropdown',
  label: 'District',
  plural: 'Districts',
  console: { group: 'Lookups', order: 1 },
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: 'Name', required: true, max: 120, column: true },
    province: {
      kind: 'select',
      label: 'Province',
      options: ['Koshi', 'Madhesh', 'Bagmati', 'Gandaki', 'Lumbini', 'Karnali', 'Sudurpashchim'],
      max: 60,
      column: true,
    },
  },
  filters: {
    province: {
      label: 'Province',
      kind: 'select',
      options: ['Koshi', 'Madhesh', 'Bagmati', 'Gandaki', 'Lumbini', 'Karnali', 'Sudurpashchim'],
      column: 'province',
    },
  },
  search: { A: ['name'], B: ['province'] },
  ordering: ['name'],
  orderable: ['province'],
});
