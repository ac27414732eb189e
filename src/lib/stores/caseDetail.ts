import { atom } from 'nanostores';
import * as api from '../api/casework.ts';
import { moveApplication } from '../api/dashboard.ts';
import { STAGE_LABELS, type Stage } from '../contract/applications.ts';
import { createAsyncStore } from './adminDashboard.ts';
import { flash } from './adminFlash.ts';
import { assignCase, followUpCase } from './casework.ts';

/** One case on its own page (issue 26): loaded by its id, read again after each action on it. */
export function createCaseDetailStore(id: number) {
  const store = createAsyncStore(() => api.getCase(id));
  /** a refused stage move, said beside the Move button */
  const $moveError = atom<string | null>(null);
  const reloadAfter = async (done: Promise<boolean>) => {
    const ok = await done;
    if (ok) await store.load();
    return ok;
  };
  return {
    ...store,
    $moveError,
    async move(status: Stage, note: string): Promise<boolean> {
      const row = store.$state.get().data;
      if (!row) return false;
      $moveError.set(null);
      try {
        await moveApplication(id, row.status, status, note);
      } catch (e) {
        $moveError.set(e instanceof Error ? e.message : String(e));
        return false;
      }
      flash(`Application ${row.tracking_code} moved to ${STAGE_LABELS[status].toLowerCase()}.`);
      await store.load();
      return true;
    },
    assign: (counsellor: number | null) => reloadAfter(assignCase(id, counsellor)),
    followUp: (on: string) => reloadAfter(followUpCase(id, on)),
  };
}
export type CaseDetailStore = ReturnType<typeof createCaseDetailStore>;
