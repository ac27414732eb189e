import { getOwnLicences, listLicences, rejectLicence, verifyLicence, type Licence } from '../api/licences.ts';
import { createAsyncStore, createPagedStore, type PagedStore, rowFailed } from './adminDashboard.ts';
import { flash } from './adminFlash.ts';

/** The consultancy's own licence screen: where it stands and every submission. */
export const ownLicences = createAsyncStore(getOwnLicences);

/** The admin's list of submissions (those waiting first), filtered by status. */
export const licenceSubmissions = (): PagedStore<Licence> => createPagedStore((page, status) => listLicences(page, status));

export type Decision = { verify: true } | { reject: string };

/** Verifies or rejects a submission and reloads the list; the outcome is flashed, a refusal goes to the list's error. */
export async function decide(
  store: PagedStore<Licence>,
  licence: Pick<Licence, 'id' | 'consultancy_name' | 'permission_number'>,
  decision: Decision,
): Promise<boolean> {
  rowFailed(store, licence.id);
  try {
    if ('verify' in decision) await verifyLicence(licence.id);
    else await rejectLicence(licence.id, decision.reject);
    flash(`${licence.consultancy_name}: licence ${licence.permission_number} ${'verify' in decision ? 'verified' : 'rejected'}.`);
    await store.load();
    return true;
  } catch (e) {
    rowFailed(store, licence.id, e);
    return false;
  }
}
