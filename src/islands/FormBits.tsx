/** @jsxImportSource preact */
import type { ReactNode } from 'preact/compat';
import { ApiError } from '../lib/api/client.ts';

/** A failure shown with SPEC §8's text, plus the server's own words when they say more. */
export interface Failure {
  text: string;
  detail?: string;
  fields?: Record<string, string[]>;
}

export function failure(text: string, err: unknown): Failure {
  const detail = err instanceof Error && err.message && err.message !== text ? err.message : undefined;
  return { text, detail, fields: err instanceof ApiError ? err.fields : undefined };
}

export function FailureNote({ failure: f }: { failure: Failure | null }) {
  if (!f) return null;
  return (
    <div role="alert">
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

/** Label, control and its server-side errors. */
export function Field({ id, label, required, errors, children }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      {children}
      {errors?.length ? (
        <p className="error" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
