/** @jsxImportSource preact */
import { $dataSaver, setDataSaver } from '../lib/stores/dataSaver.ts';
import { useStore } from './useStore.ts';

/** The footer's switch for data saver (src/lib/stores/dataSaver.ts). */
export default function DataSaverToggle() {
  const on = useStore($dataSaver);
  return (
    <label className="inline-flex items-center gap-2 text-white">
      <input type="checkbox" checked={on} onChange={(event) => setDataSaver(event.currentTarget.checked)} />
      Data saver: no pictures
    </label>
  );
}
