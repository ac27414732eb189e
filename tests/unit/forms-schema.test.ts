import { describe, expect, it } from 'vitest';
import { entities } from '../../src/lib/contract/index.ts';
import { csvCell, toCsv } from '../../src/lib/forms/csv.ts';
import { prepareBody } from '../../src/lib/forms/prepare.ts';
import { formDefaults, formSchema, idsOf, splitFieldErrors, toLocalInput } from '../../src/lib/forms/schema.ts';
import { userFields } from '../../src/lib/forms/users.ts';

const { consultancy, university, event } = entities;

describe('form schema from the contract', () => {
  it('create: required fields required, file fields accepted', () => {
    const schema = formSchema(university.fields, 'create');
    const bad = schema.safeParse(formDefaults(university.fields));
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['name']);
    const logo = new File(['x'], 'l.png');
    const ok = schema.parse({ ...formDefaults(university.fields), name: 'U', world_ranking: '7', logo });
    expect(ok).toMatchObject({ name: 'U', world_ranking: 7, logo });
  });
  it('update: optional; the gallery bookkeeping is allowed', () => {
    const schema = formSchema(consultancy.fields, 'update');
    expect(schema.safeParse({ deleted_gallery_images: ['/media/a.png'], gallery: [] }).success).toBe(true);
    expect(schema.safeParse({ hacked: 1 }).success).toBe(false);
  });
  it('event datetimes become ISO times', () => {
    const out = formSchema(event.fields, 'create').parse({
      ...formDefaults(event.fields),
      title: 'Fair',
      starts_at: '2026-12-01T10:00',
      ends_at: '2026-12-01T12:00',
    });
    expect(out.starts_at).toBe(new Date('2026-12-01T10:00').toISOString());
  });
});

describe('form defaults from a record', () => {
  it('one value per kind', () => {
    const d = formDefaults(consultancy.fields, {
      name: 'E',
      districts: [{ id: 2, name: 'Kaski' }, 3],
      highlights: ['a'],
      verified: 'true',
      establishment_date: '2010-01-02T00:00:00Z',
      priority: null,
      logo: '/media/l.png',
      gallery: ['/media/g.png', { url: '/media/h.png' }],
    });
    expect(d).toMatchObject({
      name: 'E',
      districts: [2, 3],
      highlights: ['a'],
      verified: true,
      establishment_date: '2010-01-02',
      priority: '',
      logo: '/media/l.png',
      gallery: ['/media/g.png', '/media/h.png'],
      deleted_gallery_images: [],
      moe_certified: false,
      about: '',
    });
  });
  it('ids and local times', () => {
    expect(idsOf('[1,"2"]')).toEqual([1, 2]);
    expect(idsOf('3,4')).toEqual([3, 4]);
    expect(toLocalInput('bad')).toBe('');
    expect(toLocalInput(new Date(2026, 0, 2, 3, 4).toISOString())).toBe('2026-01-02T03:04');
  });
});

describe('server field errors', () => {
  it('known fields beside their field, the rest with the form message, named in words', () => {
    expect(
      splitFieldErrors(university.fields, {
        name: ['Taken', 'Too short'],
        'faqs.0.answer': ['Required'],
        other: ['x'],
        consultancy_id: ['Not yours'],
        'tag_list.2': ['Too long'],
      }),
    ).toEqual({
      byField: { name: 'Taken Too short', faqs: 'Required' },
      other: ['Other: x', 'Consultancy: Not yours', 'Tag list: Too long'],
    });
  });
});

describe('users', () => {
  it('an empty password on edit is not sent (keeps the current one); a new one resets it', () => {
    expect(prepareBody({ fields: userFields }, { email: 'a@b.np', password: '', role: 'admin', active: false }, 'update')).toEqual({
      email: 'a@b.np',
      role: 'admin',
      active: false,
    });
    expect(prepareBody({ fields: userFields }, { password: 'newsecret1' }, 'update')).toEqual({ password: 'newsecret1' });
  });
});

describe('CSV', () => {
  it('quotes, lists, formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(['x', { name: 'y' }])).toBe('x; y');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(toCsv([{ id: 1, name: 'A\nB' }], ['id', 'name'])).toBe('id,name\r\n1,"A\nB"\r\n');
  });
});
