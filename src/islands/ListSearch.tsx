/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/compat';
import { list } from '../lib/api/public.ts';
import { currentFirst } from '../lib/shared/ended.ts';
import type { CardDeclaration, RefMaps, Row } from '../lib/site/cards.ts';
import type { Rates } from '../lib/site/money.ts';
import type { FilterMeta } from '../lib/contract/entity.ts';
import EntityCard from './EntityCard.tsx';
import { refsOf } from '../lib/site/refs.ts';

/** The ref maps of every page of results shown so far ("Show more" adds a page). */
function mergeRefs(shown: RefMaps, more: RefMaps): RefMaps {
  const out: RefMaps = { ...shown };
  for (const [field, map] of Object.entries(more)) out[field] = new Map([...(shown[field] ?? []), ...map]);
  return out;
}

export interface SearchFilter {
  name: string;
  label: string;
  kind: FilterMeta['kind'];
  options: { value: string; label: string }[];
  /** a flag on unless the address says 'false' (open scholarships only) */
  initially?: boolean;
  /** the API counts its values (facets): shown beside the options */
  counted?: boolean;
}

export interface SortOption {
  label: string;
  /** the API's ordering; none: the list's own order (the static list) */
  ordering?: string;
}

export interface ListSearchProps {
  apiPath: string;
  label: string;
  /** what a card shows (the part of the declaration it reads), so live results look like the static list */
  card: CardDeclaration;
  /** ref fields the cards name (a course's university): the API path of the rows they refer to */
  refPaths?: Record<string, string>;
  filters: SearchFilter[];
  sorts?: readonly SortOption[];
  /** later pages have no filters of their own: a link to the first page, which has them */
  filtersHref?: string;
  /** exchange rates, when the cards show amounts: rupees beside them, as on the static list */
  rates?: Rates;
  /** ms to wait after typing */
  debounceMs?: number;
}

const PAGE = 24;

export interface ListQuery {
  search: string;
  values: Record<string, string>;
  ordering: string;
}

/** The search, filters and order the address holds (?search=…&destination=…&ordering=…), so a list can be shared and Back keeps it. */
export function readQuery(query: string, filters: SearchFilter[], sorts: readonly SortOption[] = []): ListQuery {
  const params = new URLSearchParams(query);
  const values: Record<string, string> = {};
  for (const f of filters) {
    const value = params.get(f.name);
    if (value) values[f.name] = value;
    else if (f.initially && value === null) values[f.name] = 'true';
  }
  const ordering = params.get('ordering') ?? '';
  return { search: params.get('search') ?? '', values, ordering: sorts.some((s) => s.ordering && s.ordering === ordering) ? ordering : '' };
}

export function writeQuery(query: string, filters: SearchFilter[], { search, values, ordering }: ListQuery): string {
  const params = new URLSearchParams(query);
  for (const key of ['search', 'ordering', ...filters.map((f) => f.name)]) params.delete(key);
  if (search.trim()) params.set('search', search.trim());
  // a flag that starts on is in the address only when it is off
  for (const f of filters) if (f.initially ? values[f.name] !== 'true' : values[f.name]) params.set(f.name, f.initially && values[f.name] !== 'true' ? 'false' : values[f.name]!);
  if (ordering) params.set('ordering', ordering);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Search, filters and order of a list page. While any is set, results come live from the API
 * (typo tolerant on the server) and replace the pre-rendered list, in the same cards; cleared, the
 * static list is back.
 */
export default function ListSearch({ apiPath, label, card, refPaths = {}, filters, sorts = [], filtersHref, rates, debounceMs = 300 }: ListSearchProps) {
  const [search, setSearch] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [ordering, setOrdering] = useState('');
  const [fromAddress, setFromAddress] = useState(false);
  const [results, setResults] = useState<Row[] | null>(null);
  const [refs, setRefs] = useState<RefMaps>({});
  const [count, setCount] = useState(0);
  // rows per filter value for the search and the other filters: shown beside the options
  const [facets, setFacets] = useState<Record<string, Record<string, number>>>({});
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // phones: the filters and order fold under one button, so the first results show on the first screen
  const [open, setOpen] = useState(false);
  const seq = useRef(0);
  const more = filters.length > 0 || sorts.length > 1;
  const chosen = Object.values(values).filter(Boolean).length + (ordering ? 1 : 0);
  const active = search.trim() !== '' || Object.values(values).some(Boolean) || ordering !== '';

  useEffect(() => {
    const start = readQuery(location.search, filters, sorts);
    setSearch(start.search);
    setValues(start.values);
    setOrdering(start.ordering);
    setFromAddress(true);
  }, []);

  useEffect(() => {
    if (!fromAddress) return;
    const query = writeQuery(location.search, filters, { search, values, ordering });
    if (query !== location.search) history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
  }, [fromAddress, search, values, ordering]);

  useEffect(() => {
    const staticList = document.getElementById('static-list');
    if (staticList) staticList.hidden = active;
    if (!active) {
      setResults(null);
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(async () => {
      setBusy(true);
      try {
        const counted = page === 1 && filters.some((f) => f.counted) ? filters.filter((f) => f.counted).map((f) => f.name).join(',') : undefined;
        const r = await list(apiPath, { search: search.trim(), ...values, ordering, page, page_size: PAGE, facets: counted });
        const named = await refsOf(r.results, refPaths);
        if (mine !== seq.current) return;
        setError('');
        setCount(r.count);
        if (r.facets) setFacets(r.facets);
        setRefs((prev) => (page > 1 ? mergeRefs(prev, named) : named));
        setResults((prev) => (page > 1 && prev ? [...prev, ...r.results] : r.results));
      } catch (err) {
        if (mine === seq.current) setError(err instanceof Error ? err.message : 'Search failed');
      } finally {
        if (mine === seq.current) setBusy(false);
      }
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [apiPath, search, values, ordering, page, active, debounceMs]);

  /** " (12)" beside an option while live results show: what choosing it would list */
  // '' counts the rows without a value, listed under every value (a scholarship for any field)
  const counts = (filter: string, value: string) => (active && facets[filter] ? ` (${facets[filter][value] ?? facets[filter][''] ?? 0})` : '');

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
        {more ? (
          <button type="button" className="btn filters-toggle" aria-expanded={open} aria-controls="ls-more" onClick={() => setOpen((o) => !o)}>
            Filter and sort{chosen > 0 ? ` (${chosen})` : ''}
          </button>
        ) : null}
        <div id="ls-more" className={open ? 'filters-more open' : 'filters-more'}>
          {filters.map((f) => (
            <div className="field" key={f.name}>
              {f.kind === 'flag' ? (
                <label>
                  <input type="checkbox" checked={values[f.name] === 'true'} onChange={(e) => set(f.name, e.currentTarget.checked ? 'true' : f.initially ? 'false' : '')} /> {f.label}
                  {counts(f.name, 'true')}
                </label>
              ) : f.kind === 'min' || f.kind === 'max' ? (
                <>
                  <label htmlFor={`ls-${f.name}`}>{f.label}</label>
                  <input id={`ls-${f.name}`} type="number" inputMode="numeric" min={0} step={1000} value={values[f.name] ?? ''} onInput={(e) => set(f.name, /^\d{1,12}$/.test(e.currentTarget.value) ? e.currentTarget.value : '')} />
                </>
              ) : (
                <>
                  <label htmlFor={`ls-${f.name}`}>{f.label}</label>
                  <select id={`ls-${f.name}`} value={values[f.name] ?? ''} onChange={(e) => set(f.name, e.currentTarget.value)}>
                    <option value="">Any</option>
                    {f.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                        {counts(f.name, o.value)}
                      </option>
                    ))}
                  </select>
                </>
              )}
            </div>
          ))}
          {sorts.length > 1 ? (
            <div className="field">
              <label htmlFor="ls-ordering">Sort by</label>
              <select
                id="ls-ordering"
                value={ordering}
                onChange={(e) => {
                  setPage(1);
                  setOrdering(e.currentTarget.value);
                }}
              >
                {sorts.map((s) => (
                  <option key={s.ordering ?? ''} value={s.ordering ?? ''}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {filtersHref ? (
            <p className="filters-link">
              <a href={filtersHref}>Filter {label.toLowerCase()}</a>
            </p>
          ) : null}
        </div>
      </form>
      {active ? (
        <div aria-live="polite">
          {error ? <p className="error">{error}</p> : null}
          {results ? <p className="muted">{count === 0 ? 'No matches. Try another spelling or fewer filters.' : `${count} found`}</p> : busy ? <p className="muted">Searching…</p> : null}
          {results && results.length > 0 ? (
            <ul className="cards">
              {(card.ends ? currentFirst(results, card.ends.field, Date.now()) : results).map((r) => (
                <EntityCard key={r.id} decl={card} row={r} refs={refs} rates={rates} />
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
