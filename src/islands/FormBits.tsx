/** @jsxImportSource preact */
import { cloneElement, isValidElement, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'preact/compat';
import type { VNode } from 'preact';
import type { Failure } from '../lib/stores/submit.ts';

/**
 * The failure of a form, near its button; when the server named fields, the first one marked in the
 * form (aria-invalid, its message beside it: Field, Combobox) takes the focus, which brings it into
 * view on a phone, so "Some values are not valid." never leaves the visitor looking for which.
 */
export function FailureNote({ failure: f }: { failure: Failure | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (f?.fields) ref.current?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [f]);
  if (!f) return null;
  return (
    <div role="alert" ref={ref}>
      <p className="error">{f.text}</p>
      {f.detail ? <p className="muted">{f.detail}</p> : null}
    </div>
  );
}

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  errors?: string[];
  children: ReactNode;
}

/** Label, control and its server-side errors, beside it and tied to it (aria-invalid, aria-describedby). */
export function Field({ id, label, required, errors, children }: FieldProps) {
  const message = errors?.length ? errors.join(' ') : '';
  const control =
    message && isValidElement(children)
      ? cloneElement(children as VNode, { 'aria-invalid': true, 'aria-describedby': `${id}-error` })
      : children;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      {control}
      {message ? (
        <p className="error" id={`${id}-error`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** Shown on a submit button until its island has hydrated. */
export const NOT_READY = 'Loading…';

/**
 * False in the server-rendered markup and until the island has hydrated. (Per component, not per
 * page: hydration leaves attributes as the server rendered them, so every island must start false.)
 */
export function useHydrated(): boolean {
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => setReady(true), []);
  return ready;
}

interface SubmitButtonProps {
  busy: boolean;
  busyLabel: string;
  className?: string;
  /**
   * The form works without scripts: its action is an endpoint that answers a plain form post (the
   * apply and complaint forms) or a GET the server answers (tracking). The button is live from the
   * first paint, and still shows `busyLabel` while the island sends.
   */
  native?: boolean;
  children: ReactNode;
}

/**
 * A form's submit button, disabled and saying "Loading…" until the island has hydrated: a tap (or
 * Enter) on a slow phone then cannot submit the form natively, which would send its fields, a
 * password too, to the server outside our API. Forms made to be submitted natively say `native`.
 */
export function SubmitButton({ busy, busyLabel, className = 'btn primary', native = false, children }: SubmitButtonProps) {
  const ready = useHydrated() || native;
  return (
    <button type="submit" className={className} disabled={!ready || busy}>
      {!ready ? NOT_READY : busy ? busyLabel : children}
    </button>
  );
}
