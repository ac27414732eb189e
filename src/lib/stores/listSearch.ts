import { map } from 'nanostores';
import { list } from '../api/public.ts';
import type { FilterMeta } from '../contract/entity.ts';
import { paramsOfProfile } from '../shared/qualifying-params.ts';
import { hasProfile } from '../shared/qualify.ts';
import type { RefMaps, Row } from '../site/cards.ts';
import { refsOf } from '../site/refs.ts';
import { $profile, loadProfile } from './profile.ts';

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

export interface ListQuery {
  search: string;
  values: Record<string, string>;
  ordering: string;
  /** "Only courses I qualify for": the address says so (`?qualifying=true`), never the profile itself */
  qualifying?: boolean;
}

const QUALIFYING = 'qualifying';

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
  return {
    search: params.get('search') ?? '',
    values,
    ordering: sorts.some((s) => s.ordering && s.ordering === ordering) ? ordering : '',
    ...(params.get(QUALIFYING) === 'true' ? { qualifying: true } : {}),
  };
}

export function writeQuery(query: string, filters: SearchFilter[], { search, values, ordering, qualifying }: ListQuery): string {
  const params = new URLSearchParams(query);
  for (const key of ['search', 'ordering', QUALIFYING, ...filters.map((f) => f.name)]) params.delete(key);
  if (search.trim()) params.set('search', search.trim());
  // a flag that starts on is in the address only when it is off
  for (const f of filters)
    if (f.initially ? values[f.name] !== 'true' : values[f.name])
      params.set(f.name, f.initially && values[f.name] !== 'true' ? 'false' : values[f.name]!);
  if (ordering) params.set('ordering', ordering);
  if (qualifying) params.set(QUALIFYING, 'true');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The ref maps of every page of results shown so far ("Show more" adds a page). */
function mergeRefs(shown: RefMaps, more: RefMaps): RefMaps {
  const out: RefMaps = { ...shown };
  for (const [field, map] of Object.entries(more)) out[field] = new Map([...(shown[field] ?? []), ...map]);
  return out;
}

export interface ListSearchState extends ListQuery {
  /** live results; null while none were asked for */
  results: Row[] | null;
  refs: RefMaps;
  count: number;
  /** rows per filter value for the search and the other filters: shown beside the options */
  facets: Record<string, Record<string, number>>;
  page: number;
  error: string;
  busy: boolean;
  /** the results shown are those the device's profile qualifies for (the server narrowed them by its facts) */
  qualified: boolean;
}

/** Live results show (in place of the page's static list) while a search, a filter or an order is set. */
export const searchIsLive = (s: ListQuery) =>
  s.search.trim() !== '' || Object.values(s.values).some(Boolean) || s.ordering !== '' || Boolean(s.qualifying);

const PAGE = 24;

export interface ListSearchOptions {
  apiPath: string;
  filters: SearchFilter[];
  sorts: readonly SortOption[];
  /** ref fields the cards name: the API path of the rows they refer to */
  refPaths: Record<string, string>;
  /** ms to wait after a change before asking */
  debounceMs: number;
  /** the rows state entry requirements: "Only courses I qualify for" sends the device's profile's facts (shared/qualifying-params.ts) */
  qualifies?: boolean;
}

const NOTHING_ASKED: ListSearchState = {
  search: '',
  values: {},
  ordering: '',
  results: null,
  refs: {},
  count: 0,
  facets: {},
  page: 1,
  error: '',
  busy: false,
  qualified: false,
};

/** A list page's search, filters and order, kept in the address, and the live results they find. */
export function createListSearch({ apiPath, filters, sorts, refPaths, debounceMs, qualifies = false }: ListSearchOptions) {
  const $search = map<ListSearchState>(NOTHING_ASKED);
  const set = (patch: Partial<ListSearchState>) => $search.set({ ...$search.get(), ...patch });
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let stopFollowingProfile = () => {};

  async function fetchPage(mine: number) {
    const { search, values, ordering, page, qualifying } = $search.get();
    // the facts go to the API only, not into the page's address; with no profile there is nothing to narrow by
    const facts = qualifies && qualifying ? paramsOfProfile($profile.get()) : {};
    const qualified = Object.keys(facts).length > 0;
    set({ busy: true });
    try {
      const counted =
        page === 1 && filters.some((f) => f.counted)
          ? filters
              .filter((f) => f.counted)
              .map((f) => f.name)
              .join(',')
          : undefined;
      const r = await list(apiPath, { search: search.trim(), ...values, ...facts, ordering, page, page_size: PAGE, facets: counted });
      const named = await refsOf(r.results, refPaths);
      if (mine !== asked) return;
      const { refs, results } = $search.get();
      set({
        error: '',
        qualified,
        count: r.count,
        ...(r.facets ? { facets: r.facets } : {}),
        refs: page > 1 ? mergeRefs(refs, named) : named,
        results: page > 1 && results ? [...results, ...r.results] : r.results,
      });
    } catch (err) {
      if (mine === asked) set({ error: err instanceof Error ? err.message : 'Search failed' });
    } finally {
      if (mine === asked) set({ busy: false });
    }
  }

  // every change asks again after the pause; the last change wins
  function changed(patch: Partial<ListSearchState>) {
    set(patch);
    const state = $search.get();
    if (started) {
      const query = writeQuery(location.search, filters, state);
      if (query !== location.search) history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
    }
    const mine = ++asked;
    clearTimeout(timer);
    if (!searchIsLive(state)) set({ results: null });
    else timer = setTimeout(() => void fetchPage(mine), debounceMs);
  }

  return {
    $search,
    /** Starts from the address (a shared link, or Back). */
    start() {
      started = true;
      if (qualifies) {
        loadProfile();
        // a profile saved in another tab narrows the list anew
        stopFollowingProfile = $profile.listen(() => $search.get().qualifying && changed({ page: 1 }));
      }
      const fromAddress = readQuery(location.search, filters, sorts);
      // a shared link's switch on a device with no profile: nothing to narrow by, so the plain list
      changed({ ...fromAddress, qualifying: qualifies && Boolean(fromAddress.qualifying) && hasProfile($profile.get()) });
    },
    setSearch: (search: string) => changed({ search, page: 1 }),
    setValue: (name: string, value: string) => changed({ values: { ...$search.get().values, [name]: value }, page: 1 }),
    setOrdering: (ordering: string) => changed({ ordering, page: 1 }),
    setQualifying: (qualifying: boolean) => changed({ qualifying, page: 1 }),
    more: () => changed({ page: $search.get().page + 1 }),
    stop() {
      asked++;
      clearTimeout(timer);
      stopFollowingProfile();
    },
  };
}
export type ListSearchStore = ReturnType<typeof createListSearch>;
