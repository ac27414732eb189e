/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/compat';
import { list, type Row } from '../lib/api/public.ts';

/** What the home search looks through: API path, site path, title field, label. */
export const SEARCH_TARGETS = [
  ['destination', 'destination', 'name', 'Destinations'],
  ['university', 'university', 'name', 'Universities'],
  ['course', 'course', 'name', 'Courses'],
  ['consultancy', 'consultancy', 'name', 'Consultancies'],
  ['college', 'college', 'name', 'Colleges'],
  ['exam', 'exam', 'name', 'Exams'],
  ['scholarship', 'scholarship', 'title', 'Scholarships'],
  ['event', 'event', 'title', 'Events'],
  ['blog', 'blog', 'title', 'Blog'],
  ['news', 'news', 'title', 'News'],
] as const;

interface Group {
  label: string;
  items: { title: string; href: string }[];
}

/** Search across everything as you type; the API's search is typo tolerant. */
export default function SiteSearch({ debounceMs = 300 }: { debounceMs?: number }) {
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
        SEARCH_TARGETS.map(async ([path, site, field, label]) => {
          const result = await list(path, { search: q, page_size: 4 }).catch(() => null);
          return { label, items: (result?.results ?? []).map((r: Row) => ({ title: String(r[field] ?? r.id), href: `/${site}/${r.slug || r.id}/` })) };
        }),
      );
      if (mine === seq.current) setGroups(found.filter((g) => g.items.length));
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [query, debounceMs]);

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
