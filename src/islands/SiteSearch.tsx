/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/compat';
import { list, type Row } from '../lib/api/public.ts';
import { countOf } from '../lib/format.ts';

/** What the home search looks through (the declarations' `homeSearch`), given by the page so the declarations stay out of this island. */
export interface SearchTarget {
  path: string;
  sitePath: string;
  titleField: string;
  label: string;
}

interface Group {
  label: string;
  /** the list page searched for the same words: every match, with its filters */
  more: string;
  count: number;
  items: { title: string; href: string }[];
}

/**
 * Search across everything as you type; the API's search is typo tolerant. On the home page it
 * shows a few matches of each kind and Enter opens the results page (a plain form, so it works
 * before the script has loaded); the results page (`results`) reads and keeps the words in the
 * address (?search=…), so a search can be shared and Back returns to it.
 */
export default function SiteSearch({ targets, results = false, debounceMs = 300 }: { targets: SearchTarget[]; results?: boolean; debounceMs?: number }) {
  const [query, setQuery] = useState(() => (results && typeof location !== 'undefined' ? (new URLSearchParams(location.search).get('search') ?? '') : ''));
  const [groups, setGroups] = useState<Group[] | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    const q = query.trim();
    if (results) {
      const params = new URLSearchParams(location.search);
      if (q) params.set('search', q);
      else params.delete('search');
      history.replaceState(history.state, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
    }
    if (q.length < 2) {
      setGroups(null);
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(async () => {
      const found = await Promise.all(
        targets.map(async ({ path, sitePath, titleField, label }) => {
          const page = await list(path, { search: q, page_size: results ? 10 : 4 }).catch(() => null);
          return {
            label,
            more: `/${sitePath}/?${new URLSearchParams({ search: q })}`,
            count: page?.count ?? 0,
            items: (page?.results ?? []).map((r: Row) => ({ title: String(r[titleField] ?? r.id), href: `/${sitePath}/${r.slug || r.id}/` })),
          };
        }),
      );
      if (mine === seq.current) setGroups(found.filter((g) => g.items.length));
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [query, debounceMs, targets, results]);

  return (
    <form role="search" action="/search/" method="get" onSubmit={(e) => results && e.preventDefault()}>
      <label htmlFor="site-search">Search destinations, universities, courses, consultancies…</label>
      <input id="site-search" name="search" type="search" value={query} onChange={(e) => setQuery(e.currentTarget.value)} placeholder="e.g. Australia, nursing, IELTS" autoComplete="off" enterKeyHint="search" />
      <div aria-live="polite">
        {groups && groups.length === 0 ? <p className="muted">No matches. Try another spelling.</p> : null}
        {groups?.map((g) => (
          <section key={g.label}>
            <h2>{g.label}</h2>
            <ul>
              {g.items.map((i) => (
                <li key={i.href}>
                  <a href={i.href}>{i.title}</a>
                </li>
              ))}
            </ul>
            {g.count > g.items.length && <a href={g.more}>All {countOf(g.count, 'match', 'matches')} in {g.label.toLowerCase()}</a>}
          </section>
        ))}
      </div>
    </form>
  );
}
