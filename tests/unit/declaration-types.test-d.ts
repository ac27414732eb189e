/**
 * Checked by `tsc --noEmit`, not run: a declaration that names a field, a value or an entity that
 * does not exist, or gives a field an option its kind cannot use, does not type-check. Each
 * `@ts-expect-error` fails the typecheck when the line under it stops being an error.
 */
import { defineEntity } from '../../src/lib/contract/index.ts';

const base = {
  name: 'district',
  path: 'places',
  table: 'places',
  label: 'Place',
  plural: 'Places',
  console: { group: 'Lookups', order: 9 },
} as const;
const fields = {
  name: { kind: 'text', label: 'Name', required: true, max: 120 },
  country_id: { kind: 'ref', ref: 'destination', label: 'Country', listedOn: { note: 'fee' } },
  fee: { kind: 'number', label: 'Fee', currency: 'currency' },
  currency: { kind: 'text', label: 'Currency', max: 3 },
  closes_on: { kind: 'date', label: 'Closes on' },
  kind: { kind: 'select', label: 'Kind', options: ['a', 'b'] },
  neighbours: { kind: 'refs', ref: 'district', label: 'Neighbours' },
} as const;

// a declaration that names only what exists
defineEntity({
  ...base,
  titleField: 'name',
  fields,
  values: ['fee_npr'],
  filters: {
    country: { label: 'Country', kind: 'ref', ref: 'destination', column: 'country_id' },
    cheap: { label: 'Fee up to', kind: 'max', column: 'fee_npr' },
  },
  search: { A: ['name'] },
  ordering: ['-fee', 'id'],
  orderable: ['kind'],
  sorts: [{ label: 'Name' }, { label: 'Fee', ordering: 'fee_npr,-id' }],
  ends: { field: 'closes_on', badge: 'Closed', note: 'Closed.' },
  confirmed: ['fee'],
  recognition: { via: 'country_id' },
  card: ['fee', 'kind'],
});

defineEntity({
  ...base,
  // @ts-expect-error the title names no field
  titleField: 'nmae',
  fields,
  ordering: ['id'],
});

defineEntity({
  ...base,
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: 'Name' },
    // @ts-expect-error a misspelt entity
    country_id: { kind: 'ref', ref: 'destinaton', label: 'Country' },
  },
  ordering: ['id'],
});

defineEntity({
  ...base,
  titleField: 'name',
  fields,
  // @ts-expect-error an order by no field
  ordering: ['-nmae'],
});

defineEntity({
  ...base,
  titleField: 'name',
  fields,
  ordering: ['id'],
  // @ts-expect-error a sort by no field
  sorts: [{ label: 'Fee', ordering: 'fee,-nmae' }],
});

defineEntity({
  ...base,
  titleField: 'name',
  fields,
  ordering: ['id'],
  // @ts-expect-error a value the declaration does not list in `values`
  orderable: ['fee_npr'],
});

defineEntity({
  ...base,
  titleField: 'name',
  fields,
  ordering: ['id'],
  filters: {
    // @ts-expect-error a filter on no field
    country: { label: 'Country', kind: 'ref', ref: 'destination', column: 'contry_id' },
  },
});

defineEntity({
  ...base,
  titleField: 'name',
  fields,
  ordering: ['id'],
  filters: {
    // @ts-expect-error a filter's misspelt entity
    country: { label: 'Country', kind: 'ref', ref: 'destinaton', column: 'country_id' },
  },
});

defineEntity({
  ...base,
  titleField: 'name',
  fields,
  ordering: ['id'],
  // @ts-expect-error ends on no field
  ends: { field: 'closes', badge: 'Closed', note: 'Closed.' },
});

defineEntity({
  ...base,
  titleField: 'name',
  fields,
  ordering: ['id'],
  // @ts-expect-error confirms no field
  confirmed: ['fees'],
});

defineEntity({
  ...base,
  titleField: 'name',
  fields,
  ordering: ['id'],
  // @ts-expect-error a card fact that is no field
  card: ['fees'],
});

defineEntity({
  ...base,
  titleField: 'name',
  fields,
  ordering: ['id'],
  // @ts-expect-error recognition through a field that is no ref
  recognition: { via: 'currency' },
});

defineEntity({
  ...base,
  titleField: 'name',
  fields,
  ordering: ['id'],
  // @ts-expect-error search through no field
  search: { A: ['nmae'] },
});

defineEntity({
  ...base,
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: 'Name' },
    // @ts-expect-error a listed note that is no field
    country_id: { kind: 'ref', ref: 'destination', label: 'Country', listedOn: { note: 'level' } },
  },
  ordering: ['id'],
});

defineEntity({
  ...base,
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: 'Name' },
    // @ts-expect-error a currency field that does not exist
    fee: { kind: 'number', label: 'Fee', currency: 'curency' },
  },
  ordering: ['id'],
});

defineEntity({
  ...base,
  titleField: 'name',
  fields: {
    // @ts-expect-error `currency` applies to numbers only
    name: { kind: 'text', label: 'Name', currency: 'name' },
  },
  ordering: ['id'],
});

defineEntity({
  ...base,
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: 'Name' },
    // @ts-expect-error `options` applies to selects only
    fee: { kind: 'number', label: 'Fee', options: ['1', '2'] },
  },
  ordering: ['id'],
});

defineEntity({
  ...base,
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: 'Name' },
    // @ts-expect-error a list of ids is not listed on the referred rows' pages: only a ref is
    neighbours: { kind: 'refs', ref: 'district', label: 'Neighbours', listedOn: {} },
  },
  ordering: ['id'],
});

defineEntity({
  ...base,
  titleField: 'name',
  fields,
  ordering: ['id'],
  filters: {
    // @ts-expect-error `options` applies to select and within filters only
    country: { label: 'Country', kind: 'ref', ref: 'destination', column: 'country_id', options: ['a'] },
  },
});
