import { atom } from 'nanostores';
import { ApiError } from '../api/client.ts';
import {
  answerDecision,
  checkApplication,
  editApplication,
  eraseApplicationData,
  setApplicationNotices,
  type ApplicationStatus,
} from '../api/public.ts';
import { checkReview } from '../api/reviews.ts';
import { failure, type Failure } from './submit.ts';

/** SPEC §8's texts for the tracking page. */
export const NOT_FOUND = 'Tracking code not found';
export const UPDATE_FAILED = 'Failed to update application';

export interface TrackState {
  status: ApplicationStatus | null;
  busy: boolean;
  /** what the last action did, said where the applicant looks */
  done: 'updated' | 'withdrawn' | 'noticesOn' | 'noticesOff' | 'confirmed' | 'disputed' | 'erased' | null;
  error: Failure | null;
  /** the error belongs to the edit or withdraw form, not to the code lookup */
  errorIn: 'check' | 'edit' | 'withdraw' | 'answer' | 'erase' | null;
  /** whether the consultancy may be reviewed with this code (it acted on the application), and whether it was */
  review: { acted: boolean; written: boolean } | null;
  /** offline: the application as last checked on this device, and when (ISO time) */
  asOf: string | null;
}

/**
 * The last application checked on this device (issue 27): personal, so never in the service
 * worker's caches, but the student's own phone may show it again offline, with its time.
 */
const LAST_KEY = 'track-last';
interface LastChecked {
  code: string;
  status: ApplicationStatus;
  at: string;
}
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);
function lastChecked(code: string): LastChecked | null {
  try {
    const last = JSON.parse(storage()?.getItem(LAST_KEY) ?? 'null') as LastChecked | null;
    return last && last.code === code ? last : null;
  } catch {
    return null;
  }
}
const offline = (err: unknown) => err instanceof ApiError && err.status === 0;

/** The fields an applicant may change, as the edit form names them. */
export const EDITABLE = [
  'full_name',
  'email',
  'phone',
  'address',
  'destination',
  'preferred_intake',
  'education_level',
  'message',
] as const;

/** What of the edit form differs from the application as it stands (blank personal fields: unchanged, since only their masks are shown). */
export function changesOf(form: FormData, current: ApplicationStatus): FormData {
  const out = new FormData();
  const now: Record<string, string> = {
    destination: current.destination ? String(current.destination.id) : '',
    preferred_intake: current.preferred_intake ?? '',
    education_level: current.education_level ?? '',
  };
  for (const key of EDITABLE) {
    const value = String(form.get(key) ?? '').trim();
    if (key in now ? value !== now[key] : value !== '') out.set(key, value);
  }
  for (const file of form.getAll('documents')) if (file instanceof File && file.size > 0) out.append('documents', file);
  return out;
}

/** The tracking page's state and actions: check by code, edit, add documents, withdraw. */
export function createTrackStore() {
  const $track = atom<TrackState>({ status: null, busy: false, done: null, error: null, errorIn: null, review: null, asOf: null });
  const set = (patch: Partial<TrackState>) => $track.set({ ...$track.get(), ...patch });
  const codeOf = () => $track.get().status?.tracking_code ?? '';

  async function run(
    errorIn: TrackState['errorIn'],
    text: string,
    action: () => Promise<ApplicationStatus>,
    done: TrackState['done'],
  ): Promise<boolean> {
    set({ busy: true, error: null, errorIn: null, done: null });
    try {
      set({ status: await action(), busy: false, done });
      return true;
    } catch (err) {
      set({ busy: false, error: failure(text, err), errorIn, ...(errorIn === 'check' ? { status: null } : {}) });
      return false;
    }
  }

  return {
    $track,
    async check(code: string): Promise<boolean> {
      if (!code.trim()) return false;
      set({ review: null, asOf: null });
      const looked = async () => {
        try {
          const status = await checkApplication(code);
          storage()?.setItem(LAST_KEY, JSON.stringify({ code, status, at: new Date().toISOString() } satisfies LastChecked));
          return status;
        } catch (err) {
          const last = offline(err) ? lastChecked(code) : null;
          if (!last) throw err;
          set({ asOf: last.at });
          return last.status;
        }
      };
      if (!(await run('check', NOT_FOUND, looked, null))) return false;
      if ($track.get().asOf) return true;
      // the review offer is extra: the application shows whether or not it can be had
      const review = await checkReview(code).then(
        (s) => ({ acted: s.acted, written: s.review !== null }),
        () => null,
      );
      set({ review });
      return true;
    },
    edit: (form: FormData) => {
      const current = $track.get().status;
      if (!current) return Promise.resolve(false);
      const changes = changesOf(form, current);
      if ([...changes.keys()].length === 0) {
        set({ error: { text: UPDATE_FAILED, detail: 'Nothing was changed.' }, errorIn: 'edit', done: null });
        return Promise.resolve(false);
      }
      return run('edit', UPDATE_FAILED, () => editApplication(codeOf(), changes), 'updated');
    },
    withdraw: (reason: string) => {
      const form = new FormData();
      form.set('withdraw', 'true');
      if (reason.trim()) form.set('reason', reason.trim());
      return run('withdraw', UPDATE_FAILED, () => editApplication(codeOf(), form), 'withdrawn');
    },
    notices: (notify: boolean) =>
      run('edit', UPDATE_FAILED, () => setApplicationNotices(codeOf(), notify), notify ? 'noticesOn' : 'noticesOff'),
    /** The student confirms the offer or visa decision the consultancy recorded, or says it is not right. */
    answer: (decision: 'offer' | 'visa', answer: 'confirmed' | 'disputed', note = '') =>
      run('answer', 'Failed to save your answer', () => answerDecision(codeOf(), decision, answer, note.trim()), answer),
    /** Erases the application's personal data; the page then holds nothing of it. */
    async erase(): Promise<boolean> {
      set({ busy: true, error: null, errorIn: null, done: null });
      try {
        await eraseApplicationData(codeOf());
        set({ status: null, review: null, busy: false, done: 'erased' });
        return true;
      } catch (err) {
        set({ busy: false, error: failure('Failed to erase your data', err), errorIn: 'erase' });
        return false;
      }
    },
    clearError: () => set({ error: null, errorIn: null }),
  };
}
export type TrackStore = ReturnType<typeof createTrackStore>;
