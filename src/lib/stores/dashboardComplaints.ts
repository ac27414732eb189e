import { answerComplaint, ownComplaints, type OwnComplaint } from '../api/complaints.ts';
import { createPagedStore, type PagedStore, rowFailed } from './adminDashboard.ts';
import { flash } from './adminFlash.ts';

/** The consultancy's complaints screen: its complaints, page by page, and its answers. */
export const createComplaintsStore = () => createPagedStore((page) => ownComplaints(page));

/** Sends an answer and reloads the list; the outcome is flashed, a refusal goes to the list's error. */
export async function answerAndReload(store: PagedStore<OwnComplaint>, row: OwnComplaint, message: string): Promise<boolean> {
  rowFailed(store, row.id);
  try {
    await answerComplaint(row.id, message);
    flash(`Your answer to complaint ${String(row.reference ?? row.id)} was sent.`);
    await store.load();
    return true;
  } catch (e) {
    rowFailed(store, row.id, e);
    return false;
  }
}
