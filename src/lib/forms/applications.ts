import { STAGE_LABELS, STAGES, nextStages as nextFrom, type Stage } from '../contract/applications.ts';

export { STAGE_LABELS };

export const isStage = (s: unknown): s is Stage => (STAGES as readonly unknown[]).includes(s);

/** Where a consultancy may move an application next: the steps the server allows (src/lib/contract). */
export function nextStages(current: unknown): Stage[] {
  return isStage(current) ? nextFrom(current) : [];
}

/** The body of a stage move: a known next stage and a trimmed note (at most 2000 characters). */
export function stageMove(current: unknown, status: unknown, note: unknown): { status: Stage; note: string } {
  if (!isStage(status)) throw new Error('Choose a stage');
  if (!nextStages(current).includes(status))
    throw new Error(
      `An application at ${isStage(current) ? STAGE_LABELS[current].toLowerCase() : 'no stage'} cannot move to ${STAGE_LABELS[status].toLowerCase()}`,
    );
  const text = typeof note === 'string' ? note.trim() : '';
  if (text.length > 2000) throw new Error('The note is too long (at most 2000 characters)');
  return { status, note: text };
}
