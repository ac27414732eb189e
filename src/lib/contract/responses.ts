import { z } from 'zod';

/** Shapes many answers share: a page of a list, a message, what uses a row. */

/** A page of a list as every list answers (SPEC): count, next and previous links, results. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().describe('Rows matching the filters and search'),
    next: z.string().nullable().describe('Path and query of the next page'),
    previous: z.string().nullable().describe('Path and query of the previous page'),
    results: z.array(item),
  });

export const message = z.object({ message: z.string() });

/** `GET /x/{id}/uses/`: the kinds of rows that refer to one, each with its count and first titles. */
export const usedBy = z.object({
  used_by: z.array(
    z.object({
      entity: z.string(),
      label: z.string(),
      count: z.number().int(),
      names: z.array(z.string()).optional().describe('The first few by title; count says how many there are'),
    }),
  ),
});

/** Per filter asked for in ?facets=, the rows each of its values would list (value: an id, an option or "true"). */
export const facets = z.record(z.string(), z.record(z.string(), z.number().int()));
