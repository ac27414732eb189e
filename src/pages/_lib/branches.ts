import { everyBranch, type PublicBranch } from '../../lib/api/public.ts';
import type { BranchKind } from '../../lib/contract/institutions.ts';
import { keptIn } from '../../lib/shared/kept.ts';

const byInstitution = new Map<BranchKind, Promise<Map<number, PublicBranch[]>>>();

/** An institution's branches, in their order: every branch of its kind is read once per build, for every page. */
export async function branchesOf(kind: BranchKind, institutionId: number): Promise<PublicBranch[]> {
  const grouped = keptIn(byInstitution, kind, async () => {
    const out = new Map<number, PublicBranch[]>();
    for (const { institution_id, ...branch } of await everyBranch(kind))
      out.set(institution_id, [...(out.get(institution_id) ?? []), branch]);
    return out;
  });
  return (await grouped).get(institutionId) ?? [];
}
