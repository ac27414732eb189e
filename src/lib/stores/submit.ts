import { atom } from 'nanostores';
import { ApiError } from '../api/client.ts';

/**
 * A failure as a form shows it: SPEC §8's text, the server's own words when they say more, and the
 * fields the server refused (the API's error answer: {error, fields}).
 */
export interface Failure {
  text: string;
  detail?: string;
  fields?: Record<string, string[]>;
}

export function failure(text: string, err: unknown): Failure {
  const detail = err instanceof Error && err.message && err.message !== text ? err.message : undefined;
  return { text, detail, fields: err instanceof ApiError ? err.fields : undefined };
}

/** A failure in one line: the server's words, else the fallback text. */
export const said = (f: Failure): string => f.detail ?? f.text;

/** A form's submission: idle, busy while its action runs, done with the action's result (or failed, idle again). */
export interface Submission<T> {
  status: 'idle' | 'busy' | 'done';
  failure: Failure | null;
  result: T | null;
}

const IDLE = { status: 'idle', failure: null, result: null } as const;

/**
 * The state and the one action of a form: `submit` runs the action once at a time and keeps its
 * result, or the failure described by `fail` (a fallback text for `failure`, or a function).
 */
export function createSubmission<A extends unknown[], T>(action: (...args: A) => Promise<T>, fail: string | ((err: unknown) => Failure)) {
  const $submission = atom<Submission<T>>(IDLE);
  async function submit(...args: A): Promise<T | null> {
    if ($submission.get().status === 'busy') return null;
    $submission.set({ status: 'busy', failure: null, result: null });
    try {
      const result = await action(...args);
      $submission.set({ status: 'done', failure: null, result });
      return result;
    } catch (err) {
      $submission.set({ status: 'idle', failure: typeof fail === 'string' ? failure(fail, err) : fail(err), result: null });
      return null;
    }
  }
  return { $submission, submit, reset: () => $submission.set(IDLE) };
}
export type SubmissionStore<A extends unknown[], T> = ReturnType<typeof createSubmission<A, T>>;
