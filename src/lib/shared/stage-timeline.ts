import { decisionOf, JOURNEY, STAGE_LABELS, type Answer, type Decision, type Stage } from '../contract/applications.ts';
import type { TimelineEntry } from '../api/public.ts';

/** done: set and passed; current: where it stands; skipped: passed over (not needed); future: not reached yet. */
export type StepState = 'done' | 'current' | 'skipped' | 'future';

export interface Step {
  stage: string;
  label: string;
  state: StepState;
  /** the latest time it was set (a stage can be set again after going back) */
  entry: TimelineEntry | null;
  /** the decision it claims and whether the student may answer it here (the latest claim of that decision) */
  decision: Decision | null;
  answerable: boolean;
}

/** Who set a stage, as the student reads it. */
export function actorText(entry: TimelineEntry): string {
  if (entry.actor_role === 'student') return 'You';
  if (entry.actor_role === 'admin') return 'StudyAbroad Nepal team';
  return entry.actor_name ? `${entry.actor_name}, your counsellor` : 'Your consultancy';
}

/** The student's answer to a claimed decision, in words: a decision only the consultancy claims says so. */
export function claimText(answer: Answer | null | undefined): string {
  if (answer === 'confirmed') return 'Confirmed by you';
  if (answer === 'disputed') return 'You said this is not right';
  return 'Claimed by the consultancy, not confirmed by the student';
}

/** The stages shown: the journey, with a refused visa in place of granted (and no departure), and an early end last. */
function shownStages(reached: Set<string>, current: string): string[] {
  let stages: string[] = [...JOURNEY];
  if (reached.has('visa_refused')) stages = stages.filter((s) => s !== 'visa_granted' && s !== 'departed').concat('visa_refused');
  if (current === 'withdrawn' || current === 'closed') stages.push(current);
  return stages;
}

/**
 * The whole journey as the tracking page draws it: every stage in order, each done, current,
 * skipped or still to come, from the application's history (its `timeline`, oldest first).
 */
export function journeySteps(current: string, timeline: TimelineEntry[]): Step[] {
  const latest = new Map<string, TimelineEntry>();
  for (const entry of timeline) latest.set(entry.status, entry);
  const stages = shownStages(new Set(latest.keys()), current);
  const at = stages.indexOf(current);
  const lastClaim = (d: Decision) => [...timeline].reverse().find((e) => decisionOf(e.status) === d) ?? null;
  return stages.map((stage, i) => {
    const entry = latest.get(stage) ?? null;
    const state: StepState = i === at ? 'current' : i > at ? 'future' : entry ? 'done' : 'skipped';
    const decision = decisionOf(stage);
    return {
      stage,
      label: STAGE_LABELS[stage as Stage] ?? stage,
      state: at === -1 ? 'future' : state,
      entry: state === 'future' ? null : entry,
      decision,
      answerable: decision !== null && entry !== null && lastClaim(decision) === entry,
    };
  });
}
