import { useStore } from '@nanostores/react';
import { $flash, dismissFlash } from '../lib/stores/adminFlash.ts';

/**
 * The last action's outcome (adminFlash.ts) as a toast fixed just under the top bar, so it is in
 * view whatever the scroll: centred on a phone, at the right of the content on a wide screen. The
 * status region is always there: a screen reader hears what appears in it.
 */
export function Flash() {
  const message = useStore($flash);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-16 z-40 flex justify-center px-2 min-[900px]:justify-end min-[900px]:px-6"
      role="status"
    >
      {message && (
        <p className="pointer-events-auto flex w-full max-w-md items-center gap-2 rounded-lg border border-checked/30 border-l-4 border-l-checked bg-white py-1 pr-1 pl-3 shadow-lg [overflow-wrap:anywhere]">
          <span aria-hidden="true" className="font-bold text-checked">
            ✓
          </span>
          <span className="flex-1">{message.text}</span>
          <button
            type="button"
            className="min-w-11 border-0 bg-transparent text-2xl leading-none shadow-none"
            aria-label="Dismiss"
            onClick={dismissFlash}
          >
            ×
          </button>
        </p>
      )}
    </div>
  );
}
