/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/compat';
import { detail, list, type Row } from '../lib/api/public.ts';
import { countOf } from '../lib/format.ts';

/** What the home search looks through (the declarations' `homeSearch`), given by the page so the declarations stay out of this island. */
export interface SearchTarget {
  path: string;
  sitePath: string;
  titleField: string;
  label: string;
  /** a ref field the results name (a course's university): its entity's API path and title field, and the ref of that row to name too (its country) */
  note?: { field: string; path: string; titleField: string; next?: string };
}

type Detail = Row & { related?: Record<string, { label: string }[]> };

/** The notes of a page of results: each distinct referred row read once ("University of Sydney · Australia"). */
async function notesFor(rows: Row[], note: NonNullable<SearchTarget['note']>): Promise<(row: Row) => string> {
  const ids = [...new Set(rows.map((r) => r[note.field]).filter((v): v is number => typeof v === 'number'))];
  const found = new Map(await Promise.all(ids.map(async (id) => [id, await detail<Detail>(note.path, id).catch(() => null)] as const)));
  return (row) => {
    const ref = found.get(row[note.field] as number);
    if (!ref) return '';
    return [ref[note.titleField], note.next ? ref.related?.[note.next]?.[0]?.label : undefined]
      .filter((v) => typeof v === 'string' && v)
      .join(' · ');
  };
}

interface Group {
  label: string;
  /** the list page searched for the same words: every match, with its filters */
  more: string;
  count: number;
  items: { title: string; href: string; note?: string }[];
}

/** A few matches of one kind for the words typed, with the list page that has them all. */
async function searchGroup({ path, sitePath, titleField, label, note }: SearchTarget, q: string, size: number): Promise<Group> {
  const page = await list(path, { search: q, page_size: size }).catch(() => null);
  const rows = page?.results ?? [];
  const noteOf = note && rows.length ? await notesFor(rows, note) : () => '';
  return {
    label,
    more: `/${sitePath}/?${new URLSearchParams({ search: q })}`,
    count: page?.count ?? 0,
    items: rows.map((r: Row) => ({ title: String(r[titleField] ?? r.id), href: `/${sitePath}/${r.slug || r.id}/`, note: noteOf(r) })),
  };
}

/** The results page keeps the words in its address (?search=…), so a search can be shared and Back returns to it. */
function keepInAddress(q: string) {
  const params = new URLSearchParams(location.search);
  if (q) params.set('search', q);
  else params.delete('search');
  history.replaceState(history.state, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
}

/**
 * Search across everything as you type; the API's search is typo tolerant. On the home page it
 * shows a few matches of each kind and Enter opens the results page (a plain form, so it works
 * before the script has loaded); the results page (`results`) reads and keeps the words in the
 * address (?search=…), so a search can be shared and Back returns to it.
 */
export default function SiteSearch({
  targets,
  results = false,
  debounceMs = 300,
}: {
  targets: SearchTarget[];
  results?: boolean;
  debounceMs?: number;
}) {
  const [query, setQuery] = useState(() =>
    results && typeof location !== 'undefined' ? (new URLSearchParams(location.search).get('search') ?? '') : '',
  );
  const [groups, setGroups] = useState<Group[] | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    const q = query.trim();
    if (results) keepInAddress(q);
    if (q.length < 2) {
      setGroups(null);
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      void Promise.all(targets.map((target) => searchGroup(target, q, results ? 10 : 4))).then((found) => {
        if (mine === seq.current) setGroups(found.filter((g) => g.items.length));
      });
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [query, debounceMs, targets, results]);

  return (
    <form role="search" action="/search/" method="get" onSubmit={(e) => results && e.preventDefault()}>
      <label htmlFor="site-search">Search destinations, universities, courses, consultancies…</label>
      <input
        id="site-search"
        name="search"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        placeholder="e.g. Australia, nursing, IELTS"
        autoComplete="off"
        enterKeyHint="search"
      />
      <div aria-live="polite">
        {groups && groups.length === 0 ? <p className="muted">No matches. Try another spelling.</p> : null}
        {groups?.map((g) => (
          <section key={g.label}>
            <h2>{g.label}</h2>
            <ul>
              {g.items.map((i) => (
                <li key={i.href}>
                  <a href={i.href}>{i.title}</a>
                  {i.note && <span className="muted"> · {i.note}</span>}
                </li>
              ))}
            </ul>
            {g.count > g.items.length && (
              <a href={g.more}>
                All {countOf(g.count, 'match', 'matches')} in {g.label.toLowerCase()}
              </a>
            )}
          </section>
        ))}
      </div>
    </form>
  );
}
