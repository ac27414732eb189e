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
}

/** The API's user shape (snake_case), as /auth/login/ and /auth/me/ return it. */
export interface ApiUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  role: StoredUser['role'];
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

/** Renews the access token with the refresh token, once at a time; a failure signs the user out. */
export function renewAccess(): Promise<boolean> {
  renewing ??= (async () => {
    const refresh = $session.get().refresh;
    try {
      if (!refresh) throw new Error('no refresh token');
      // X-Retried keeps the client's own renewal hook off this call: a 401 here means signed out.
      const result = await api
        .post('auth/refresh/', { json: { refresh }, headers: { 'X-Retried': '1' } })
        .json<{ access: string; refresh: string; user?: ApiUser }>();
      const s = storage();
      s?.setItem(KEYS.access, result.access);
      s?.setItem(KEYS.refresh, result.refresh);
      $session.setKey('access', result.access);
      $session.setKey('refresh', result.refresh);
      return true;
    } catch {
      logout();
      return false;
    }
  })().finally(() => {
    renewing = null;
  });
  return renewing;
}

export const storedId = (key: typeof KEYS.consultancyId | typeof KEYS.collegeId | typeof KEYS.universityId) =>
  storage()?.getItem(key) ?? null;

useTokens({ access: () => $session.get().access, renew: renewAccess });
