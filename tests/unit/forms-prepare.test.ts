import { describe, expect, it } from 'vitest';
import { entities } from '../../src/lib/contract/index.ts';

/** SPEC §3's name for the consultancy gallery's removal list. */
const DELETED_GALLERY = 'deleted_gallery_images';
import {
  cleanFaqs,
  cleanTags,
  mergeEventSelections,
  mergeSelections,
  ownProfileFields,
  prepareBody,
  prepareEntries,
  toBoolean,
  toFormData,
} from '../../src/lib/forms/prepare.ts';

const { consultancy, course, destination, event, college, university, district } = entities;

const asObject = (form: FormData) => {
  const out: Record<string, unknown[]> = {};
  for (const [k, v] of form.entries()) (out[k] ??= []).push(v);
  return out;
};
const png = (name = 'logo.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('SPEC §5: moe_certified and verified', () => {
  it("turns the text 'true' into a boolean", () => {
    expect(toBoolean('true')).toBe(true);
    expect(toBoolean('false')).toBe(false);
    expect(toBoolean(true)).toBe(true);
    const entries = Object.fromEntries(prepareEntries(consultancy.fields, { name: 'A', verified: 'false' }, 'update'));
    expect(entries.verified).toBe(false);
    const college_ = Object.fromEntries(prepareEntries(college.fields, { moe_certified: 'true', verified: 'true' }, 'update'));
    expect(college_).toEqual({ moe_certified: true, verified: true });
  });
  it("travels as 'true'/'false' in multipart", () => {
    const form = prepareBody({ ...college, multipart: true }, { name: 'A', moe_certified: 'true', verified: false }, 'create') as FormData;
    expect(form.get('moe_certified')).toBe('true');
    expect(form.get('verified')).toBe('false');
  });
  it("never sends a consultancy's moe_certified, which follows its licence", () => {
    const form = prepareBody(consultancy, { name: 'A', moe_certified: 'true', verified: true }, 'update') as FormData;
    expect(form.has('moe_certified')).toBe(false);
    expect(form.get('verified')).toBe('true');
  });
});

describe('SPEC §5: empty establishment_date and priority are omitted', () => {
  it.each(['', '   ', null, undefined, 'null'])('omits %j', (empty) => {
    const form = prepareBody(consultancy, { name: 'A', establishment_date: empty, priority: empty }, 'update') as FormData;
    expect(form.has('establishment_date')).toBe(false);
    expect(form.has('priority')).toBe(false);
    expect(form.get('name')).toBe('A');
  });
  it('sends them when given', () => {
    const form = prepareBody(consultancy, { name: 'A', establishment_date: '2010-04-01', priority: '5' }, 'update') as FormData;
    expect(form.get('establishment_date')).toBe('2010-04-01');
    expect(form.get('priority')).toBe('5');
  });
  it('keeps priority 0', () => {
    const form = prepareBody(consultancy, { priority: 0 }, 'update') as FormData;
    expect(form.get('priority')).toBe('0');
  });
});

describe('SPEC §5: list fields are sent as JSON text', () => {
  it('refs, tags and faqs', () => {
    const form = prepareBody(
      consultancy,
      {
        name: 'A',
        districts: [3, 1],
        study_abroad_destinations: ['2'],
        test_preparation: [],
        partner_universities: [7],
        highlights: [' Visa help ', '', 'IELTS'],
      },
      'create',
    ) as FormData;
    expect(form.get('districts')).toBe('[3,1]');
    expect(form.get('study_abroad_destinations')).toBe('[2]');
    expect(form.get('test_preparation')).toBe('[]');
    expect(form.get('partner_universities')).toBe('[7]');
    expect(form.get('highlights')).toBe('["Visa help","IELTS"]');
    const uni = prepareBody(
      university,
      {
        name: 'U',
        disciplines: [1, 2],
        faqs: [
          { question: 'Q?', answer: 'A.' },
          { question: '', answer: '' },
        ],
      },
      'create',
    ) as FormData;
    expect(uni.get('disciplines')).toBe('[1,2]');
    expect(JSON.parse(uni.get('faqs') as string)).toEqual([{ question: 'Q?', answer: 'A.' }]);
  });
  it('JSON bodies keep arrays and never carry files', () => {
    expect(prepareBody(district, { name: 'Kaski', province: 'Gandaki' }, 'create')).toEqual({ name: 'Kaski', province: 'Gandaki' });
  });
  it('cleans rows', () => {
    expect(cleanTags('["a"," b ",""]')).toEqual(['a', 'b']);
    expect(cleanTags('a, b')).toEqual(['a', 'b']);
    expect(cleanFaqs([{ question: ' q ', answer: ' a ' }, {}])).toEqual([{ question: 'q', answer: 'a' }]);
  });
});

describe('SPEC §5: course drops null, "null" and undefined', () => {
  it.each(['create', 'update'] as const)('on %s', (mode) => {
    const form = prepareBody(
      course,
      {
        name: 'BSc',
        university_id: 4,
        discipline_id: null,
        level: 'bachelor',
        duration_months: 'null',
        fee: undefined,
        currency: null,
        about: 'null',
        requirements: undefined,
      },
      mode,
    ) as FormData;
    expect([...form.keys()].sort()).toEqual(['level', 'name', 'university_id']);
    expect(form.get('university_id')).toBe('4');
  });
});

describe('SPEC §5: image files are sent on update only when a new file was chosen', () => {
  it.each([
    [course, ['icon', 'cover_image']],
    [destination, ['country_logo', 'cover_page']],
  ] as const)('%s', (decl, names) => {
    const kept = prepareBody(decl, { name: 'X', [names[0]]: '/media/old.png', [names[1]]: null }, 'update') as FormData;
    for (const n of names) expect(kept.has(n)).toBe(false);
    const file = png();
    const changed = prepareBody(decl, { name: 'X', [names[0]]: file, [names[1]]: '/media/old.png' }, 'update') as FormData;
    expect(changed.get(names[0])).toBeInstanceOf(File);
    expect((changed.get(names[0]) as File).name).toBe('logo.png');
    expect(changed.has(names[1])).toBe(false);
  });
  it('create sends a chosen file', () => {
    const form = prepareBody(university, { name: 'U', logo: png() }, 'create') as FormData;
    expect(form.get('logo')).toBeInstanceOf(File);
  });
});

describe('SPEC §5: gallery', () => {
  it('sends several new files under gallery, keeps old URLs out, lists removed ones as JSON text', () => {
    const form = prepareBody(
      consultancy,
      { name: 'A', gallery: ['/media/a.png', png('1.png'), png('2.png')], [DELETED_GALLERY]: ['/media/b.png'] },
      'update',
    ) as FormData;
    const o = asObject(form);
    expect(o.gallery).toHaveLength(2);
    expect(form.get(DELETED_GALLERY)).toBe('["/media/b.png"]');
  });
  it('omits an empty deleted-gallery list', () => {
    const form = prepareBody(consultancy, { name: 'A', [DELETED_GALLERY]: [] }, 'update') as FormData;
    expect(form.has(DELETED_GALLERY)).toBe(false);
  });
});

describe('SPEC §5: event multi-selects are merged into one JSON list', () => {
  it('merges arrays, JSON text, single ids and nested picks without duplicates', () => {
    expect(mergeSelections([1, '2'], '[2,3]', 4, [[5], { value: 6 }], '7,8', '', null)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(
      mergeEventSelections({
        targeted_destinations: [
          [1, 2],
          [2, 3],
        ],
        related_universities: '[9]',
        related_consultancies: [],
      }),
    ).toEqual({
      targeted_destinations: '[1,2,3]',
      related_universities: '[9]',
      related_consultancies: '[]',
    });
  });
  it('in the prepared event body', () => {
    const form = prepareBody(
      event,
      {
        title: 'Fair',
        starts_at: '2026-12-01T10:00',
        ends_at: '2026-12-01T16:00',
        targeted_destinations: [[1], [1, 2]],
        related_universities: ['3', 3],
        related_consultancies: '[4]',
      },
      'create',
    ) as FormData;
    expect(form.getAll('targeted_destinations')).toEqual(['[1,2]']);
    expect(form.get('related_universities')).toBe('[3]');
    expect(form.get('related_consultancies')).toBe('[4]');
  });
});

describe('text fields', () => {
  it('an emptied text field is sent on update (to clear it) but not on create', () => {
    expect(toFormData(prepareEntries(consultancy.fields, { address: '' }, 'update')).get('address')).toBe('');
    expect(toFormData(prepareEntries(consultancy.fields, { address: '' }, 'create')).has('address')).toBe(false);
  });
  it('unknown keys are not sent', () => {
    expect(prepareEntries(consultancy.fields, { hacked: 'x', id: 3 }, 'update')).toEqual([]);
  });
});

describe('own profile', () => {
  it('never includes admin-only fields', () => {
    for (const d of [consultancy, college, university]) {
      const own = ownProfileFields(d.fields);
      for (const f of ['verified', 'moe_certified', 'claimed', 'priority']) expect(own).not.toHaveProperty(f);
      expect(own).toHaveProperty('name');
    }
  });
});
