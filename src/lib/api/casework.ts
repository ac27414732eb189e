import { call, type Page } from './client.ts';
import { requireDashboard } from '../forms/guards.ts';
import type { ApplicationCase } from '../contract/records.ts';

/** The consultancy dashboard's case work: the filtered list, counts per stage, staff, assignment, follow-ups and private notes. */

export type CaseRow = Record<string, unknown> & { id: number };
export interface StageCount {
  stage: string;
  label: string;
  count: number;
}
export interface StaffMember {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  staff_role: 'owner' | 'counsellor';
}
export interface Note {
  id: number;
  body: string;
  author_name: string | null;
  created_at: string;
}

const guarded = <T>(run: () => Promise<T>) => {
  requireDashboard('consultancy');
  return run();
};
const base = 'consultancy/dashboard';

/** `filter` is the list's query (stage, counsellor, due) as the store keeps it. */
export const listCases = (page: number, filter: string) =>
  guarded(() =>
    call('Failed to fetch applications', (c) =>
      c
        .get(`${base}/applications/`, {
          searchParams: new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(filter)), page: String(page) }),
        })
        .json<Page<CaseRow>>(),
    ),
  );
export const stageCounts = () =>
  guarded(() =>
    call('Failed to fetch the counts', (c) =>
      c.get(`${base}/applications/stages/`).json<{ stages: StageCount[]; total: number; due: number }>(),
    ),
  );
export const listStaff = () => guarded(() => call('Failed to fetch your staff', (c) => c.get(`${base}/staff/`).json<StaffMember[]>()));
export const assign = (id: number, counsellor: number | null) =>
  guarded(() =>
    call('Failed to assign the application', (c) => c.put(`${base}/applications/${id}/counsellor/`, { json: { counsellor } }).json()),
  );
export const setFollowUp = (id: number, follow_up_on: string | null) =>
  guarded(() =>
    call('Failed to set the follow-up', (c) => c.put(`${base}/applications/${id}/follow-up/`, { json: { follow_up_on } }).json()),
  );
export const listNotes = (id: number) =>
  guarded(() => call('Failed to fetch the notes', (c) => c.get(`${base}/applications/${id}/notes/`).json<Note[]>()));
export const addNote = (id: number, body: string) =>
  guarded(() => call('Failed to add the note', (c) => c.post(`${base}/applications/${id}/notes/`, { json: { body } }).json<Note>()));
/** The whole list as CSV (owners). */
export const exportCases = () =>
  guarded(() => call('Failed to export the applications', (c) => c.get(`${base}/applications/export/`).blob()));
/** One case for its page: the list's row, its timeline and what the student disputes. */
export const getCase = (id: number) =>
  guarded(() => call('Failed to fetch the application', (c) => c.get(`${base}/applications/${id}/`).json<ApplicationCase>()));
