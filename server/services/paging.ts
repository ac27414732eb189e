import { asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { pagingQuery } from '../entities/query.ts';
import { badRequest } from '../errors.ts';

/** The paging of every list, shared with the entity lists. */
export const pageQuery = pagingQuery;
export const orderingParam = z.string().max(60, 'Must be at most 60 characters').optional();

export interface PageParams {
  page?: number;
  page_size?: number;
}

export function pageWindow(p: PageParams) {
  const limit = p.page_size ?? 20;
  return { limit, offset: ((p.page ?? 1) - 1) * limit };
}

/** `field` or `-field` among the columns a list allows; the id breaks ties so pages never overlap. */
export function orderingOf(value: string | undefined, columns: Record<string, AnyColumn>, fallback: string, id: AnyColumn): SQL[] {
  const key = value || fallback;
  const name = key.replace(/^-/, '');
  // own keys only: '__proto__' or 'constructor' must not reach the prototype (a 500 before)
  const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
  if (!column) throw badRequest('Some values are not valid.', { ordering: [`Use one of: ${Object.keys(columns).join(', ')} (prefix - for descending).`] });
  const direction = key.startsWith('-') ? desc : asc;
  return [direction(column), direction(id)];
}

/** Case-insensitive substring match on any of the columns; LIKE wildcards in the text match themselves. */
export function containsAny(text: string, columns: AnyColumn[]): SQL | undefined {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}
