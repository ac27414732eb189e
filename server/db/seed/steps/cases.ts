import { applicationStatusHistory, consultancyApplications } from '../../schema/index.ts';
import { STAGE_LABELS, type ActorRole, type Stage } from '../../../../src/lib/contract/applications.ts';
import { insertRows } from '../bulk.ts';
import { daysAgo } from '../clock.ts';
import type { Random } from '../random.ts';

/** One application's row (without timestamps) and its path: each stage with how many days ago it was set. */
export interface SeedCase {
  row: Omit<typeof consultancyApplications.$inferInsert, 'created_at' | 'updated_at'>;
  steps: { stage: Stage; age: number; answer?: 'confirmed' | 'disputed' }[];
}

/** The usual path to `stage`: no NOC, no document round; a withdrawal right after submitting. */
export function pathTo(stage: Stage): Stage[] {
  const forward: Stage[] = ['submitted', 'counselling', 'applied', 'offer_unconditional', 'coe', 'visa_lodged', 'visa_granted', 'departed'];
  if (stage === 'withdrawn' || stage === 'closed') return ['submitted', stage];
  if (stage === 'documents') return ['submitted', 'counselling', 'documents'];
  if (stage === 'offer_conditional') return ['submitted', 'counselling', 'applied', 'offer_conditional'];
  if (stage === 'noc') return [...forward.slice(0, 5), 'noc'];
  if (stage === 'visa_refused') return [...forward.slice(0, 6), 'visa_refused'];
  return forward.slice(0, forward.indexOf(stage) + 1);
}

/** The student submits and withdraws; the consultancy's counsellors set the rest. */
const actorOf = (stage: Stage): ActorRole => (stage === 'submitted' || stage === 'withdrawn' ? 'student' : 'counsellor');

/** Stores the cases and their histories, the first step's day being the application's. */
export async function insertCases(tx: Parameters<typeof insertRows>[0], now: number, cases: SeedCase[]) {
  const ids = await insertRows(
    tx,
    consultancyApplications,
    cases.map((c) => ({ ...c.row, created_at: daysAgo(now, c.steps[0]!.age), updated_at: daysAgo(now, c.steps.at(-1)!.age) })),
  );
  await insertRows(
    tx,
    applicationStatusHistory,
    cases.flatMap((c, i) =>
      c.steps.map(({ stage, age, answer }, k) => ({
        application_id: ids[i]!,
        status: stage,
        actor_role: actorOf(stage),
        note: k === 0 ? 'Application submitted.' : `Now: ${STAGE_LABELS[stage]}.`,
        ...(answer ? { student_answer: answer, answered_at: daysAgo(now, Math.max(0, age - 2)) } : {}),
        created_at: daysAgo(now, age),
        updated_at: daysAgo(now, age),
      })),
    ),
  );
}

/** Steps evenly spread from `age` days ago to now (applications still moving). */
export const spreadSteps = (stages: Stage[], age: number) => stages.map((stage, k) => ({ stage, age: age * (1 - k / stages.length) }));

/**
 * A case decided `decidedAge` days ago: applied, an offer 3 to 10 weeks later, the visa decision 4
 * to 12 weeks after the offer; most students confirmed the offer and the decision, a few did not yet.
 */
export function decidedSteps(rng: Random, decidedAge: number, granted: boolean) {
  const stages = pathTo(granted ? 'visa_granted' : 'visa_refused');
  const toDecision = rng.int(28, 84);
  const toOffer = rng.int(21, 70);
  const offerAge = decidedAge + toDecision;
  const appliedAge = offerAge + toOffer;
  const ageOf: Partial<Record<Stage, number>> = {
    submitted: appliedAge + 30,
    counselling: appliedAge + 20,
    applied: appliedAge,
    offer_unconditional: offerAge,
    coe: offerAge - toDecision / 2,
    visa_lodged: offerAge - (toDecision * 3) / 4,
  };
  const answered = () => (rng.chance(0.7) ? ('confirmed' as const) : undefined);
  return stages.map((stage) =>
    stage === 'visa_granted' || stage === 'visa_refused'
      ? { stage, age: decidedAge, answer: answered() }
      : { stage, age: ageOf[stage]!, ...(stage === 'offer_unconditional' ? { answer: answered() } : {}) },
  );
}
