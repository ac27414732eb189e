import {
  STATUSES as APPLICATION_STATUSES,
  STATUS_LABELS,
  nextStatuses as nextFrom,
  type Status as ApplicationStatus,
} from '../contract/applications.ts';

export { STATUS_LABELS };

export const isStatus = (s: unknown): s is ApplicationStatus => (APPLICATION_STATUSES as readonly unknown[]).includes(s);

/** Where a consultancy may move an application next: the steps the server allows (src/lib/contract). */
export function nextStatuses(current: unknown): ApplicationStatus[] {
  return isStatus(current) ? nextFrom(current) : [];
}

/** The body of a status move: a known next status and a trimmed note (at most 2000 characters). */
export function statusMove(current: unknown, status: unknown, note: unknown): { status: ApplicationStatus; note: string } {
  if (!isStatus(status)) throw new Error('Choose a status');
  if (!nextStatuses(current).includes(status))
    throw new Error(
      `An application that is ${isStatus(current) ? STATUS_LABELS[current].toLowerCase() : 'new'} cannot move to ${STATUS_LABELS[status].toLowerCase()}`,
    );
  const text = typeof note === 'string' ? note.trim() : '';
  if (text.length > 2000) throw new Error('The note is too long (at most 2000 characters)');
  return { status, note: text };
}
