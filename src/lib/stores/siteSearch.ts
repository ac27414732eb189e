import { map } from 'nanostores';
import { searchContract, searchSite, type SiteSearchQuery } from '../api/public.ts';
import type { SearchAnswer, SearchChip, SearchGroup } from '../contract/search.ts';
import type { RefMaps, Row } from '../site/cards.ts';
import { formatNumber } from '../format.ts';

/** Shorter words match too much to be worth a request while typing. */
export const MIN_QUERY = 2;

/** A group's count as the page says it: "1,000+" when the search stopped counting (count_capped). */
export const shownCount = (group: Pick<SearchGroup, 'count' | 'count_capped'>): string =>
  `${formatNumber(group.count)}${group.count_capped ? '+' : ''}`;

/** A group of the answer as the cards read it: the rows it refers to as id maps per ref field. */
export interface ShownGroup extends Omit<SearchGroup, 'refs' | 'results'> {
  results: Row[];
  refs: RefMaps;
}

export interface SiteSearchState {
  /** what the search box shows */
  query: string;
  /** "Search instead for …": the words as typed, uncorrected */
  exact: boolean;
  /** the answer to the last search sent; null while none is shown */
  answer: Omit<SearchAnswer, 'groups'> | null;
  groups: ShownGroup[];
  busy: boolean;
  error: string;
}

export interface SiteSearchOptions {
  /** results per kind */
  size: number;
  /** ms after the last keystroke before asking */
  debounceMs: number;
  /** the results page keeps the words in its address (?search=…), so a search can be shared and Back returns to it */
  keepAddress?: boolean;
  /** the call (a test gives a fake) */
  search?: typeof searchSite;
}

const spaces = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The query without a chip's words: the phrase it came from ("in australia"), else each of its
 * words once, so "nursing in Australia" without "in Australia" searches "nursing".
 */
export function withoutChip(query: string, chip: Pick<SearchChip, 'text'>): string {
  const q = spaces(query);
  const text = spaces(chip.text);
  if (!text) return q;
  const at = q.toLowerCase().indexOf(text.toLowerCase());
  if (at >= 0) return spaces(`${q.slice(0, at)} ${q.slice(at + text.length)}`);
  const words = q.split(' ');
  for (const word of text.toLowerCase().split(' ')) {
    const i = words.findIndex((w) => w.toLowerCase() === word);
    if (i >= 0) words.splice(i, 1);
  }
  return words.join(' ');
}

// a row without a slug is linked by its id (cards.ts keyOf)
const rowOf = (row: SearchGroup['results'][number]): Row => ({ ...row, slug: row.slug ?? undefined });

const shown = ({ refs, results, ...group }: SearchGroup): ShownGroup => ({
  ...group,
  results: results.map(rowOf),
  refs: Object.fromEntries(Object.entries(refs).map(([field, rows]) => [field, new Map(rows.map((row) => [row.id, rowOf(row)]))])),
});

/** The address's query for these words (`?search=…`, and `&exact=true` when searched as typed); none for no words. */
function addressOf(query: string, exact: boolean): string {
  if (!spaces(query)) return '';
  const params = new URLSearchParams({ search: spaces(query) });
  if (exact) params.set('exact', 'true');
  return `?${params}`;
}

/** The results page for these words, as the home search's form sends them. */
export const resultsHref = (query: string, exact = false) => `/search/${addressOf(query, exact)}`;

/**
 * The site's search (the home search and the results page): one request to GET /api/search/ per
 * pause in typing, the newest request wins (older ones are aborted and their answers dropped), and
 * the actions the results offer: drop a chip, search the words as typed, search a suggested word.
 */
export function createSiteSearch({ size, debounceMs, keepAddress = false, search = searchSite }: SiteSearchOptions) {
  const $search = map<SiteSearchState>({ query: '', exact: false, answer: null, groups: [], busy: false, error: '' });
  const set = (patch: Partial<SiteSearchState>) => $search.set({ ...$search.get(), ...patch });
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;

  function remember({ query, exact }: SiteSearchState) {
    if (!keepAddress) return;
    const address = addressOf(query, exact);
    if (address !== location.search) history.replaceState(history.state, '', `${location.pathname}${address}`);
  }

  /** Forgets what is waiting or under way: its answer will not be shown. */
  function cancel() {
    asked++;
    clearTimeout(timer);
    inFlight?.abort();
    inFlight = undefined;
  }

  async function ask(mine: number) {
    const { query, exact } = $search.get();
    const controller = new AbortController();
    inFlight = controller;
    set({ busy: true });
    const params: SiteSearchQuery = { q: spaces(query), size, ...(exact ? { exact: 'true' } : {}) };
    try {
      const { groups, ...answer } = await search(params, controller.signal);
      if (mine === asked) set({ answer, groups: groups.map(shown), error: '', busy: false });
    } catch (err) {
      if (mine === asked) set({ error: err instanceof Error && err.message ? err.message : 'Search failed', busy: false });
    }
  }

  /** Searches the state's words after `wait` ms (none: at once); too few letters clear the results. */
  function changed(patch: Partial<SiteSearchState>, wait: number) {
    cancel();
    set(patch);
    const state = $search.get();
    remember(state);
    const mine = asked;
    if (spaces(state.query).length < MIN_QUERY) set({ answer: null, groups: [], busy: false, error: '' });
    else if (wait > 0) timer = setTimeout(() => void ask(mine), wait);
    else void ask(mine);
  }

  return {
    $search,
    /** The results page starts from its address (?search=…&exact=true): a shared link, or Back. */
    start() {
      const params = new URLSearchParams(location.search);
      changed({ query: params.get('search') ?? '', exact: params.get('exact') === 'true' }, 0);
    },
    /** The search box has focus: the answer's schema is fetched now, so it is there by the first answer (a failure shows with the search). */
    warm: () => void searchContract().catch(() => undefined),
    /** Typing: searches after the pause, with corrections on again. */
    type: (query: string) => changed({ query, exact: false }, debounceMs),
    /** Enter on the results page: at once. */
    submit: () => changed({}, 0),
    /** Drops a chip: the same search without the words it came from. */
    removeChip: (chip: Pick<SearchChip, 'text'>) => changed({ query: withoutChip($search.get().query, chip), exact: false }, 0),
    /** "Search instead for nrsing": the words as typed, uncorrected. */
    searchInstead: () => changed({ exact: true }, 0),
    /** A suggested word, or any words, searched at once. */
    searchFor: (query: string) => changed({ query, exact: false }, 0),
    stop: cancel,
  };
}
export type SiteSearchStore = ReturnType<typeof createSiteSearch>;
