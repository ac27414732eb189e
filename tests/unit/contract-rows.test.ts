import { describe, expect, expectTypeOf, it } from 'vitest';
import { consultancy, course, discipline } from '../../src/lib/contract/index.ts';
import type { z } from 'zod';
import { neverNull, rowSchema, type Row, type RowOptions } from '../../src/lib/contract/rows.ts';

describe('rows from the declarations', () => {
  it('has the common columns, every declared field and the computed values named', () => {
    const shape = rowSchema(consultancy, { slug: true, computed: ['moe_certified', 'promotable', 'licence'] }).shape;
    expect(Object.keys(shape)).toEqual(
      expect.arrayContaining(['id', 'slug', 'created_at', 'updated_at', 'name', 'districts', 'gallery', 'promotable', 'licence']),
    );
    expect(Object.keys(rowSchema(discipline, { slug: false, computed: [] }).shape)).not.toContain('slug');
    expect(Object.keys(rowSchema(course, { slug: true, computed: [] }).shape)).toContain('facts_checked_on');
    expect(() => rowSchema(course, { slug: true, computed: ['undescribed'] })).toThrow(/undescribed/);
  });

  it('lets null through only where the declaration (or the column, when told) allows it', () => {
    // the declared fields are built from the declaration at run time: read them by name
    const field = (options: RowOptions, name: string) => (rowSchema(course, options).shape as Record<string, z.ZodType>)[name]!;
    const plain = { slug: true, computed: [] };
    expect(neverNull(course.fields.name)).toBe(true);
    expect(field(plain, 'about').safeParse('').success).toBe(true);
    expect(field(plain, 'about').safeParse(null).success).toBe(false);
    expect(field(plain, 'fee').safeParse(null).success).toBe(true);
    expect(field(plain, 'fee').safeParse(1.5).success).toBe(false);
    // the table's answer wins: a required ref whose column may be null
    const byColumn = { ...plain, notNull: (name: string) => (name === 'university_id' ? false : undefined) };
    expect(field(byColumn, 'university_id').safeParse(null).success).toBe(true);
    expect(field(plain, 'university_id').safeParse(null).success).toBe(false);
  });

  it('types a row by its declaration', () => {
    expectTypeOf<Row<typeof course>['name']>().toEqualTypeOf<string>();
    expectTypeOf<Row<typeof course>['fee']>().toEqualTypeOf<number | null>();
    expectTypeOf<Row<typeof consultancy>['districts']>().toEqualTypeOf<number[]>();
    expectTypeOf<Row<typeof consultancy>['gallery']>().toEqualTypeOf<string[]>();
  });
});
