/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/compat';
import { list, type Row } from '../lib/api/public.ts';

/** What the home search looks through (the declarations' `homeSearch`), given by the page so the declarations stay out of this island. */
export interface SearchTarget {
  path: string;
  sitePath: string;
  titleField: string;
  label: string;
}

interface Group {
  label: string;
  items: { title: string; href: string }[];
}

/** Search across everything as you type; the API's search is typo tolerant. */
export default function SiteSearch({ targets, debounceMs = 300 }: { targets: SearchTarget[]; debounceMs?: number }) {
  const [query, setQuery] = useState('');
  const [groups, setGroups] = useState<Group[] | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setGroups(null);
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(async () => {
      const found = await Promise.all(
        targets.map(async ({ path, sitePath, titleField, label }) => {
          const result = await list(path, { search: q, page_size: 4 }).catch(() => null);
          return { label, items: (result?.results ?? []).map((r: Row) => ({ title: String(r[titleField] ?? r.id), href: `/${sitePath}/${r.slug || r.id}/` })) };
        }),
      );
      if (mine === seq.current) setGroups(found.filter((g) => g.items.length));
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [query, debounceMs, targets]);

  return (
    <div role="search">
      <label htmlFor="site-search">Search destinations, universities, courses, consultancies…</label>
      <input id="site-search" type="search" value={query} onChange={(e) => setQuery(e.currentTarget.value)} placeholder="e.g. Australia, nursing, IELTS" autoComplete="off" />
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
          </section>
        ))}
      </div>
    </div>
  );
}
