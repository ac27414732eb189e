import { asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { plainText } from '../../src/lib/contract/values.ts';
import { badRequest } from '../errors.ts';

/** Paging, ordering and search of every list the API serves: one module for the entity lists and the others. */

export const MAX_PAGE_SIZE = 1000;
export const MAX_SEARCH_LENGTH = 200;

const pageInt = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`));

export const pageQuery = {
  page: pageInt('page', 1_000_000).optional(),
  page_size: pageInt('page_size', MAX_PAGE_SIZE).optional(),
  // control characters dropped: PostgreSQL refuses a NUL in text
  search: plainText(MAX_SEARCH_LENGTH).optional(),
};

export const orderingParam = z.string().max(60, 'Must be at most 60 characters').optional();

export interface PageParams {
  page?: number;
  page_size?: number;
}

export function pageWindow(p: PageParams) {
  const limit = p.page_size ?? 20;
  return { limit, offset: ((p.page ?? 1) - 1) * limit };
}

/** `field` or `-field` among the columns a list allows, or several comma-separated; the id breaks ties so pages never overlap. */
export function orderingOf(value: string | undefined, columns: Record<string, AnyColumn>, fallback: string, id: AnyColumn): SQL[] {
  const keys = (value || fallback).split(',').map((k) => k.trim());
  const order = keys.map((key) => {
    const name = key.replace(/^-/, '');
    // own keys only: '__proto__' or 'constructor' must not reach the prototype (a 500 before)
    const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
    if (!column)
      throw badRequest('Some values are not valid.', {
        ordering: [`Use one of: ${Object.keys(columns).join(', ')} (prefix - for descending).`],
      });
    return (key.startsWith('-') ? desc : asc)(column);
  });
  return [...order, (keys.at(-1)!.startsWith('-') ? desc : asc)(id)];
}

/** Case-insensitive substring match on any of the columns; LIKE wildcards in the text match themselves. */
export function containsAny(text: string, columns: AnyColumn[]): SQL | undefined {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** DRF-style page links, relative to the API origin, keeping every other query parameter. */
export function pageLinks(request: FastifyRequest, count: number, page: number, pageSize: number) {
  const url = new URL(request.url, 'http://x');
  const link = (n: number) => {
    url.searchParams.set('page', String(n));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  return { next: page * pageSize < count ? link(page + 1) : null, previous: page > 1 ? link(page - 1) : null };
}

/** A page of a list as every list answers: count, next and previous links, results. */
export function pagedReply<T>(request: FastifyRequest, query: PageParams, result: { count: number; results: T[] }) {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  return { count: result.count, ...pageLinks(request, result.count, page, pageSize), results: result.results };
}
