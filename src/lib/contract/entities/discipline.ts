import { defineEntity } from '../entity.ts';

export const discipline = defineEntity({
  name: 'discipline',
  path: 'disciplines',
  table: 'disciplines',
  dropdown: true,
  label: 'Discipline',
  plural: 'Disciplines',
  console: { group: 'Lookups', order: 2 },
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: 'Name', required: true, max: 120, column: true },
    description: { kind: 'textarea', label: 'Description', summary: 5 },
  },
  search: { A: ['name'], C: ['description'] },
  ordering: ['name'],
});
