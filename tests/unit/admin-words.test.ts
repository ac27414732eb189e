import { describe, expect, it } from 'vitest';
import { resources } from '../../src/admin/resources/index.ts';
import { profileFields } from '../../src/lib/api/dashboard.ts';
import type { FieldMeta } from '../../src/lib/contract/fields.ts';
import { INSTITUTION_ROLES } from '../../src/lib/contract/index.ts';
import { branchFields } from '../../src/lib/forms/branches.ts';

/** Every form and list of the console: the resources, the institutions' own profiles, branches. */
const forms: [string, Record<string, FieldMeta>][] = [
  ...Object.entries(resources).map(([name, r]) => [name, r.fields] as [string, Record<string, FieldMeta>]),
  ...INSTITUTION_ROLES.map((kind) => [`${kind} profile`, profileFields(kind)] as [string, Record<string, FieldMeta>]),
  ['branch', branchFields],
];

describe('the words the console shows for fields', () => {
  it('labels and help texts never name a request field (deleted_gallery_images, university_id…)', () => {
    const named: string[] = [];
    for (const [form, fields] of forms)
      for (const [name, meta] of Object.entries(fields))
        for (const text of [meta.label, meta.help ?? ''])
          if (/\b[a-z]+_[a-z_]+\b/.test(text) || (name.includes('_') && text.includes(name))) named.push(`${form}.${name}: "${text}"`);
    expect(forms.length).toBeGreaterThan(20);
    expect(named).toEqual([]);
  });
});
