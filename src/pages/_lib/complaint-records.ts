import { complaintRecords } from '../../lib/api/complaints.ts';
import type { ComplaintRecord } from '../../lib/contract/complaints.ts';

let records: Promise<Map<number, ComplaintRecord>> | null = null;

/**
 * A consultancy's complaint record, from one call per build (the API lists only consultancies with
 * complaints in the window; the others have none). A failed call fails the build rather than show
 * "no complaints" where there were some.
 */
export function complaintRecordOf(consultancyId: number): Promise<ComplaintRecord | null> {
  records ??= complaintRecords().then(({ results }) => new Map(results.map((r) => [r.consultancy_id, r])));
  return records.then((all) => all.get(consultancyId) ?? null);
}
