import { atom, map } from 'nanostores';
import { api, call, json, useTokens } from '../api/client.ts';

/** SPEC §3: the user record kept on login. */
export interface StoredUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: 'admin' | 'consultancy' | 'college' | 'university' | 'student';
  /** a consultancy account's place in its staff (issue 26): only owners manage staff */
  staffRole?: 'owner' | 'counsellor';
}

/** The API's user shape (snake_case), as /auth/login/ and /auth/me/ return it. */
export interface ApiUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  role: StoredUser['role'];
  staff_role?: StoredUser['staffRole'];
  consultancy_id?: number | null;
  college_id?: number | null;
  university_id?: number | null;
}

export const KEYS = {
  access: 'access',
  refresh: 'refresh',
  user: 'user',
  consultancyId: 'consultancyId',
  collegeId: 'collegeId',
  universityId: 'universityId',
} as const;

export interface SessionState {
  access: string | null;
  refresh: string | null;
  user: StoredUser | null;
  /** on until the stored session has been restored */
  loading: boolean;
}

export const $session = map<SessionState>({ access: null, refresh: null, user: null, loading: true });
/** Where logout sends the browser; tests replace it. */
export const $redirect = atom<(path: string) => void>((path) => {
  if (typeof window !== 'undefined') window.location.assign(path);
});

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

const toStoredUser = (u: ApiUser): StoredUser => ({
  id: u.id,
  email: u.email,
  firstName: u.first_name,
  lastName: u.last_name,
  phone: u.phone,
  role: u.role,
  staffRole: u.staff_role,
});

/** Keeps tokens, user and dashboard ids in storage and in the store. */
export function saveSession(access: string, refresh: string, user: ApiUser) {
  const s = storage();
  s?.setItem(KEYS.access, access);
  s?.setItem(KEYS.refresh, refresh);
  s?.setItem(KEYS.user, JSON.stringify(toStoredUser(user)));
  for (const [key, value] of [
    [KEYS.consultancyId, user.consultancy_id],
    [KEYS.collegeId, user.college_id],
    [KEYS.universityId, user.university_id],
  ] as const) {
    if (value) s?.setItem(key, String(value));
    else s?.removeItem(key);
  }
  $session.set({ access, refresh, user: toStoredUser(user), loading: false });
}

export async function login(email: string, password: string): Promise<StoredUser> {
  const result = await call(
    'Login failed',
    json<{ access: string; refresh: string; user: ApiUser }>('auth/login/', { method: 'post', json: { email, password } }),
  );
  saveSession(result.access, result.refresh, result.user);
  return toStoredUser(result.user);
}

/** Clears tokens, user and dashboard ids, then goes to /login. */
export function logout() {
  const refresh = $session.get().refresh;
  if (refresh) api.post('auth/logout/', { json: { refresh } }).catch(() => {});
  const s = storage();
  for (const key of Object.values(KEYS)) s?.removeItem(key);
  $session.set({ access: null, refresh: null, user: null, loading: false });
  $redirect.get()('/login/');
}

/** Restores the stored session on load; the loading flag is on until done. */
export function restoreSession() {
  const s = storage();
  let user: StoredUser | null = null;
  try {
    user = JSON.parse(s?.getItem(KEYS.user) ?? 'null') as StoredUser | null;
  } catch {
    user = null;
  }
  const access = s?.getItem(KEYS.access) ?? null;
  $session.set(
    access && user
      ? { access, refresh: s?.getItem(KEYS.refresh) ?? null, user, loading: false }
      : { access: null, refresh: null, user: null, loading: false },
  );
}

let renewing: Promise<boolean> | null = null;

/**
 * One renewal at a time across this browser's tabs (Web Locks, where the browser has them): the
 * tabs share one refresh token in localStorage, and each renewal spends it.
 */
function oneTabAtATime(work: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // typed as the callback's own promise; what it resolves to is the callback's result
  return locks ? locks.request('session-renewal', work).then((renewed) => renewed) : work();
}

function keepTokens(access: string, refresh: string) {
  const s = storage();
  s?.setItem(KEYS.access, access);
  s?.setItem(KEYS.refresh, refresh);
  $session.setKey('access', access);
  $session.setKey('refresh', refresh);
}

/**
 * Renews the access token with the refresh token, once at a time in all tabs; a failure signs the
 * user out. A tab that waited for another tab's renewal takes the pair that tab stored instead of
 * spending the old token again (which the server would take for a stolen one once its short grace
 * window is over).
 */
export function renewAccess(): Promise<boolean> {
  const held = $session.get().refresh;
  renewing ??= oneTabAtATime(async () => {
    const stored = storage()?.getItem(KEYS.refresh) ?? null;
    const storedAccess = storage()?.getItem(KEYS.access) ?? null;
    if (stored && storedAccess && stored !== held) {
      keepTokens(storedAccess, stored);
      return true;
    }
    const refresh = held;
    try {
      if (!refresh) throw new Error('no refresh token');
      // X-Retried keeps the client's own renewal hook off this call: a 401 here means signed out.
      const result = await api
        .post('auth/refresh/', { json: { refresh }, headers: { 'X-Retried': '1' } })
        .json<{ access: string; refresh: string; user?: ApiUser }>();
      keepTokens(result.access, result.refresh);
      return true;
    } catch {
      logout();
      return false;
    }
  }).finally(() => {
    renewing = null;
  });
  return renewing;
}

// another tab's renewal: this tab uses the new pair at once rather than renewing again
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key !== KEYS.access && event.key !== KEYS.refresh) return;
    if (!event.newValue || !$session.get().user) return;
    $session.setKey(event.key, event.newValue);
  });

export const storedId = (key: typeof KEYS.consultancyId | typeof KEYS.collegeId | typeof KEYS.universityId) =>
  storage()?.getItem(key) ?? null;

useTokens({ access: () => $session.get().access, renew: renewAccess });
