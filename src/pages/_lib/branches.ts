import { everyBranch, type PublicBranch } from '../../lib/api/public.ts';
import type { BranchKind } from '../../lib/contract/institutions.ts';

const byInstitution = new Map<BranchKind, Promise<Map<number, PublicBranch[]>>>();

/** An institution's branches, in their order: every branch of its kind is read once per build, for every page. */
export async function branchesOf(kind: BranchKind, institutionId: number): Promise<PublicBranch[]> {
  let grouped = byInstitution.get(kind);
  if (!grouped) {
    grouped = everyBranch(kind).then((all) => {
      const out = new Map<number, PublicBranch[]>();
      for (const { institution_id, ...branch } of all) out.set(institution_id, [...(out.get(institution_id) ?? []), branch]);
      return out;
    });
    byInstitution.set(kind, grouped);
  }
  return (await grouped).get(institutionId) ?? [];
}
