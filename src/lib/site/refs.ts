/** What a page of rows fetched in the browser refers to (a course's university), for its cards and tables. */
import { list } from '../api/public.ts';
import type { RefMaps, Row } from './cards.ts';

/**
 * The rows the cards of these results refer to, one call per ref field (`ids`), as the cards' ref
 * maps; then what those rows name in turn ("university_id.destination_id": the university's country).
 */
export async function refsOf(rows: Row[], refPaths: Record<string, string>): Promise<RefMaps> {
  const fetchNamed = async (from: Row[], field: string, path: string) => {
    const ids = [
      ...new Set(
        from
          .flatMap((r) => (Array.isArray(r[field]) ? (r[field] as unknown[]) : [r[field]]))
          .filter((v): v is number => typeof v === 'number'),
      ),
    ];
    if (ids.length === 0) return [field, new Map<number, Row>()] as const;
    // a missing name leaves its fact out; the results still show
    const found = await list(path, { ids: ids.slice(0, 100).join(','), page_size: 100 }).catch(() => null);
    return [field, new Map((found?.results ?? []).map((r) => [r.id, r]))] as const;
  };
  const paths = Object.entries(refPaths);
  const direct: RefMaps = Object.fromEntries(
    await Promise.all(paths.filter(([f]) => !f.includes('.')).map(([f, p]) => fetchNamed(rows, f, p))),
  );
  const nested = await Promise.all(
    paths
      .filter(([f]) => f.includes('.'))
      .map(async ([key, path]) => {
        const [first, second] = key.split('.') as [string, string];
        const [, map] = await fetchNamed([...(direct[first]?.values() ?? [])], second, path);
        return [key, map] as const;
      }),
  );
  return { ...direct, ...Object.fromEntries(nested) };
}
