import { describe, expect, expectTypeOf, it } from 'vitest';
import { consultancy, course, discipline } from '../../src/lib/contract/index.ts';
import { neverNull, rowSchema, type Row } from '../../src/lib/contract/rows.ts';

describe('rows from the declarations', () => {
  it('has the common columns, every declared field and the computed values named', () => {
    const shape = rowSchema(consultancy, { slug: true, computed: ['moe_certified', 'promotable', 'licence'] }).shape;
    expect(Object.keys(shape)).toEqual(
      expect.arrayContaining(['id', 'slug', 'created_at', 'updated_at', 'name', 'districts', 'gallery', 'promotable', 'licence']),
    );
    expect(Object.keys(rowSchema(discipline, { slug: false, computed: [] }).shape)).not.toContain('slug');
    expect(Object.keys(rowSchema(course, { slug: true, computed: [] }).shape)).toContain('facts_checked_on');
  });

  it('lets null through only where the declaration (or the column, when told) allows it', () => {
    const schema = rowSchema(course, { slug: true, computed: [] });
    expect(neverNull(course.fields.name)).toBe(true);
    expect(schema.shape.about.safeParse('').success).toBe(true);
    expect(schema.shape.about.safeParse(null).success).toBe(false);
    expect(schema.shape.fee.safeParse(null).success).toBe(true);
    expect(schema.shape.fee.safeParse(1.5).success).toBe(false);
    // the table's answer wins: a required ref whose column may be null
    const byColumn = rowSchema(course, { slug: true, computed: [], notNull: (name) => (name === 'university_id' ? false : undefined) });
    expect(byColumn.shape.university_id.safeParse(null).success).toBe(true);
    expect(schema.shape.university_id.safeParse(null).success).toBe(false);
  });

  it('types a row by its declaration', () => {
    expectTypeOf<Row<typeof course>['name']>().toEqualTypeOf<string>();
    expectTypeOf<Row<typeof course>['fee']>().toEqualTypeOf<number | null>();
    expectTypeOf<Row<typeof consultancy>['districts']>().toEqualTypeOf<number[]>();
    expectTypeOf<Row<typeof consultancy>['gallery']>().toEqualTypeOf<string[]>();
  });
});
