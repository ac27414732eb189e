/**
 * Where a new row goes in a list of the build's copy (data-cache.ts), for the lists the API orders
 * by numbers and timestamps alone (ListSpec.placed): their `ordering` keys, then the id in the
 * direction of the last key, as the API breaks ties (orderingOf in server/services/paging.ts).
 * Text is ordered by the database's collation, which is not JavaScript's: those lists are read
 * again instead.
 */
import type { Row } from '../../lib/api/public.ts';

/** A timestamp as the API sends it (UTC): to the microsecond, which Date.parse would drop. */
const TIMESTAMP = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(?:\+00(?::?00)?|Z)$/;

/** A number, or a UTC timestamp as text that sorts as the database sorts it; null for anything else. */
function sortable(value: unknown): number | string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const m = typeof value === 'string' ? TIMESTAMP.exec(value) : null;
  return m ? `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(6, '0')}` : null;
}

type Compare = (a: Row, b: Row) => number;

/** The list's order over `rows`, or null when a key is not a number or a timestamp in every row (or not the same kind in all). */
function orderOver(ordering: string[], rows: Row[]): Compare | null {
  const last = ordering.at(-1) ?? '';
  const keys = [...ordering, `${last.startsWith('-') ? '-' : ''}id`].map((k) => ({
    field: k.replace(/^-/, ''),
    sign: k.startsWith('-') ? -1 : 1,
  }));
  for (const { field } of keys) {
    const kinds = new Set(rows.map((row) => sortable(row[field])).map((v) => (v === null ? null : typeof v)));
    if (kinds.size !== 1 || kinds.has(null)) return null;
  }
  return (a, b) => {
    for (const { field, sign } of keys) {
      const [x, y] = [sortable(a[field])!, sortable(b[field])!];
      if (x !== y) return (x < y ? -1 : 1) * sign;
    }
    return 0;
  };
}

/** `rows` (in the list's order) with `added` put in their places; null when the order cannot be told or `rows` are not in it. */
export function placeRows(ordering: string[], rows: Row[], added: Row[]): Row[] | null {
  const compare = orderOver(ordering, [...rows, ...added]);
  if (!compare || rows.some((row, i) => i > 0 && compare(rows[i - 1]!, row) >= 0)) return null;
  const out = [...rows];
  for (const row of added) {
    const at = out.findIndex((r) => compare(row, r) < 0);
    out.splice(at === -1 ? out.length : at, 0, row);
  }
  return out;
}
