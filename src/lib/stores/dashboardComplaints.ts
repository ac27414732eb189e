import { answerComplaint, ownComplaints } from '../api/complaints.ts';
import { createPagedStore, type PagedStore } from './adminDashboard.ts';

/** The consultancy's complaints screen: its complaints, page by page, and its answers. */
export const createComplaintsStore = () => createPagedStore((page) => ownComplaints(page));

/** Sends an answer and reloads the list; the outcome goes to the list's notice or error. */
export async function answerAndReload(store: PagedStore, row: { id: number; reference?: unknown }, message: string): Promise<boolean> {
  try {
    await answerComplaint(row.id, message);
    store.$state.setKey('notice', `Your answer to complaint ${String(row.reference ?? row.id)} was sent.`);
    await store.load();
    return true;
  } catch (e) {
    store.$state.setKey('error', e instanceof Error ? e.message : String(e));
    return false;
  }
}
