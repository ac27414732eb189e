import { atom } from 'nanostores';
import { COMPLAINT_NOT_FOUND, followComplaint, replyToComplaint, type FollowedComplaint } from '../api/complaints.ts';
import { ApiError } from '../api/client.ts';

export interface ComplaintTrackState {
  complaint: FollowedComplaint | null;
  /** the code as typed, kept only in memory: replies are sent with it */
  code: string;
  busy: boolean;
  replied: boolean;
  error: { text: string; fields?: Record<string, string[]> } | null;
  errorIn: 'check' | 'reply' | null;
}

/** /complaint/track/: look a complaint up by its follow-up code, then reply to it. */
export function createComplaintTrackStore() {
  const $state = atom<ComplaintTrackState>({ complaint: null, code: '', busy: false, replied: false, error: null, errorIn: null });
  const set = (patch: Partial<ComplaintTrackState>) => $state.set({ ...$state.get(), ...patch });
  const failure = (err: unknown, fallback: string) => ({
    text: err instanceof Error && err.message ? err.message : fallback,
    fields: err instanceof ApiError ? err.fields : undefined,
  });

  return {
    $state,
    async check(code: string): Promise<boolean> {
      if (!code.trim()) return false;
      set({ busy: true, error: null, errorIn: null, replied: false });
      try {
        set({ complaint: await followComplaint(code), code: code.trim(), busy: false });
        return true;
      } catch (err) {
        set({ complaint: null, busy: false, error: failure(err, COMPLAINT_NOT_FOUND), errorIn: 'check' });
        return false;
      }
    },
    async reply(message: string): Promise<boolean> {
      const { code } = $state.get();
      if (!code) return false;
      set({ busy: true, error: null, errorIn: null, replied: false });
      try {
        set({ complaint: await replyToComplaint(code, message), busy: false, replied: true });
        return true;
      } catch (err) {
        set({ busy: false, error: failure(err, 'Failed to send your reply'), errorIn: 'reply' });
        return false;
      }
    },
  };
}
export type ComplaintTrackStore = ReturnType<typeof createComplaintTrackStore>;
