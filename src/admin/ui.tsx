import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import type { ReactNode } from 'react';

/** The parts every console screen repeats, drawn once: a screen's title bar and its way back. */

/** A screen's title with its main actions at the right (they wrap under it on a phone). */
export function ScreenHeader({ id, title, children }: { id: string; title: ReactNode; children?: ReactNode }) {
  return (
    <header className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-line pb-4">
      <h1 id={id}>{title}</h1>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </header>
  );
}

/** The link back to the list a form was opened from. */
export function Crumbs({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mb-3 text-sm">
      <a href={to} className="inline-flex min-h-11 items-center gap-1 font-medium">
        ← {children}
      </a>
    </p>
  );
}

/** A failed load or save of a whole screen, in a box. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="alert-error my-3">
      {children}
    </p>
  );
}

/** A row action's refusal (a store's `rowError`), said beside the control that caused it rather than above the list. */
export function RowError({
  store,
  id,
}: {
  store: { $state: ReadableAtom<{ rowError: { id: number | string; message: string } | null }> };
  id: number | string;
}) {
  const failed = useStore(store.$state).rowError;
  if (failed?.id !== id) return null;
  return (
    <p role="alert" className="field-error">
      {failed.message}
    </p>
  );
}

/** A list's filter: a small label over its control, in the row of filters above the list. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <span className="flex min-w-40 flex-[1_1_10rem] flex-col gap-0.5 text-sm min-[700px]:flex-none">
      <label htmlFor={id} className="font-medium text-muted">
        {label}
      </label>
      {children}
    </span>
  );
}

/** The row of a list's search and filters, above the list. */
export function Toolbar({ children, search }: { children: ReactNode; search?: boolean }) {
  return (
    <div
      className="my-4 flex flex-wrap items-end gap-2 rounded-lg border border-line bg-white p-3 shadow-xs"
      role={search ? 'search' : undefined}
    >
      {children}
    </div>
  );
}

/** What a list says when it has nothing to show, in the box the rows would fill. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-line bg-white px-4 py-10 text-center text-muted">{children}</p>;
}
