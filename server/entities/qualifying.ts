import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { meetsCondition, type Profile, type RowCondition } from '../../src/lib/shared/qualify.ts';

/**
 * "Only courses I qualify for" in SQL: the condition src/lib/shared/qualify.ts builds from the same
 * rules qualify() reads (meetsCondition), written as a WHERE clause. Every part is true or false,
 * never NULL, so NOT and OR read an unstated value as qualify() does. Numbers are compared as
 * numeric: a gap of 1.5 years against an integer column is a comparison, not a type error.
 */
export function qualifyingWhere(profile: Profile, valueOf: (name: string) => SQLWrapper): SQL {
  const write = (c: RowCondition): SQL => {
    if ('all' in c) return c.all.length ? sql`(${sql.join(c.all.map(write), sql` AND `)})` : sql`true`;
    if ('any' in c) return c.any.length ? sql`(${sql.join(c.any.map(write), sql` OR `)})` : sql`false`;
    if ('not' in c) return sql`(NOT ${write(c.not)})`;
    if ('unset' in c) return sql`(${valueOf(c.unset)} IS NULL)`;
    if ('is' in c) return sql`(${valueOf(c.is)} IS NOT DISTINCT FROM ${c.value})`;
    const op = 'atMost' in c ? sql`<=` : sql`>=`;
    return sql`coalesce(${valueOf('atMost' in c ? c.atMost : c.atLeast)}::numeric ${op} ${c.value}::numeric, false)`;
  };
  return write(meetsCondition(profile));
}
