/**
 * The destinations' plans (issue 27) at build time: each destination's steps in order, and the plan a
 * detail page links, found through the ref path its site extras name (`plan`).
 */
import { declarationOf, entities, type EntityName } from '../../lib/contract/index.ts';
import type { Row } from '../../lib/api/public.ts';
import type { PlanStep } from '../../islands/PlanSteps.tsx';
import { hrefOf, listRows, lookup, rows, titleOf } from './content.ts';
import { extrasOf } from './extras.ts';

export interface PlanLink {
  href: string;
  /** the destination's name */
  name: string;
}

let steps: Promise<Map<number, PlanStep[]>> | null = null;
/** Every destination's steps, in their order (the list's own: destination, position), read once per build. */
export function stepsByDestination(): Promise<Map<number, PlanStep[]>> {
  steps ??= listRows<PlanStep & { destination_id: number }>({ name: 'planStep', path: entities.planStep.path }).then((all) => {
    const byDestination = new Map<number, PlanStep[]>();
    for (const { destination_id, ...step } of all) byDestination.set(destination_id, [...(byDestination.get(destination_id) ?? []), step]);
    return byDestination;
  });
  return steps;
}

/** The plan page of a destination row. */
export const planLinkOf = (destination: Row): PlanLink => ({
  href: `${hrefOf(entities.destination, destination)}plan/`,
  name: titleOf(entities.destination, destination),
});

/** The plan a row's detail page links, when its entity's extras name one and the row leads to a destination with steps. */
export async function planLinkFor(name: EntityName, row: Row): Promise<PlanLink | undefined> {
  const path = extrasOf(name).plan;
  if (path === undefined) return undefined;
  let entity = name;
  let current: Row | undefined = row;
  for (const field of path ? path.split('.') : []) {
    const meta = declarationOf(entity).fields[field];
    if (meta?.kind !== 'ref' || !current) return undefined;
    current = (await lookup(meta.ref)).get(current[field] as number);
    entity = meta.ref;
  }
  if (!current || entity !== entities.destination.name || !(await stepsByDestination()).has(current.id)) return undefined;
  return planLinkOf(current);
}

/** The plans with steps, for the pages that offer every plan (the shortlist, tracking). */
export async function allPlanLinks(): Promise<PlanLink[]> {
  const steps = await stepsByDestination();
  return (await rows('destination')).filter((d) => steps.has(d.id)).map(planLinkOf);
}
