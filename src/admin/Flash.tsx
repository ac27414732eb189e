import { useStore } from '@nanostores/react';
import { $flash, dismissFlash } from '../lib/stores/adminFlash.ts';

/**
 * The last action's outcome (adminFlash.ts), fixed under the top bar so it shows whatever the
 * scroll. The status region is always there: a screen reader hears what appears in it.
 */
export function Flash() {
  const message = useStore($flash);
  return (
    <div className="flash" role="status">
      {message && (
        <p className="notice">
          <span>{message.text}</span>
          <button type="button" className="close" aria-label="Dismiss" onClick={dismissFlash}>
            ×
          </button>
        </p>
      )}
    </div>
  );
}
