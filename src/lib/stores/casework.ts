import { map } from 'nanostores';
import * as api from '../api/casework.ts';
import { createAsyncStore, createPagedStore } from './adminDashboard.ts';
import { flash } from './adminFlash.ts';
import { downloadBlob } from '../forms/csv.ts';
import { $router, href } from './admin.ts';

/** The consultancy's application list with its case-work filters, counts per stage and staff, and the actions on one case. */

export interface CaseFilters {
  status: string;
  counsellor: string;
  due: boolean;
}

export const $caseFilters = map<CaseFilters>({ status: '', counsellor: '', due: false });
export const cases = createPagedStore(api.listCases);
export const stages = createAsyncStore(api.stageCounts);
export const staff = createAsyncStore(api.listStaff);

/** A staff member as the dashboard names them: their name, else their address. */
export const staffName = (m: api.StaffMember) => [m.first_name, m.last_name].filter(Boolean).join(' ') || m.email;

const queryOf = (f: CaseFilters) => {
  const q = new URLSearchParams();
  if (f.status) q.set('status', f.status);
  if (f.counsellor) q.set('counsellor', f.counsellor);
  if (f.due) q.set('due', 'true');
  return q.toString();
};

/** The list's address with its filters and page, so the way back from a case, a reload and a shared link keep them. */
export function caseListHref(): string {
  const f = $caseFilters.get();
  const page = cases.$state.get().page;
  return href(
    'dashApplications',
    {},
    { status: f.status, counsellor: f.counsellor, due: f.due ? 'true' : '', page: page > 1 ? String(page) : '' },
  );
}
const showFilters = () => $router.open(caseListHref(), true);

export async function setCaseFilter<K extends keyof CaseFilters>(key: K, value: CaseFilters[K]) {
  $caseFilters.set({ ...$caseFilters.get(), [key]: value });
  cases.$state.setKey('page', 1);
  showFilters();
  await cases.setFilter(queryOf($caseFilters.get()));
}

export async function setCasePage(page: number) {
  cases.$state.setKey('page', Math.max(1, page));
  showFilters();
  await cases.load();
}

/** Opens the list as its address says (`search`: the query of /dashboard/applications/), with the counts and the staff. */
export function loadCaseWork(search: Record<string, string> = {}) {
  $caseFilters.set({ status: search.status ?? '', counsellor: search.counsellor ?? '', due: search.due === 'true' });
  cases.$state.setKey('filter', queryOf($caseFilters.get()));
  cases.$state.setKey('page', Math.max(1, Number(search.page) || 1));
  return Promise.all([cases.load(), stages.load(), staff.load()]);
}

/** Runs one case action, says how it went, and reloads the list and counts. */
async function act(done: string, run: () => Promise<unknown>) {
  try {
    await run();
    flash(done);
    await Promise.all([cases.load(), stages.load()]);
    return true;
  } catch (e) {
    flash(e instanceof Error ? e.message : String(e));
    return false;
  }
}

export const assignCase = (id: number, counsellor: number | null) =>
  act(counsellor ? 'Counsellor assigned.' : 'Application unassigned.', () => api.assign(id, counsellor));
export const followUpCase = (id: number, on: string) =>
  act(on ? `Follow-up set for ${on}.` : 'Follow-up cleared.', () => api.setFollowUp(id, on || null));

/** One case's private notes, loaded when its notes are opened. */
export function notesOf(id: number) {
  const store = createAsyncStore(() => api.listNotes(id));
  return {
    ...store,
    async add(body: string) {
      const ok = await act('Note added.', () => api.addNote(id, body));
      if (ok) await store.load();
      return ok;
    },
  };
}

/** The owner's CSV export of every application, offered as a download. */
export async function exportCaseList() {
  try {
    downloadBlob('applications.csv', await api.exportCases());
  } catch (e) {
    flash(e instanceof Error ? e.message : String(e));
  }
}
