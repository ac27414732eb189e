/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/compat';
import { list, type Row } from '../lib/api/public.ts';

export interface SearchFilter {
  name: string;
  label: string;
  kind: 'ref' | 'boolean' | 'select' | 'flag';
  options: { value: string; label: string }[];
}

export interface ListSearchProps {
  apiPath: string;
  sitePath: string;
  titleField: string;
  label: string;
  filters: SearchFilter[];
  /** later pages have no filters of their own: a link to the first page, which has them */
  filtersHref?: string;
  /** ms to wait after typing */
  debounceMs?: number;
}

const PAGE = 24;

/** The search and filters the address holds (?search=…&destination=…), so a search can be shared and Back keeps it. */
export function readQuery(query: string, filters: SearchFilter[]): { search: string; values: Record<string, string> } {
  const params = new URLSearchParams(query);
  const values: Record<string, string> = {};
  for (const f of filters) {
    const value = params.get(f.name);
    if (value) values[f.name] = value;
  }
  return { search: params.get('search') ?? '', values };
}

export function writeQuery(query: string, filters: SearchFilter[], search: string, values: Record<string, string>): string {
  const params = new URLSearchParams(query);
  for (const key of ['search', ...filters.map((f) => f.name)]) params.delete(key);
  if (search.trim()) params.set('search', search.trim());
  for (const f of filters) if (values[f.name]) params.set(f.name, values[f.name]!);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Search and filters of a list page. While any is set, results come live from the API (typo
 * tolerant on the server) and replace the pre-rendered list; cleared, the static list is back.
 */
export default function ListSearch({ apiPath, sitePath, titleField, label, filters, filtersHref, debounceMs = 300 }: ListSearchProps) {
  const [search, setSearch] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [fromAddress, setFromAddress] = useState(false);
  const [results, setResults] = useState<Row[] | null>(null);
  const [count, setCount] = useState(0);
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const active = search.trim() !== '' || Object.values(values).some(Boolean);

  useEffect(() => {
    const start = readQuery(location.search, filters);
    setSearch(start.search);
    setValues(start.values);
    setFromAddress(true);
  }, []);

  useEffect(() => {
    if (!fromAddress) return;
    const query = writeQuery(location.search, filters, search, values);
    if (query !== location.search) history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
  }, [fromAddress, search, values]);

  useEffect(() => {
    const staticList = document.getElementById('static-list');
    if (staticList) staticList.hidden = active;
    if (!active) {
      setResults(null);
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      setBusy(true);
      list(apiPath, { search: search.trim(), ...values, page, page_size: PAGE })
        .then((r) => {
          if (mine !== seq.current) return;
          setError('');
          setCount(r.count);
          setResults((prev) => (page > 1 && prev ? [...prev, ...r.results] : r.results));
        })
        .catch((err: unknown) => mine === seq.current && setError(err instanceof Error ? err.message : 'Search failed'))
        .finally(() => mine === seq.current && setBusy(false));
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [apiPath, search, values, page, active, debounceMs]);

  const set = (name: string, value: string) => {
    setPage(1);
    setValues((v) => ({ ...v, [name]: value }));
  };

  return (
    <section aria-label={`Search ${label.toLowerCase()}`}>
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="ls-search">Search {label.toLowerCase()}</label>
          <input
            id="ls-search"
            type="search"
            value={search}
            placeholder="Type a name…"
            onChange={(e) => {
              setPage(1);
              setSearch(e.currentTarget.value);
            }}
          />
        </div>
        {filters.map((f) => (
          <div className="field" key={f.name}>
            {f.kind === 'flag' ? (
              <label>
                <input type="checkbox" checked={values[f.name] === 'true'} onChange={(e) => set(f.name, e.currentTarget.checked ? 'true' : '')} /> {f.label}
              </label>
            ) : (
              <>
                <label htmlFor={`ls-${f.name}`}>{f.label}</label>
                <select id={`ls-${f.name}`} value={values[f.name] ?? ''} onChange={(e) => set(f.name, e.currentTarget.value)}>
                  <option value="">Any</option>
                  {f.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </>
            )}
          </div>
        ))}
        {filtersHref ? (
          <p className="filters-link">
            <a href={filtersHref}>Filter {label.toLowerCase()}</a>
          </p>
        ) : null}
      </form>
      {active ? (
        <div aria-live="polite">
          {error ? <p className="error">{error}</p> : null}
          {results ? <p className="muted">{count === 0 ? 'No matches. Try another spelling or fewer filters.' : `${count} found`}</p> : busy ? <p className="muted">Searching…</p> : null}
          {results && results.length > 0 ? (
            <ul className="grid">
              {results.map((r) => (
                <li className="card" key={r.id}>
                  <div>
                    <h2>
                      <a href={`/${sitePath}/${r.slug || r.id}/`}>{String(r[titleField] ?? r.name ?? r.title ?? r.id)}</a>
                    </h2>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
          {results && results.length < count ? (
            <button type="button" className="btn" disabled={busy} onClick={() => setPage((p) => p + 1)}>
              Show more
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
