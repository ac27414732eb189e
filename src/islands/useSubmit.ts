import { useRef, useState, type FormEvent } from 'preact/compat';
import { createSubmission, type Failure, type Submission } from '../lib/stores/submit.ts';
import { useStore } from './useStore.ts';

export interface SubmitHandle<T> extends Submission<T> {
  busy: boolean;
  /** the form's onSubmit: sends its fields to the action */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<T | null>;
  /** runs the action with fields gathered otherwise */
  submit: (form: FormData) => Promise<T | null>;
  reset: () => void;
}

/**
 * The islands' one form-submit hook: a submission store (src/lib/stores/submit.ts) per form, its
 * busy flag, its failure (text, the server's words, the fields it refused) and its result. The
 * latest `action` runs, so it may read the component's current props.
 */
export function useSubmit<T>(action: (form: FormData) => Promise<T>, fail: string | ((err: unknown) => Failure)): SubmitHandle<T> {
  const latest = useRef(action);
  latest.current = action;
  const [store] = useState(() => createSubmission((form: FormData) => latest.current(form), fail));
  const state = useStore(store.$submission);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return store.submit(new FormData(event.currentTarget));
  };
  return { ...state, busy: state.status === 'busy', onSubmit, submit: store.submit, reset: store.reset };
}
