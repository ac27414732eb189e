import { map, type MapStore } from 'nanostores';
import type { Page } from '../api/client.ts';
import { confirmOwnFacts as confirmFacts, listBranches, removeBranch, type Institution } from '../api/dashboard.ts';
import type { BranchKind } from '../contract/institutions.ts';
import { flash } from './adminFlash.ts';

/** Small stores for the overview and dashboard screens: one async value, one paged list. */

export interface AsyncState<T> {
  loading: boolean;
  data: T | null;
  error: string | null;
}

export function createAsyncStore<T>(fetch: () => Promise<T>): { $state: MapStore<AsyncState<T>>; load(): Promise<void> } {
  const $state = map<AsyncState<T>>({ loading: false, data: null, error: null });
  return {
    $state,
    async load() {
      $state.set({ ...$state.get(), loading: true, error: null });
      try {
        $state.set({ loading: false, data: await fetch(), error: null });
      } catch (e) {
        $state.set({ ...$state.get(), loading: false, error: e instanceof Error ? e.message : String(e) });
      }
    },
  };
}

type Row = Record<string, unknown> & { id: number };

export interface PagedState<R extends { id: number } = Row> {
  page: number;
  filter: string;
  data: Page<R> | null;
  loading: boolean;
  error: string | null;
  /** an action on one card or row the server refused: said beside that row's control, not above the list */
  rowError: { id: number; message: string } | null;
}

/** Records (or, with no error, clears) the refusal of an action on row `id`, for its control to show. */
export function rowFailed<R extends { id: number }>(store: { $state: MapStore<PagedState<R>> }, id: number, e?: unknown) {
  store.$state.setKey('rowError', e === undefined ? null : { id, message: e instanceof Error ? e.message : String(e) });
}

export const DASHBOARD_PAGE_SIZE = 20;

/** A list read page by page; `R` is the type of its rows, so screens read them typed. */
export function createPagedStore<R extends { id: number } = Row>(fetch: (page: number, filter: string) => Promise<Page<R>>) {
  const $state = map<PagedState<R>>({ page: 1, filter: '', data: null, loading: false, error: null, rowError: null });
  let seq = 0;
  async function load() {
    const mine = ++seq;
    $state.setKey('loading', true);
    $state.setKey('error', null);
    try {
      const data = await fetch($state.get().page, $state.get().filter);
      if (mine === seq) $state.setKey('data', data);
    } catch (e) {
      if (mine === seq) $state.setKey('error', e instanceof Error ? e.message : String(e));
    } finally {
      if (mine === seq) $state.setKey('loading', false);
    }
  }
  const pages = () => {
    const d = $state.get().data;
    if (!d) return 1;
    const size = Math.max(d.results.length, DASHBOARD_PAGE_SIZE);
    return Math.max(1, d.next ? $state.get().page + 1 : $state.get().page, Math.ceil(d.count / size));
  };
  return {
    $state,
    load,
    pages,
    async setPage(page: number) {
      $state.setKey('page', Math.max(1, page));
      await load();
    },
    async setFilter(filter: string) {
      $state.setKey('filter', filter);
      $state.setKey('page', 1);
      await load();
    },
  };
}

export type PagedStore<R extends { id: number } = Row> = ReturnType<typeof createPagedStore<R>>;

const branchStores = new Map<BranchKind, ReturnType<typeof createAsyncStore<Row[]>>>();
/** The own institution's branches (a short list, not paged): one store per kind, shared by the list and the form. */
export function branchesOf(kind: BranchKind) {
  let store = branchStores.get(kind);
  if (!store) branchStores.set(kind, (store = createAsyncStore(() => listBranches(kind))));
  return store;
}

export async function deleteBranch(kind: BranchKind, id: number): Promise<boolean> {
  const branches = branchesOf(kind);
  try {
    flash((await removeBranch(kind, id)).message);
    await branches.load();
    return true;
  } catch (e) {
    branches.$state.setKey('error', e instanceof Error ? e.message : String(e));
    return false;
  }
}

/** "Still correct": the own fees and intakes confirmed today; the outcome is flashed, the profile read again. */
export async function confirmOwnFacts(
  kind: Institution,
  profile: { $state: MapStore<AsyncState<Row>>; load(): Promise<void> },
): Promise<void> {
  try {
    await confirmFacts(kind);
    flash('Confirmed: your fees and intakes show today as the day they were checked.');
    await profile.load();
  } catch (e) {
    profile.$state.setKey('error', e instanceof Error ? e.message : String(e));
  }
}
