import type { FieldMeta } from '../contract/fields.ts';

/** A college branch, edited in the college dashboard with the generic form. */
export const branchFields: Record<string, FieldMeta> = {
  name: { kind: 'text', label: 'Branch name', required: true, max: 200, column: true },
  address: { kind: 'text', label: 'Address', max: 300, column: true },
  district_id: { kind: 'ref', ref: 'district', label: 'District' },
  phone: { kind: 'text', label: 'Phone', max: 60, column: true },
};
