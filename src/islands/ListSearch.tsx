/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { currentFirst } from '../lib/shared/ended.ts';
import type { CardDeclaration } from '../lib/site/cards.ts';
import type { Rates } from '../lib/site/money.ts';
import { createListSearch, searchIsLive, type ListSearchStore, type SearchFilter, type SortOption } from '../lib/stores/listSearch.ts';
import EntityCard from './EntityCard.tsx';
import { $profile, loadProfile } from '../lib/stores/profile.ts';
import { hasProfile } from '../lib/shared/qualify.ts';
import { countOf } from '../lib/format.ts';
import { useStore } from './useStore.ts';

export { readQuery, writeQuery, type ListQuery, type SearchFilter, type SortOption } from '../lib/stores/listSearch.ts';

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

function FilterField({ store, filter: f }: { store: ListSearchStore; filter: SearchFilter }) {
  const state = useStore(store.$search);
  const value = state.values[f.name];
  /** " (12)" beside an option while live results show: what choosing it would list */
  // '' counts the rows without a value, listed under every value (a scholarship for any field)
  const facet = searchIsLive(state) ? state.facets[f.name] : undefined;
  const counts = (option: string) => (facet ? ` (${facet[option] ?? facet[''] ?? 0})` : '');
  if (f.kind === 'flag')
    return (
      <label>
        <input
          type="checkbox"
          checked={value === 'true'}
          onChange={(e) => store.setValue(f.name, e.currentTarget.checked ? 'true' : f.initially ? 'false' : '')}
        />{' '}
        {f.label}
        {counts('true')}
      </label>
    );
  if (f.kind === 'min' || f.kind === 'max')
    return (
      <>
        <label htmlFor={`ls-${f.name}`}>{f.label}</label>
        <input
          id={`ls-${f.name}`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1000}
          value={value ?? ''}
          onInput={(e) => store.setValue(f.name, /^\d{1,12}$/.test(e.currentTarget.value) ? e.currentTarget.value : '')}
        />
      </>
    );
  return (
    <>
      <label htmlFor={`ls-${f.name}`}>{f.label}</label>
      <select id={`ls-${f.name}`} value={value ?? ''} onChange={(e) => store.setValue(f.name, e.currentTarget.value)}>
        <option value="">Any</option>
        {f.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
            {counts(o.value)}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * "Only courses I qualify for": with a profile on this device, whose facts the server narrows the
 * list by; the courses with no requirements on record are left out, and it says so.
 */
function QualifyFilter({ store }: { store: ListSearchStore }) {
  const profile = useStore($profile);
  const on = Boolean(useStore(store.$search).qualifying);
  useEffect(loadProfile, []);
  if (!hasProfile(profile))
    return (
      <p className="filters-link qualify-filter">
        <a href="/my-profile/">Add your scores</a> to see the courses you qualify for.
      </p>
    );
  return (
    <div className="field qualify-filter">
      <label>
        <input type="checkbox" checked={on} onChange={(e) => store.setQualifying(e.currentTarget.checked)} /> Only courses I qualify for
      </label>
      {on && (
        <p className="muted">
          Courses with no entry requirements on record are left out: nothing says you qualify for them.{' '}
          <a href="/my-profile/">Your scores</a>
        </p>
      )}
    </div>
  );
}

function SortField({ store, sorts }: { store: ListSearchStore; sorts: readonly SortOption[] }) {
  const { ordering } = useStore(store.$search);
  return (
    <div className="field">
      <label htmlFor="ls-ordering">Sort by</label>
      <select id="ls-ordering" value={ordering} onChange={(e) => store.setOrdering(e.currentTarget.value)}>
        {sorts.map((s) => (
          <option key={s.ordering ?? ''} value={s.ordering ?? ''}>
            {s.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function SearchForm({
  store,
  label,
  filters,
  sorts,
  filtersHref,
  qualifies,
}: { store: ListSearchStore } & Pick<ListSearchProps, 'label' | 'filters' | 'filtersHref'> & {
    sorts: readonly SortOption[];
    qualifies: boolean;
  }) {
  const { search, values, ordering, qualifying } = useStore(store.$search);
  // phones: the filters and order fold under one button, so the first results show on the first screen
  const [open, setOpen] = useState(false);
  const more = filters.length > 0 || sorts.length > 1;
  const chosen = Object.values(values).filter(Boolean).length + (ordering ? 1 : 0) + (qualifying ? 1 : 0);
  return (
    <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <label htmlFor="ls-search">Search {label.toLowerCase()}</label>
        <input
          id="ls-search"
          type="search"
          value={search}
          placeholder="Type a name…"
          onChange={(e) => store.setSearch(e.currentTarget.value)}
        />
      </div>
      {more ? (
        <button
          type="button"
          className="btn filters-toggle"
          aria-expanded={open}
          aria-controls="ls-more"
          onClick={() => setOpen((o) => !o)}
        >
          Filter and sort{chosen > 0 ? ` (${chosen})` : ''}
        </button>
      ) : null}
      <div id="ls-more" className={open ? 'filters-more open' : 'filters-more'}>
        {filters.map((f) => (
          <div className="field" key={f.name}>
            <FilterField store={store} filter={f} />
          </div>
        ))}
        {sorts.length > 1 ? <SortField store={store} sorts={sorts} /> : null}
        {qualifies ? <QualifyFilter store={store} /> : null}
        {filtersHref ? (
          <p className="filters-link">
            <a href={filtersHref}>Filter {label.toLowerCase()}</a>
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** "12 found", or "12 courses you qualify for" when the profile narrowed them. */
const countLine = (count: number, card: CardDeclaration, plural: string, qualified: boolean) =>
  qualified ? `${countOf(count, card.label.toLowerCase(), plural.toLowerCase())} you qualify for` : `${count} found`;

function Results({ store, card, rates, label }: { store: ListSearchStore } & Pick<ListSearchProps, 'card' | 'rates' | 'label'>) {
  const { results, count, error, busy, refs, qualified } = useStore(store.$search);
  return (
    <div aria-live="polite">
      {error ? <p className="error">{error}</p> : null}
      {results ? (
        <p className="muted">
          {count === 0 ? 'No matches. Try another spelling or fewer filters.' : countLine(count, card, label, qualified)}
        </p>
      ) : busy ? (
        <p className="muted">Searching…</p>
      ) : null}
      {results && results.length > 0 ? (
        <ul className="cards">
          {(card.ends ? currentFirst(results, card.ends.field, Date.now()) : results).map((r) => (
            <EntityCard key={r.id} decl={card} row={r} refs={refs} rates={rates} />
          ))}
        </ul>
      ) : null}
      {results && results.length < count ? (
        <button type="button" className="btn" disabled={busy} onClick={store.more}>
          Show more
        </button>
      ) : null}
    </div>
  );
}

/**
 * Search, filters and order of a list page (src/lib/stores/listSearch.ts). While any is set, results
 * come live from the API (typo tolerant on the server) and replace the pre-rendered list, in the same
 * cards; cleared, the static list is back.
 */
export default function ListSearch({
  apiPath,
  label,
  card,
  refPaths = {},
  filters,
  sorts = [],
  filtersHref,
  rates,
  debounceMs = 300,
}: ListSearchProps) {
  const [store] = useState(() =>
    createListSearch({ apiPath, filters, sorts, refPaths, debounceMs, qualifies: Boolean(card.entryRequirements) }),
  );
  const live = searchIsLive(useStore(store.$search));
  useEffect(() => {
    store.start();
    return store.stop;
  }, [store]);
  useEffect(() => {
    const staticList = document.getElementById('static-list');
    if (staticList) staticList.hidden = live;
  }, [live]);

  return (
    <section aria-label={`Search ${label.toLowerCase()}`}>
      <SearchForm
        store={store}
        label={label}
        filters={filters}
        sorts={sorts}
        filtersHref={filtersHref}
        qualifies={Boolean(card.entryRequirements)}
      />
      {live ? <Results store={store} card={card} rates={rates} label={label} /> : null}
    </section>
  );
}
