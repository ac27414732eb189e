import { map, type MapStore } from 'nanostores';
import { resource, type Row } from '../../admin/resources/index.ts';
import {
  failed,
  getAll,
  getList,
  moderate as moderateRow,
  postAction,
  remove,
  update,
  usedBy,
  usedByOf,
  type ListParams,
  type UsedBy,
} from '../api/admin.ts';
import { ApiError, type Page } from '../api/client.ts';
import { toCsv } from '../forms/csv.ts';
import { ask, deleteQuestion } from './adminConfirm.ts';
import { flash } from './adminFlash.ts';
import { loadOptions } from './adminRefs.ts';

/**
 * The state of one resource's list screen and its actions: paging, search, sorting and filters
 * go to the server; the component only renders and calls these. Outcomes are flashed (adminFlash.ts).
 */
export interface ListState {
  params: Required<Pick<ListParams, 'page' | 'pageSize'>> & { search: string; ordering: string; filters: Record<string, string> };
  page: Page<Row> | null;
  loading: boolean;
  error: string | null;
  /** a row other rows use, found before its delete (or a delete refused for it): what uses it, until reassigned or cancelled */
  blocked: { id: number | string; title: string; usedBy: UsedBy[] } | null;
  /** the row whose uses are being asked for, while its Delete button waits */
  checking: number | string | null;
  /** a row action the server refused (a status change, a removal): said beside that row's control */
  rowError: { id: number | string; message: string } | null;
}

export interface ListStore {
  $state: MapStore<ListState>;
  load(): Promise<void>;
  setPage(page: number): Promise<void>;
  setSearch(search: string): void;
  toggleOrdering(field: string): Promise<void>;
  setFilter(name: string, value: string): Promise<void>;
  clearFilters(): Promise<void>;
  /**
   * The Delete button: asks the server what uses the row first. A used row goes to `blocked` (its
   * dialog says by what and offers to move them); only an unused one gets the "cannot be undone"
   * question, and is deleted on yes.
   */
  askDelete(id: number | string, title: string): Promise<boolean>;
  /** deletes a row; when others use it, `blocked` says what, and `reassignTo` moves them to another row first */
  remove(id: number | string, options?: { title?: string; reassignTo?: number }): Promise<boolean>;
  cancelBlocked(): void;
  /** a list-only resource with an update route (complaints): moves a row to another status, with an optional note for its history */
  changeStatus(id: number | string, status: string, title: string, note?: string): Promise<boolean>;
  /** a moderated resource (`moderate`: reviews): removes a row from the site with a reason, or restores it (reason null) */
  moderate(id: number | string, reason: string | null, title: string): Promise<boolean>;
  /** a list-only resource's row action (`rowAction`): calls it, says what it did, reloads */
  act(row: Row, title: string): Promise<boolean>;
  exportCsv(): Promise<string>;
  pages(): number;
}

export const PAGE_SIZE = 20;
export const SEARCH_DELAY = 300;

const stores = new Map<string, ListStore>();

/** One store per resource, kept while the console runs so going back keeps the page and filters. */
export function listStore(name: string, fetchList: typeof getList = getList): ListStore {
  let store = stores.get(name);
  if (!store) {
    store = createListStore(name, fetchList);
    stores.set(name, store);
  }
  return store;
}

export function resetListStores() {
  stores.clear();
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

type ListMap = MapStore<ListState>;

/** Paging, search, order and filters: each change asks the server again, the last answer wins. */
function listQuery(name: string, $state: ListMap, fetchList: typeof getList) {
  const r = resource(name);
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // names for the ref columns (rows carry only ids): one dropdown call per referenced resource
  let labelsAsked = false;
  function askLabels() {
    if (labelsAsked) return;
    labelsAsked = true;
    const refs = new Set(
      Object.values(r.fields)
        .filter((m) => m.column && m.kind === 'ref' && m.ref)
        .map((m) => m.ref!),
    );
    for (const ref of refs) void loadOptions(ref, '');
  }

  async function load() {
    askLabels();
    const mine = ++seq;
    $state.setKey('loading', true);
    $state.setKey('error', null);
    const p = $state.get().params;
    try {
      const page = await fetchList(name, {
        page: p.page,
        pageSize: p.pageSize,
        search: p.search,
        ordering: p.ordering || undefined,
        filters: p.filters,
      });
      if (mine !== seq) return;
      $state.setKey('page', page);
    } catch (e) {
      if (mine !== seq) return;
      $state.setKey('error', messageOf(e));
    } finally {
      if (mine === seq) $state.setKey('loading', false);
    }
  }

  const setParams = (patch: Partial<ListState['params']>) => $state.setKey('params', { ...$state.get().params, ...patch });
  const reload = (patch: Partial<ListState['params']>) => {
    setParams(patch);
    return load();
  };

  const pages = () => {
    const s = $state.get();
    return Math.max(1, Math.ceil((s.page?.count ?? 0) / s.params.pageSize));
  };

  return {
    load,
    pages,
    setParams,
    setPage: (page: number) => reload({ page: Math.min(Math.max(1, page), pages()) }),
    setSearch(search: string) {
      setParams({ search, page: 1 });
      clearTimeout(timer);
      timer = setTimeout(() => void load(), SEARCH_DELAY);
    },
    toggleOrdering(field: string) {
      const current = $state.get().params.ordering;
      return reload({ ordering: current === field ? `-${field}` : current === `-${field}` ? '' : field, page: 1 });
    },
    setFilter(filter: string, value: string) {
      const filters = { ...$state.get().params.filters };
      if (value === '') delete filters[filter];
      else filters[filter] = value;
      return reload({ filters, page: 1 });
    },
    clearFilters: () => reload({ filters: {}, search: '', page: 1 }),
  };
}

/** Deleting a row: what uses it first, then the question, then the delete (or moving what uses it). */
function listDeletes(name: string, $state: ListMap, query: ReturnType<typeof listQuery>) {
  const r = resource(name);
  async function removeRow(id: number | string, { title = `#${id}`, reassignTo }: { title?: string; reassignTo?: number } = {}) {
    $state.setKey('error', null);
    try {
      const { message } = await remove(name, id, reassignTo);
      $state.setKey('blocked', null);
      flash(message);
      const s = $state.get();
      // the last row of a page gone: step back a page
      if (s.page && s.page.results.length === 1 && s.params.page > 1) query.setParams({ page: s.params.page - 1 });
      await query.load();
      return true;
    } catch (e) {
      const uses = usedByOf(e);
      if (uses) $state.setKey('blocked', { id, title, usedBy: uses });
      else $state.setKey('error', e instanceof ApiError || e instanceof Error ? e.message : String(e));
      return false;
    }
  }
  async function askDelete(id: number | string, title: string) {
    // a second press while the server is asked does nothing (the button stays enabled: a disabled
    // one would lose the focus the dialog gives back)
    if ($state.get().checking !== null) return false;
    $state.setKey('error', null);
    $state.setKey('checking', id);
    let uses: UsedBy[];
    try {
      uses = await usedBy(name, id);
    } catch (e) {
      $state.setKey('error', messageOf(e));
      return false;
    } finally {
      $state.setKey('checking', null);
    }
    if (uses.length) {
      $state.setKey('blocked', { id, title, usedBy: uses });
      return false;
    }
    if (!(await ask(deleteQuestion(r.label.toLowerCase(), title)))) return false;
    return removeRow(id, { title });
  }
  return { askDelete, remove: removeRow, cancelBlocked: () => $state.setKey('blocked', null) };
}

/** A list-only resource's actions on one row; a refusal is said beside that row's control. */
function listRowActions(name: string, $state: ListMap, load: () => Promise<void>) {
  const r = resource(name);
  async function onRow(id: number | string, run: () => Promise<unknown>, done: string) {
    $state.setKey('rowError', null);
    try {
      await run();
      flash(done);
      await load();
      return true;
    } catch (e) {
      $state.setKey('rowError', { id, message: messageOf(e) });
      return false;
    }
  }
  return {
    changeStatus: (id: number | string, status: string, title: string, note = '') =>
      onRow(id, () => update(name, id, note ? { status, note } : { status }), `${r.label} "${title}" is now ${status.replace(/_/g, ' ')}.`),
    moderate: (id: number | string, reason: string | null, title: string) =>
      onRow(
        id,
        () => moderateRow(name, id, reason),
        reason === null ? `${r.label} ${title} is shown again.` : `${r.label} ${title} is removed: “${reason}” shows in its place.`,
      ),
    act: (row: Row, title: string) => onRow(row.id, () => postAction(r.rowAction!.path(row), failed.update(r)), r.rowAction!.done(title)),
  };
}

export function createListStore(name: string, fetchList: typeof getList = getList): ListStore {
  const r = resource(name);
  const $state = map<ListState>({
    params: { page: 1, pageSize: PAGE_SIZE, search: '', ordering: '', filters: {} },
    page: null,
    loading: false,
    error: null,
    blocked: null,
    checking: null,
    rowError: null,
  });
  const query = listQuery(name, $state, fetchList);
  return {
    $state,
    ...query,
    ...listDeletes(name, $state, query),
    ...listRowActions(name, $state, query.load),
    async exportCsv() {
      const p = $state.get().params;
      const rows = await getAll(name, { search: p.search, ordering: p.ordering || undefined, filters: p.filters });
      const columns = [
        'id',
        ...Object.keys(r.fields).filter((f) => !['image', 'file', 'html'].includes(r.fields[f].kind) || r.fields[f].column),
      ];
      return toCsv(rows, columns);
    },
  };
}
