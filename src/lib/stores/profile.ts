import { atom } from 'nanostores';
import type { Profile } from '../shared/qualify.ts';

/**
 * The student's profile for "Do I qualify?" (issue 27): scores, grades, study gap and funds, entered
 * once and kept on the device (localStorage, the same in every tab) like the shortlist, so it is
 * there offline and without an account.
 */
export const $profile = atom<Profile>({});

const KEY = 'qualify_profile';
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

function read(): Profile {
  try {
    const p = JSON.parse(storage()?.getItem(KEY) ?? '{}') as unknown;
    return p && typeof p === 'object' && !Array.isArray(p) ? (p as Profile) : {};
  } catch {
    return {};
  }
}

let loaded = false;
/** Reads the device's profile once per page, and follows changes made in other tabs. */
export function loadProfile() {
  if (loaded) return;
  loaded = true;
  $profile.set(read());
  if (typeof window !== 'undefined') window.addEventListener('storage', (e) => e.key === KEY && $profile.set(read()));
}

/** Keeps the profile on the device; parts left empty are dropped. */
export function keepProfile(profile: Profile) {
  const clean = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== null && v !== undefined)) as Profile;
  storage()?.setItem(KEY, JSON.stringify(clean));
  $profile.set(clean);
}
