import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'preact/compat';

/**
 * The islands' binding to the nanostores (src/lib/stores), as @nanostores/react does it: through
 * useSyncExternalStore, so a store change renders at once. (@nanostores/preact defers every
 * re-render to a timer, which would shift the SPEC's exact 2000 ms / 1000 ms timings by a tick.)
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  return useSyncExternalStore(
    (changed) => store.listen(() => changed()),
    () => store.get(),
  );
}
