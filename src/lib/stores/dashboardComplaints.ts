import { answerComplaint, ownComplaints } from '../api/complaints.ts';
import { createPagedStore, type PagedStore } from './adminDashboard.ts';
import { flash } from './adminFlash.ts';

/** The consultancy's complaints screen: its complaints, page by page, and its answers. */
export const createComplaintsStore = () => createPagedStore((page) => ownComplaints(page));

/** Sends an answer and reloads the list; the outcome is flashed, a refusal goes to the list's error. */
export async function answerAndReload(store: PagedStore, row: { id: number; reference?: unknown }, message: string): Promise<boolean> {
  try {
    await answerComplaint(row.id, message);
    flash(`Your answer to complaint ${String(row.reference ?? row.id)} was sent.`);
    await store.load();
    return true;
  } catch (e) {
    store.$state.setKey('error', e instanceof Error ? e.message : String(e));
    return false;
  }
}
