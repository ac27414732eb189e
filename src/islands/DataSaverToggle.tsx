/** @jsxImportSource preact */
import { $dataSaver, setDataSaver } from '../lib/stores/dataSaver.ts';
import { useHydrated } from './FormBits.tsx';
import { useStore } from './useStore.ts';

/**
 * The footer's switch for data saver (src/lib/stores/dataSaver.ts). Off as the server rendered it
 * until hydrated, then the device's setting: hydration does not set `checked`, so a switch on from
 * the first render would show off.
 */
export default function DataSaverToggle() {
  const hydrated = useHydrated();
  const on = useStore($dataSaver) && hydrated;
  return (
    <label className="inline-flex items-center gap-2 text-white">
      <input type="checkbox" checked={on} onChange={(event) => setDataSaver(event.currentTarget.checked)} />
      Data saver: no pictures
    </label>
  );
}
