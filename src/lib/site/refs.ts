/** What a page of rows fetched in the browser refers to (a course's university), for its cards and tables. */
import { list } from '../api/public.ts';
import type { RefMaps, Row } from './cards.ts';

/** The rows the cards of these results refer to, one call per ref field (`ids`), as the cards' ref maps. */
export async function refsOf(rows: Row[], refPaths: Record<string, string>): Promise<RefMaps> {
  const entries = await Promise.all(
    Object.entries(refPaths).map(async ([field, path]) => {
      const ids = [...new Set(rows.flatMap((r) => (Array.isArray(r[field]) ? (r[field] as unknown[]) : [r[field]])).filter((v): v is number => typeof v === 'number'))];
      if (ids.length === 0) return [field, new Map<number, Row>()] as const;
      // a missing name leaves its fact out; the results still show
      const found = await list(path, { ids: ids.slice(0, 100).join(','), page_size: 100 }).catch(() => null);
      return [field, new Map((found?.results ?? []).map((r) => [r.id, r]))] as const;
    }),
  );
  return Object.fromEntries(entries);
}

